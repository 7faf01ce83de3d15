#include "db/migrate.h"

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/Database.h>

#include "db/migration_list.h"
#include "jiaozhu/error.h"
#include "jiaozhu/atomic_file.h"

namespace jiaozhu::detail {
namespace {

// Never overwrites an earlier backup: it may be the only copy of old data.
std::filesystem::path free_backup_name(const std::filesystem::path& path, int version) {
  const std::string base = path.string() + ".bak-v" + std::to_string(version);
  std::filesystem::path candidate = base;
  for (int n = 2; std::filesystem::exists(candidate); ++n) {
    candidate = base + "." + std::to_string(n);
  }
  return candidate;
}

// Read through a second SQLite connection, never by opening the file
// directly: closing any descriptor of a file drops every POSIX lock this
// process holds on it, the caller's write lock included, which would let a
// second process upgrade the file at the same time. SQLite's own
// connections share their locks and descriptors safely. The caller's lock
// keeps writers out, and a reader may share it, so the copy is of the
// committed file.
void write_backup(const std::filesystem::path& path, int version) {
  AtomicFile backup(free_backup_name(path, version));
  {
    SQLite::Database source(path.string(), SQLite::OPEN_READONLY);
    SQLite::Database copy(backup.temporary().string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    SQLite::Backup pages(copy, source);
    pages.executeStep();  // all pages in one step
  }
  backup.commit(false);
}

}  // namespace

void migrate(SQLite::Database& db, const std::filesystem::path& path, int from_version) {
  if (from_version >= 1) write_backup(path, from_version);
  for (const Migration& m : kMigrations) {
    if (m.version <= from_version) continue;
    db.exec(std::string(m.sql));
    // user_version cannot take a bound parameter; the value is our own integer.
    db.exec("PRAGMA user_version = " + std::to_string(m.version));
  }
}

}  // namespace jiaozhu::detail
