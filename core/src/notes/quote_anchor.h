// Finding a note's span again by its quote (W3C TextQuoteSelector): the exact
// text and some context on each side. Everything is in code points.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace jiaozhu::detail {

inline constexpr std::size_t kQuoteContext = 32;  // code points of prefix and suffix kept

struct QuoteSelector {
  std::u32string exact, prefix, suffix;
};

// The selector of [start, end) in `text`: its exact text and up to
// kQuoteContext code points on each side.
QuoteSelector make_selector(const std::u32string& text, std::size_t start, std::size_t end);

// Where `exact` occurs in `text`, in order (overlapping occurrences included).
std::vector<std::size_t> occurrences(const std::u32string& text, const std::u32string& exact);

// Whitespace a quote may be copied with or without: spaces, tabs, line
// breaks, the ideographic space U+3000 (a view that shows a poem's lines
// on one line, or apart).
bool is_layout_space(char32_t c);

// Where `exact` occurs in `text` when whitespace (is_layout_space) is ignored on both sides, as [start, end) of `text`, in
// order: a quote copied from a view that shows a poem's lines on one line
// crosses the line breaks of the stored text. The span starts and ends on
// characters that are not whitespace.
std::vector<std::pair<std::size_t, std::size_t>> occurrences_ignoring_whitespace(const std::u32string& text,
                                                                                 const std::u32string& exact);

struct Placement {
  std::size_t start = 0, end = 0;
  bool exact = true;  // false: found by approximate match
};

// Finds the selector's span in `text`, which may have been edited since the
// selector was made. An exact occurrence is taken when it is the only one
// and its context still resembles the selector's, or when its context is the
// best of several; failing that, an approximate occurrence (at most a third
// of the quote edited) whose context resembles the selector's. `hint` (the
// old start) breaks ties. Nothing when no place is convincing: the caller
// marks the note orphaned rather than attach it to the wrong words.
// `strict` demands context agreement even for a unique exact occurrence, for
// searching text other than the note's own passage.
std::optional<Placement> locate(const std::u32string& text, const QuoteSelector& q, std::size_t hint, bool strict);

// Up to `n` readings of `text` closest to `quote` (by edit distance), for an
// error that says what the passage does have.
std::vector<std::u32string> closest_readings(const std::u32string& text, const std::u32string& quote, std::size_t n);

}  // namespace jiaozhu::detail
