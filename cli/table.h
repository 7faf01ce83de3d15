// Tables that fit: listings of 50,000 rows whose cells may hold a whole
// poem, printed so that a scholar can read them on a terminal and a script
// can still take every cell whole from a pipe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace jiaozhu::cli {

// How tables are fitted, set once by main: the width of stdout's terminal
// (0 when it is none) and --wide (no cell cut).
void set_table_fit(std::size_t terminal_columns, bool wide);
// Columns of stdout's terminal, 0 when stdout is not one.
std::size_t terminal_columns();

// Prints rows as columns. A cell's line breaks are shown as ⏎ and every
// cell is made printable(). Columns are padded to their widest cell, but a
// cell wider than 40 columns does not widen its column (it runs on). On a
// terminal, unless --wide, no line is wider than the terminal: the widest
// columns are narrowed and their long cells end in "…". Columns listed in
// `right_aligned` (by index) are aligned right, for numbers.
void print_table(const std::vector<std::vector<std::string>>& rows, const std::vector<std::size_t>& right_aligned);

// Prints a listing's closing summary, its parts separated by spaces. On a
// terminal (unless --wide) a part that would pass the terminal's width
// starts a new line, indented, and a part wider than the terminal is cut;
// into a pipe it is one line.
void print_summary(const std::vector<std::string>& parts);

// `text` cut to at most `columns` display columns, ending in "…" when cut.
std::string fit_width(std::string_view text, std::size_t columns);

// Addresses with runs of consecutive passages of one edition as ranges:
// "A:1 A:2 A:3 A:7" -> "A:1–3 (3) A:7".
std::string address_runs(const std::vector<std::string>& addresses);

// "1 variant", "12,345 variants"; `plural` defaults to noun + "s".
std::string count_of(int64_t n, const std::string& noun, const std::string& plural = "");

}  // namespace jiaozhu::cli
