#include "jiaozhu/tokenizer.h"

#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <string>

#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// A letter's folded form; -1 for a combining mark, which adds nothing.
UChar32 word_character(UChar32 c) {
  if (u_charType(c) == U_NON_SPACING_MARK) return -1;
  return static_cast<UChar32>(fold_letter(static_cast<char32_t>(c)));
}

bool is_word_character(UChar32 c) {
  return c >= 0 && (is_letter_or_digit(static_cast<char32_t>(c)) || u_charType(c) == U_NON_SPACING_MARK);
}

}  // namespace

void tokenize_erased(std::string_view text, const Folding& folding, TokenCallback callback, void* context) {
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
      append_utf8(han, folding.han(static_cast<char32_t>(c)));
      if (!callback(context, Token{han, static_cast<std::size_t>(start), static_cast<std::size_t>(i)})) return;
      continue;
    }
    if (c >= 0 && is_placeholder(static_cast<char32_t>(c))) {  // □ is found by `search □`
      if (!callback(context, Token{text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)),
                                   static_cast<std::size_t>(start), static_cast<std::size_t>(i)})) {
        return;
      }
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
