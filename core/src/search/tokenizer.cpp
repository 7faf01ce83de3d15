#include "jiaozhu/tokenizer.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <string>

#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// The base letter of `c` lowercased, without its diacritics (ì → i), and
// full-width forms as ASCII (Ａ → a); -1 for a combining mark, which adds
// nothing to a word.
UChar32 word_character(UChar32 c) {
  if (c >= 0xFF01 && c <= 0xFF5E) c -= 0xFEE0;  // full-width ASCII
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  if (u_charType(c) == U_NON_SPACING_MARK) return -1;
  static const icu::Normalizer2* nfd = [] {
    UErrorCode status = U_ZERO_ERROR;
    return icu::Normalizer2::getNFDInstance(status);
  }();
  icu::UnicodeString decomposed;
  if (nfd && nfd->getDecomposition(c, decomposed)) c = decomposed.char32At(0);
  return u_tolower(c);
}

bool is_word_character(UChar32 c) {
  if (c < 0 || is_han(static_cast<char32_t>(c))) return false;
  const auto type = u_charType(c);
  return u_hasBinaryProperty(c, UCHAR_ALPHABETIC) || type == U_DECIMAL_DIGIT_NUMBER || type == U_NON_SPACING_MARK;
}

}  // namespace

void tokenize_erased(std::string_view text, TokenCallback callback, void* context) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  std::string word;
  int32_t i = 0;
  while (i < length) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c >= 0 && is_han(static_cast<char32_t>(c))) {
      std::string han;
      append_utf8(han, fold_han(static_cast<char32_t>(c)));
      if (!callback(context, Token{han, static_cast<std::size_t>(start), static_cast<std::size_t>(i)})) return;
      continue;
    }
    if (!is_word_character(c) || u_charType(c) == U_NON_SPACING_MARK) continue;
    word.clear();
    int32_t end = i;
    for (UChar32 w = c;;) {
      if (const UChar32 folded = word_character(w); folded >= 0) append_utf8(word, static_cast<char32_t>(folded));
      end = i;
      if (i >= length) break;
      int32_t next = i;
      U8_NEXT(s, next, length, w);
      if (!is_word_character(w)) break;
      i = next;
    }
    if (!callback(context, Token{word, static_cast<std::size_t>(start), static_cast<std::size_t>(end)})) return;
  }
}

}  // namespace jiaozhu::detail
