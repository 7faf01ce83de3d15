#include "jiaozhu/fold.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <iterator>
#include <vector>

#include "fold_table.inc"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

constexpr char32_t kLimit = 0x32000;  // above every Han block

// A dense table (800 KB, built once) makes folding one load per character:
// indexing folds every character of a corpus. Building it takes ~2 ms,
// most of a short search, which folds a handful of characters: those are
// looked up in the generated pairs (sorted by `from`) instead.
constexpr unsigned kLookupsBeforeTable = 20000;

const std::vector<char32_t>& table() {
  static const std::vector<char32_t> t = [] {
    std::vector<char32_t> v(kLimit);
    for (char32_t c = 0; c < kLimit; ++c) v[c] = c;
    for (const FoldPair& p : kFoldPairs) v[p.from] = p.to;
    return v;
  }();
  return t;
}

char32_t searched(char32_t c) {
  const auto it = std::lower_bound(std::begin(kFoldPairs), std::end(kFoldPairs), c,
                                   [](const FoldPair& p, char32_t v) { return p.from < v; });
  return it != std::end(kFoldPairs) && it->from == c ? it->to : c;
}

static_assert(std::is_sorted(std::begin(kFoldPairs), std::end(kFoldPairs),
                             [](const FoldPair& a, const FoldPair& b) { return a.from < b.from; }),
              "gen_fold_table writes the pairs sorted by `from`");

}  // namespace

bool is_han(char32_t c) {
  return (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134F);
}

char32_t fold_han(char32_t c) {
  if (c >= kLimit) return c;
  thread_local unsigned lookups = 0;
  if (lookups < kLookupsBeforeTable) {
    ++lookups;
    return searched(c);
  }
  return table()[c];
}

bool is_letter_or_digit(char32_t c) {
  const auto u = static_cast<UChar32>(c);
  return !is_han(c) && (u_hasBinaryProperty(u, UCHAR_ALPHABETIC) || u_charType(u) == U_DECIMAL_DIGIT_NUMBER);
}

char32_t fold_letter(char32_t c) {
  if (c >= 0xFF01 && c <= 0xFF5E) c -= 0xFEE0;  // full-width ASCII
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  static const icu::Normalizer2* nfd = [] {
    UErrorCode status = U_ZERO_ERROR;
    return icu::Normalizer2::getNFDInstance(status);
  }();
  auto base = static_cast<UChar32>(c);
  icu::UnicodeString decomposed;
  if (nfd && nfd->getDecomposition(base, decomposed)) base = decomposed.char32At(0);
  return static_cast<char32_t>(u_tolower(base));
}

std::u32string fold_code_points(std::u32string_view text) {
  std::u32string out(text);
  for (char32_t& c : out) {
    if (is_han(c)) c = fold_han(c);
    else if (is_letter_or_digit(c)) c = fold_letter(c);
  }
  return out;
}

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
