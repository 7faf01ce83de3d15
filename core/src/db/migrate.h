// Brings a database's schema up to current_schema_version().
#pragma once

#include <filesystem>

namespace SQLite {
class Database;
}

namespace jiaozhu::detail {

// Applies every migration above `from_version`, each setting user_version.
// The caller holds the write transaction (BEGIN IMMEDIATE) in which it read
// `from_version`, so the steps commit together or not at all, and a second
// process opening the same older file waits and then finds it current.
// When the file already held a schema (from_version >= 1), a copy of it is
// first written whole to `<path>.bak-v<version>` (never over an earlier
// backup), while the lock keeps every other writer out.
void migrate(SQLite::Database& db, const std::filesystem::path& path, int from_version);

}  // namespace jiaozhu::detail
