#include "merge/foreign_database.h"

#include <sqlite3.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "db/file_header.h"
#include "db/interrupt_hook.h"
#include "db/schema_verifier.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/interrupt.h"

namespace jiaozhu::detail {
namespace {

constexpr int kApplicationId = 0x4A5A4442;  // 'JZDB', as in db/database.cpp
constexpr int kBusyTimeoutMs = 10000;

// `path` as a file: URI that opens it immutable: SQLite then takes no lock,
// reads no journal or WAL beside it (they are not this copy's to play) and,
// for a file in WAL mode, writes no -wal or -shm next to it (a merge driver
// left them in the work tree).
std::string immutable_uri(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "file:";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
    else out += '%', out += kHex[c >> 4], out += kHex[c & 15];
  }
  return out + "?immutable=1";
}

std::unique_ptr<SQLite::Database> open_hardened(const std::string& name) {
  auto db = std::make_unique<SQLite::Database>(immutable_uri(std::filesystem::absolute(name).string()),
                                               SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX | SQLite::OPEN_URI, kBusyTimeoutMs);
  sqlite3* h = db->getHandle();
  sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  stop_on_interrupt(h);
  db->exec("PRAGMA query_only = ON");
  db->exec("PRAGMA trusted_schema = OFF");
  return db;
}

std::string quoted(const std::string& identifier) {
  std::string out = "\"";
  for (char c : identifier) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// One pragma an untrusted file must pass. integrity_check answers "ok" or
// what is wrong; foreign_key_check answers nothing or the dangling rows.
struct Check {
  std::string pragma;
  bool foreign_keys = false;
};

// integrity_check and foreign_key_check of each table, and integrity_check
// of sqlite_schema. The names come from `reference`, whose schema the
// file's equals. Split by table so that several connections can share them.
std::vector<Check> integrity_checks(SQLite::Database& reference) {
  std::vector<Check> out{{"PRAGMA integrity_check(sqlite_schema)"}};
  SQLite::Statement q(reference,
                      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                      "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'");
  while (q.executeStep()) {
    const std::string table = quoted(q.getColumn(0).getString());
    out.push_back({"PRAGMA integrity_check(" + table + ")"});
    out.push_back({"PRAGMA foreign_key_check(" + table + ")", true});
  }
  return out;
}

// The end of the refusal message for a check that fails, or nothing.
std::optional<std::string> fault_of(SQLite::Database& db, const Check& check) {
  SQLite::Statement q(db, check.pragma);
  if (!q.executeStep()) return std::nullopt;  // foreign_key_check: no dangling row
  if (check.foreign_keys) {
    return ": a row of table " + q.getColumn(0).getString() + " refers to nothing";
  }
  const std::string result = q.getColumn(0).getString();
  if (result == "ok") return std::nullopt;
  return " is damaged (" + result + ")";
}

// Runs the checks on two connections at once, each taking the next check
// from a shared queue: the check of a large file is most of a merge's wait,
// and its largest tables take about as long as each other.
// Throws DatabaseError for the first fault found, Interrupted on Ctrl-C.
//
// Checking table by table skips what only the whole-file check does: the
// free-page list and pages that no table uses. A merge reads neither.
void verify_integrity(const std::string& name, const std::vector<Check>& checks) {
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::optional<std::string> fault;
  auto worker = [&] {
    try {
      auto db = open_hardened(name);
      db->exec("BEGIN");
      for (std::size_t i = next++; i < checks.size(); i = next++) {
        if (auto f = fault_of(*db, checks[i])) {
          const std::lock_guard lock(mutex);
          if (!fault) fault = *f;
          next = checks.size();
        }
      }
    } catch (const std::exception& e) {  // a thread must not let one escape
      const std::lock_guard lock(mutex);
      if (!fault) fault = std::string(" cannot be checked (") + e.what() + ")";
      next = checks.size();
    }
  };
  std::thread helper;
  if (std::thread::hardware_concurrency() > 1) helper = std::thread(worker);
  worker();
  if (helper.joinable()) helper.join();
  check_interrupt();
  if (fault) throw DatabaseError(name + *fault + "; refusing to read it");
}

}  // namespace

ForeignDatabase::ForeignDatabase(const std::filesystem::path& path, SQLite::Database& reference) : path_(path) {
  const std::string name = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw DatabaseError("no database file at " + name);
  if (std::filesystem::file_size(path, ec) == 0) throw DatabaseError(name + " is empty, not a jiaozhu database");
  check_sqlite_header(path);
  try {
    db_ = open_hardened(name);
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
    if (auto drift = schema_drift(*db_, version)) throw DatabaseError(name + " " + *drift + "; refusing it");
    verify_integrity(name, integrity_checks(reference));
  } catch (const SQLite::Exception& e) {
    throw DatabaseError(name + " cannot be read as a jiaozhu database (" + e.what() + ")");
  }
}

ForeignDatabase::~ForeignDatabase() = default;

}  // namespace jiaozhu::detail
