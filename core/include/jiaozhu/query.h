// The search query language, translated to FTS5's.
//
//   张若            a run of Han characters is a phrase: 张 then 若
//   洪承畴 曹变蛟    terms separated by spaces must all occur
//   a OR b, a AND b, a NOT b, ( ... )     as in FTS5
//   "..."           a phrase; may hold spaces and punctuation
//   xing*           a Latin prefix
// Script, variant forms, case and tone marks are folded by the tokenizer,
// so 張若麟 and 张若麟, XÌNG and xing are the same query.
#pragma once

#include <string>
#include <string_view>

namespace jiaozhu {

// The longest query accepted, in code points.
inline constexpr std::size_t kMaxQueryCodePoints = 1000;
// FTS5's parser has a fixed stack (about 100 entries) and a level of
// parentheses can take 8 of them (OR, AND and NOT open inside it): deeper
// nesting is refused here rather than by FTS5.
inline constexpr int kMaxQueryNesting = 8;

// Returns an FTS5 expression equivalent to `query` in which every term is a
// quoted string, so that no user input reaches FTS5's syntax. Terms with no
// searchable characters (punctuation only) are dropped. Throws UsageError
// with a one-line explanation for a malformed query: an unbalanced quote or
// parenthesis, an operator without operands, a prefix * after a non-Latin
// term, nothing searchable, a control character, or a query over
// kMaxQueryCodePoints.
std::string to_fts5_query(std::string_view query);

// `fts5_query` (from to_fts5_query or built by core) limited to the
// passages' text, leaving out their titles and authors: for what anchors on
// text offsets (quotes, mentions) or counts a character's uses in text.
std::string in_passage_text(const std::string& fts5_query);

}  // namespace jiaozhu
