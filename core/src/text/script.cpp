#include "jiaozhu/script.h"

#include <unicode/utf8.h>

#include <algorithm>
#include <iterator>

#include "jiaozhu/error.h"
#include "unihan_tables.inc"

namespace jiaozhu {
namespace {

template <std::size_t N>
bool contains(const char32_t (&table)[N], char32_t cp) {
  return std::binary_search(std::begin(table), std::end(table), cp);
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
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0x3400) continue;  // below every Han block: the common fast path
    if (contains(kTraditionalOnly, static_cast<char32_t>(c))) ++traditional_;
    else if (contains(kSimplifiedOnly, static_cast<char32_t>(c))) ++simplified_;
  }
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
