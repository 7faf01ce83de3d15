#include "db/migrate.h"

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include "db/migration_list.h"
#include "jiaozhu/error.h"

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

void write_backup(SQLite::Database& db, const std::filesystem::path& path, int version) {
  const auto target = free_backup_name(path, version);
  SQLite::Database copy(target.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  SQLite::Backup backup(copy, db);
  backup.executeStep();  // all pages in one step
}

}  // namespace

void migrate(SQLite::Database& db, const std::filesystem::path& path, int from_version) {
  if (from_version >= 1) write_backup(db, path, from_version);
  for (const Migration& m : kMigrations) {
    if (m.version <= from_version) continue;
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec(std::string(m.sql));
    // user_version cannot take a bound parameter; the value is our own integer.
    db.exec("PRAGMA user_version = " + std::to_string(m.version));
    tx.commit();
  }
}

}  // namespace jiaozhu::detail
