// CSV as spreadsheets read it (RFC 4180): the writers of notes, variants and
// the apparatus share it. And the one reader of tab-separated lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jiaozhu {

// One field of a row: quoted when it holds a comma, a quote or a line
// break, with its quotes doubled.
std::string csv_field(std::string_view s);

// What a CSV file for a spreadsheet starts with: the UTF-8 byte-order mark,
// without which spreadsheet programs read the Chinese as Latin-1.
inline constexpr const char* kUtf8ByteOrderMark = "\xEF\xBB\xBF";

// The fields of one tab-separated line, as they stand (no quoting): n tabs
// make n + 1 fields, a trailing tab an empty last one.
std::vector<std::string> split_tsv(std::string_view line);

}  // namespace jiaozhu
