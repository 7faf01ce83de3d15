#include "jiaozhu/fold.h"

#include <unicode/utf8.h>

#include <vector>

#include "fold_table.inc"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

constexpr char32_t kLimit = 0x32000;  // above every Han block

// A dense table (800 KB, built once) makes folding one load per character:
// indexing folds every character of a corpus.
const std::vector<char32_t>& table() {
  static const std::vector<char32_t> t = [] {
    std::vector<char32_t> v(kLimit);
    for (char32_t c = 0; c < kLimit; ++c) v[c] = c;
    for (const FoldPair& p : kFoldPairs) v[p.from] = p.to;
    return v;
  }();
  return t;
}

}  // namespace

bool is_han(char32_t c) {
  return (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134F);
}

char32_t fold_han(char32_t c) { return c < kLimit ? table()[c] : c; }

std::string fold_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0 || !is_han(static_cast<char32_t>(c))) {
      out.append(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
      continue;
    }
    append_utf8(out, fold_han(static_cast<char32_t>(c)));
  }
  return out;
}

std::string_view fold_table_version() { return kFoldTableVersion; }

}  // namespace jiaozhu
