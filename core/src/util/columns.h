// Reading and binding nullable TEXT columns.
#pragma once

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include <optional>
#include <string>

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

}  // namespace jiaozhu::detail
