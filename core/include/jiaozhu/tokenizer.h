// The search tokenizer: what FTS5 indexes and what a query is matched on.
//
//   * each Han character (see is_han) is one token, folded (Folding::han:
//     the built-in table and the database's rules);
//   * a run of letters and digits of any other script is one token,
//     lowercased, stripped of diacritics (shè → she), full-width forms
//     folded to ASCII (ＡＢ１ → ab1);
//   * a placeholder (is_placeholder: □, 〓, a private-use code point, an
//     ideographic description character) is one token, as written;
//   * punctuation, other symbols and white space are no tokens: a phrase
//     matches across them (甲，乙 matches the query 甲乙).
// Tokens report the byte offsets of the original text, so that highlights
// fall on the stored characters.
#pragma once

#include <cstddef>
#include <string_view>

#include "jiaozhu/fold.h"

namespace jiaozhu {

// Names what the rules above make of a text; the search index records it
// beside the folding's version, so that an index made by other rules is
// rebuilt.
inline constexpr char kTokenizerRevision[] = "tokens-2";

struct Token {
  std::string_view text;  // the folded form; valid only during the callback
  std::size_t begin = 0;  // byte offsets into the tokenized text
  std::size_t end = 0;
};

// Calls `sink(token)` for each token of valid UTF-8 `text`, in order; stops
// early when it returns false. Invalid bytes are skipped as separators.
template <typename Sink>
void tokenize(std::string_view text, Sink&& sink, const Folding& folding = Folding::builtin());

namespace detail {
// Type-erased form, so that the template stays in the header thin.
using TokenCallback = bool (*)(void* context, const Token& token);
void tokenize_erased(std::string_view text, const Folding& folding, TokenCallback callback, void* context);
}  // namespace detail

template <typename Sink>
void tokenize(std::string_view text, Sink&& sink, const Folding& folding) {
  detail::tokenize_erased(
      text, folding, [](void* context, const Token& token) { return static_cast<bool>((*static_cast<Sink*>(context))(token)); },
      &sink);
}

}  // namespace jiaozhu
