// One open jiaozhu database file.
//
// Opening is defensive, because a .db may come from a collaborator: the file
// header is checked before SQLite parses it, SQLite runs with
// SQLITE_DBCONFIG_DEFENSIVE and trusted_schema=OFF, and the file must carry
// jiaozhu's application_id, a schema version this build knows and exactly
// the schema of that version (no trigger or view of anyone else's). An
// older schema is upgraded in place, under the write lock, after a backup
// copy NAME.bak-vN is written whole.
//
// Every connection has foreign_keys=ON and a busy timeout, so a second
// process waits for a writer instead of failing. The rollback journal (not
// WAL) is used so that the file is complete and self-contained after every
// commit: users copy, mail and sync it.
#pragma once

#include <filesystem>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "jiaozhu/fold.h"

namespace SQLite {
class Database;
class Statement;
}

namespace jiaozhu {

enum class OpenMode {
  kCreate,    // create and initialize the file if it does not exist (jiaozhu init)
  kExisting,  // the file must exist and be a jiaozhu database; upgraded if older
  kInspect,   // as kExisting, but a file whose schema is not jiaozhu's is opened
              // all the same, read-only, for `check` to report (schema_drift())
  kRead,      // as kExisting, but read-only whatever the permissions: never
              // upgraded (an older file is refused) nor re-indexed (`dump`)
};

// A statement from Database::cached(). Going out of scope resets it and
// clears its bindings, so it holds no read open and leaks no value into its
// next use, and frees it for the next handle.
class CachedStatement {
 public:
  CachedStatement(SQLite::Statement& s, bool& in_use) : s_(&s), in_use_(&in_use) { in_use = true; }
  CachedStatement(CachedStatement&& other) noexcept : s_(other.s_), in_use_(other.in_use_) { other.s_ = nullptr; }
  CachedStatement& operator=(CachedStatement&&) = delete;
  ~CachedStatement();

  SQLite::Statement* operator->() const { return s_; }
  SQLite::Statement& operator*() const { return *s_; }

 private:
  SQLite::Statement* s_;
  bool* in_use_;
};

class Database;

// Names in their search form, each with the number of the person it names.
using PersonNames = std::unordered_map<std::string, int64_t>;

// What opening needs from the layers above the database, which it cannot
// include (docs/architecture.md): the code half of an upgrade and the
// derived search indexes. open_database() (workflow.h) passes the real ones;
// every caller outside core/ should open through it.
struct OpenSteps {
  // Completes, in the upgrade's write transaction, what the migrations from
  // `from_version` add but SQL cannot compute.
  std::function<void(Database&, int from_version)> complete_upgrade;
  // True when the search indexes were built with this build's folding
  // table; called inside open's read transaction.
  std::function<bool(Database&)> indexes_current;
  // Rebuilds the search indexes, in the write transaction open starts.
  std::function<void(Database&)> rebuild_indexes;
  // The database's folding (its rules over the built-in table), read once
  // the schema is current and before the indexes are checked.
  std::function<Folding(Database&)> load_folding;
  // The names of the persons the file knows, in their search form (fold.h),
  // each with its person's number: a character's name and its aliases but
  // errors and ambiguous ones (people.h). Read when collation first asks.
  std::function<PersonNames(Database&)> load_person_names;
};

// Not thread-safe: one thread uses a Database at a time.
class Database {
 public:
  // Opens `path`. Throws DatabaseError, naming the file, when it is missing
  // (and mode is not kCreate), not a SQLite file, truncated, a database of
  // another application, made by a newer jiaozhu, unreadable, or (but with
  // kInspect) when its schema is not exactly what jiaozhu's migrations make
  // for its version: an extra trigger, view, table or index, or a changed
  // one, naming that object. Triggers and views never run on a connection
  // it opens. A file whose permissions deny writing is opened read-only
  // whatever the mode, and a write to it then fails with DatabaseError.
  // An older file is upgraded in one transaction with steps.complete_upgrade;
  // stale search indexes are rebuilt with steps.rebuild_indexes (not on a
  // read-only file). Empty steps are skipped.
  static Database open(const std::filesystem::path& path, OpenMode mode, const OpenSteps& steps);

  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;
  ~Database();

  const std::filesystem::path& path() const { return path_; }
  bool read_only() const { return read_only_; }
  // PRAGMA user_version, the number of migrations applied.
  int schema_version() const;
  // True when open() created the file or found it empty and initialized it.
  bool created() const { return created_; }
  // With kInspect: how the file's schema departs from jiaozhu's, if it does
  // (the file is then open read-only and was neither upgraded nor indexed).
  const std::optional<std::string>& schema_drift() const { return drift_; }

  // What search and collation fold characters with: the built-in table and
  // this file's rules (OpenSteps::load_folding). The search index is read
  // and written with it; whoever changes it re-indexes what changed, in the
  // same transaction. A write() that rolls back puts back the folding it
  // began with.
  const Folding& folding() const { return *folding_; }
  void set_folding(Folding folding);

  // The names of persons (OpenSteps::load_person_names), so that collation
  // counts an author named two ways (太宗皇帝, 李世民) as one. Read on first
  // use and again after each write(), which may have changed them; empty
  // without the step. Call from the thread that uses the Database.
  std::shared_ptr<const PersonNames> person_names() const;

  // The underlying connection, for repositories in core/ only.
  SQLite::Database& sql() { return *db_; }
  const SQLite::Database& sql() const { return *db_; }

  // Runs `body` in one BEGIN IMMEDIATE transaction: commits if it returns,
  // rolls back and rethrows if it throws. SQLite errors inside are turned
  // into DatabaseError naming the file (a read-only or full disk, a lock held
  // past the busy timeout).
  void write(const std::function<void()>& body);

  // Empties the FTS5 table `fts_table` whatever state its shadow tables are
  // in, leaving a sound index with no rows for the caller to fill again. A
  // damaged structure record makes every statement naming the table fail,
  // DROP and FTS5's own 'rebuild' included; this writes the shadow tables
  // directly (the defensive flag is lifted for that and put back) and takes
  // the empty structure from a fresh FTS5 table of this SQLite. Throws
  // std::logic_error when `fts_table` is not an FTS5 table of the schema. The
  // caller holds the write transaction.
  void empty_fts5_index(const std::string& fts_table);

  // Refreshes the planner's statistics (ANALYZE, sampling at most 1,000
  // rows per index: ~0.1 s on 100,000 passages). Called at the end of the
  // bulk writes (import, align, merge): without statistics SQLite chose
  // plans that read every passage once per passage.
  void refresh_statistics();
  // The same for the tables of one layer's bulk write only (align: link,
  // link_passage, variant): ANALYZE of every table, the search index's
  // among them, took 0.2 s of a 1.5 s alignment. `tables` are the caller's
  // constants, never user input.
  void refresh_statistics(std::initializer_list<const char*> tables);

  // Runs `body` inside one read transaction (BEGIN DEFERRED ... COMMIT):
  // a listing that runs thousands of statements then sees one snapshot and
  // takes the file lock once, not once per statement. Inside a transaction
  // already, it just runs `body`.
  void read(const std::function<void()>& body);

  // The statement for `sql`, prepared on first use and kept for the life of
  // the connection, for statements run once per row of a large batch (the
  // parser costs more than the step). `sql` must be a string literal: the
  // cache is keyed by its address. One handle per literal at a time: asking
  // for a second while the first lives (a nested loop over one statement)
  // throws std::logic_error, since it would reset the first's statement.
  CachedStatement cached(const char* sql);

 private:
  Database() = default;
  std::pair<int, std::optional<std::string>> read_version_and_drift();
  // Upgrades an older file under the write lock; true when it was blank.
  bool upgrade(bool blank, int seen_version, const OpenSteps& steps);

  std::filesystem::path path_;
  // Before db_: the connection's tokenizer points at it until it closes.
  std::unique_ptr<Folding> folding_ = std::make_unique<Folding>();
  std::function<PersonNames(Database&)> load_person_names_;
  mutable std::shared_ptr<const PersonNames> person_names_;
  std::unique_ptr<SQLite::Database> db_;
  // After db_, so destroyed (finalized) before the connection closes.
  struct Prepared {
    std::unique_ptr<SQLite::Statement> statement;
    bool in_use = false;
  };
  std::unordered_map<const char*, Prepared> statements_;
  bool read_only_ = false;
  bool created_ = false;
  std::optional<std::string> drift_;
};

// The schema version this build creates and understands.
int current_schema_version();

// True for an error raised by the storage engine itself (an I/O error, a
// corrupt page met while reading), which callers report as a database error.
bool is_storage_error(const std::exception& e);

}  // namespace jiaozhu
