// Checks a file's first bytes before SQLite is let near it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>

namespace jiaozhu::detail {

// Throws DatabaseError naming `path` when the file is not empty and is not a
// SQLite 3 database, or is shorter than its header says (a truncated copy).
// An empty file passes: SQLite treats it as a new database.
void check_sqlite_header(const std::filesystem::path& path);

// What the 100-byte header of a SQLite file at `path` says of its page size
// and PRAGMA user_version, or nothing when the file is shorter than a header
// or not SQLite's, read without SQLite (a hot journal's owner is known
// before SQLite opens the file; dump chooses how to open it).
struct SqliteHeaderFields {
  uint32_t page_size = 0;
  int user_version = 0;
};
std::optional<SqliteHeaderFields> read_header_fields(const std::filesystem::path& path);

}  // namespace jiaozhu::detail
