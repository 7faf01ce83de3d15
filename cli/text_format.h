// Text as listings print it: on one line, with marks around spans, fitted
// to the terminal's columns, numbers with thousands separators.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "terminal_guard.h"

namespace jiaozhu {
struct FieldVersion;
}

namespace jiaozhu::cli {

// `text` with its line breaks and tabs as spaces, code point for code point
// (offsets into it still hold): a passage's or a quote's text in a listing
// that gives each item one line.
std::string one_line(std::string text);

// `text` with `open` inserted before code point `start` and `close` after
// `end` - 1 of each mark (an empty mark puts both at `start`); the text is
// made printable, the marks are written as given (they may be escapes). Marks may nest; where one ends and another starts at the same
// place, the end comes first.
struct SpanMark {
  int64_t start = 0, end = 0;
  std::string open, close;
};
std::string mark_spans(const std::string& text, const std::vector<SpanMark>& marks);

// Columns of a terminal that `text` takes (East Asian wide characters take 2).
std::size_t display_width(std::string_view text);

// One version of a character's or alias's fields, as `conflicts` and
// `character show` list it: "value — note  (author, time)".
std::string version_line(const FieldVersion& v);
// 12345 -> "12,345"
std::string with_commas(int64_t n);

}  // namespace jiaozhu::cli
