// Reading and binding nullable TEXT columns.
#pragma once

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include <optional>
#include <algorithm>
#include <string>
#include <vector>

namespace jiaozhu::detail {

inline std::optional<std::string> optional_text(const SQLite::Column& c) {
  if (c.isNull()) return std::nullopt;
  return c.getString();
}

inline void bind_optional(SQLite::Statement& q, int index, const std::optional<std::string>& v) {
  if (v) q.bind(index, *v);
  else q.bind(index);
}

// For columns where an empty value is stored as NULL (notes, sources).
inline void bind_text_or_null(SQLite::Statement& q, int index, const std::string& value) {
  if (value.empty()) q.bind(index);
  else q.bind(index, value);
}

// A group_concat() of uuids (parents of a revision) as a sorted list; NULL
// or empty: none. uuids hold no comma.
inline std::vector<std::string> sorted_comma_list(const SQLite::Column& c) {
  std::vector<std::string> out;
  for (std::string rest = c.isNull() ? "" : c.getString(); !rest.empty();) {
    const auto comma = rest.find(',');
    out.push_back(rest.substr(0, comma));
    rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace jiaozhu::detail
