#include "db/migrate.h"

#include <SQLiteCpp/Database.h>

#include "db/migration_list.h"
#include "jiaozhu/error.h"
#include "util/atomic_file.h"

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

// A byte copy: the caller's write lock keeps the file still, and a rollback
// journal left by a killed writer was played back when the file was first
// read, so the bytes on disk are the committed database.
void write_backup(const std::filesystem::path& path, int version) {
  AtomicFile backup(free_backup_name(path, version));
  copy_bytes(path, backup.temporary());
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
