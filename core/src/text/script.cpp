#include "jiaozhu/script.h"

#include <unicode/utf8.h>

#include <cstdint>
#include <vector>

#include "jiaozhu/error.h"
#include "unihan_tables.inc"

namespace jiaozhu {
namespace {

enum Mark : uint8_t { kNeither = 0, kTraditional = 1, kSimplified = 2 };

// Every Han character lies below U+32000. A byte per code point (200 KB, built
// once) makes the per-character lookup one load: import scans every character.
constexpr char32_t kScriptTableSize = 0x32000;

const std::vector<uint8_t>& marks() {
  static const std::vector<uint8_t> table = [] {
    std::vector<uint8_t> t(kScriptTableSize, kNeither);
    for (char32_t c : kTraditionalOnly) if (c < kScriptTableSize) t[c] = kTraditional;
    for (char32_t c : kSimplifiedOnly) if (c < kScriptTableSize) t[c] = kSimplified;
    return t;
  }();
  return table;
}

}  // namespace

std::string_view to_string(Script script) {
  switch (script) {
    case Script::kHant: return "hant";
    case Script::kHans: return "hans";
    case Script::kMixed: return "mixed";
    case Script::kUnknown: break;
  }
  return "unknown";
}

Script parse_script(std::string_view name) {
  for (Script s : {Script::kHant, Script::kHans, Script::kMixed, Script::kUnknown}) {
    if (name == to_string(s)) return s;
  }
  throw UsageError("unknown script '" + std::string(name) + "' (use hant, hans or auto)");
}

void ScriptCounter::add(std::string_view text) {
  const auto& table = marks();
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0 || static_cast<char32_t>(c) >= kScriptTableSize) continue;
    const uint8_t mark = table[static_cast<std::size_t>(c)];
    traditional_ += mark == kTraditional;
    simplified_ += mark == kSimplified;
  }
}

void ScriptCounter::add(const ScriptCounter& other) {
  traditional_ += other.traditional_;
  simplified_ += other.simplified_;
}

Script ScriptCounter::result() const {
  const long total = traditional_ + simplified_;
  if (total == 0) return Script::kUnknown;
  if (traditional_ * 10 >= total * 9) return Script::kHant;
  if (simplified_ * 10 >= total * 9) return Script::kHans;
  return Script::kMixed;
}

Script detect_script(std::string_view text) {
  ScriptCounter counter;
  counter.add(text);
  return counter.result();
}

}  // namespace jiaozhu
