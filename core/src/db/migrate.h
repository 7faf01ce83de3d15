// Brings a database's schema up to current_schema_version().
#pragma once

#include <filesystem>

namespace SQLite {
class Database;
}

namespace jiaozhu::detail {

// Applies every migration above the file's user_version, each in its own
// transaction that also sets user_version, so a failure or a kill leaves the
// file at the last completed step. When the file already held a schema
// (version >= 1), a backup copy `<path>.bak-v<version>` is written first.
void migrate(SQLite::Database& db, const std::filesystem::path& path, int from_version);

}  // namespace jiaozhu::detail
