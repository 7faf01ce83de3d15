#include "merge/foreign_database.h"

#include <sqlite3.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>

#include "db/file_header.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"

namespace jiaozhu::detail {
namespace {

constexpr int kApplicationId = 0x4A5A4442;  // 'JZDB', as in db/database.cpp
constexpr int kBusyTimeoutMs = 10000;

// type:name -> sql of every schema object but SQLite's own (sqlite_%).
std::map<std::string, std::string> schema_of(SQLite::Database& db) {
  SQLite::Statement q(db, "SELECT type, name, coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'");
  std::map<std::string, std::string> out;
  while (q.executeStep()) out[q.getColumn(0).getString() + " " + q.getColumn(1).getString()] = q.getColumn(2).getString();
  return out;
}

void harden(SQLite::Database& db) {
  sqlite3* h = db.getHandle();
  sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  db.exec("PRAGMA query_only = ON");
  db.exec("PRAGMA trusted_schema = OFF");
}

}  // namespace

ForeignDatabase::ForeignDatabase(const std::filesystem::path& path, SQLite::Database& reference) : path_(path) {
  const std::string name = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw DatabaseError("no database file at " + name);
  if (std::filesystem::file_size(path, ec) == 0) throw DatabaseError(name + " is empty, not a jiaozhu database");
  check_sqlite_header(path);
  try {
    db_ = std::make_unique<SQLite::Database>(name, SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX, kBusyTimeoutMs);
    harden(*db_);
    if (db_->execAndGet("PRAGMA application_id").getInt() != kApplicationId) {
      throw DatabaseError(name + " is a SQLite database of another application, not a jiaozhu database");
    }
    const int version = db_->execAndGet("PRAGMA user_version").getInt();
    if (version > current_schema_version()) {
      throw DatabaseError(name + " was made by a newer jiaozhu: schema " + std::to_string(version) +
                          ", this build knows " + std::to_string(current_schema_version()));
    }
    if (version < current_schema_version()) {
      throw DatabaseError(name + " has the older schema " + std::to_string(version) +
                          "; upgrade it first with `jiaozhu --db " + name + " check`, then merge");
    }
    const std::string integrity = db_->execAndGet("PRAGMA integrity_check(1)").getString();
    if (integrity != "ok") throw DatabaseError(name + " is damaged (" + integrity + "); refusing to read it");
    SQLite::Statement dangling(*db_, "PRAGMA foreign_key_check");
    if (dangling.executeStep()) {
      throw DatabaseError(name + ": a row of table " + dangling.getColumn(0).getString() +
                          " refers to nothing; refusing it");
    }
    const auto theirs = schema_of(*db_), ours = schema_of(reference);
    for (const auto& [object, sql] : theirs) {
      const auto it = ours.find(object);
      if (it == ours.end()) throw DatabaseError(name + " holds " + object + ", which jiaozhu does not make; refusing it");
      if (it->second != sql) throw DatabaseError(name + ": " + object + " is not as jiaozhu makes it; refusing it");
    }
    for (const auto& [object, sql] : ours) {
      if (!theirs.count(object)) throw DatabaseError(name + " lacks " + object + "; refusing it");
    }
  } catch (const SQLite::Exception& e) {
    throw DatabaseError(name + " cannot be read as a jiaozhu database (" + e.what() + ")");
  }
}

ForeignDatabase::~ForeignDatabase() = default;

}  // namespace jiaozhu::detail
