// Checks a file's first bytes before SQLite is let near it.
#pragma once

#include <filesystem>

namespace jiaozhu::detail {

// Throws DatabaseError naming `path` when the file is not empty and is not a
// SQLite 3 database, or is shorter than its header says (a truncated copy).
// An empty file passes: SQLite treats it as a new database.
void check_sqlite_header(const std::filesystem::path& path);

}  // namespace jiaozhu::detail
