#include "jiaozhu/database.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <optional>
#include <stdexcept>

#include "db/file_header.h"
#include "db/journal_owner.h"
#include "db/interrupt_hook.h"
#include "db/migrate.h"
#include "db/migration_list.h"
#include "db/schema_verifier.h"
#include "jiaozhu/error.h"
#include "fts/fts5_tokenizer.h"

namespace jiaozhu {
namespace {

// 'JZDB': marks a SQLite file as a jiaozhu database (PRAGMA application_id).
constexpr int kApplicationId = 0x4A5A4442;
constexpr int kBusyTimeoutMs = 10000;

bool writable(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return true;  // a new file
  // Root passes access(W_OK) on any file: respect the permission bits too,
  // since a scholar who chmods a copy read-only means it.
  return (st.st_mode & 0222) != 0 && ::access(path.c_str(), W_OK) == 0;
}

// A rollback journal or write-ahead log beside the file, left by a writer that
// did not finish: SQLite recovers from it when the database is next read.
bool has_journal(const std::filesystem::path& path) {
  std::error_code ec;
  for (const char* suffix : {"-journal", "-wal"}) {
    const auto size = std::filesystem::file_size(path.string() + suffix, ec);
    if (!ec && size > 0) return true;
  }
  return false;
}

// The size of the rollback journal beside the file: it grows by a page for
// each page a transaction changes first.
std::uintmax_t journal_bytes(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path.string() + "-journal", ec);
  return ec ? 0 : size;
}

// By default SQLite counts every allocation under one process-wide mutex
// (SQLITE_CONFIG_MEMSTATUS). When two threads use SQLite at once, as merge
// does to read the other file while it writes this one, waiting on that
// mutex cost a third of the merge; jiaozhu never reads the counts. The
// setting must precede SQLite's initialization, which the first open does.
void configure_sqlite_once() {
  static const int configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)configured;  // SQLITE_MISUSE if SQLite was initialized already: harmless
}

void harden(SQLite::Database& db, const Folding* folding) {
  sqlite3* h = db.getHandle();
  sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  // jiaozhu makes no trigger and no view: one in a file came from elsewhere
  // and must not run (the schema check refuses such a file as well).
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA trusted_schema = OFF");
  db.exec("PRAGMA cache_size = -65536");
  detail::stop_on_interrupt(h);
  detail::register_fts5_tokenizer(h, folding);
}

int pragma_int(SQLite::Database& db, const char* pragma) {
  return db.execAndGet(std::string("PRAGMA ") + pragma).getInt();
}

// After a write failed and its transaction was rolled back: whether the
// file stands again as it was. When the disk is full even for the undo, the
// rollback cannot finish, and the file is half written with a hot journal
// beside it holding the pages that undo the change. SQLite plays that
// journal back at the next read of the file, so one is tried here; true
// when no journal is left.
bool restored_after_failure(SQLite::Database& db, const std::filesystem::path& path) {
  if (sqlite3_get_autocommit(db.getHandle()) == 0) sqlite3_exec(db.getHandle(), "ROLLBACK", nullptr, nullptr, nullptr);
  if (!has_journal(path)) return true;
  sqlite3_exec(db.getHandle(), "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
  return !has_journal(path);
}

// A failed write whose undo could not finish: what state the file is in
// and how to get it back, so that no one mails the half-written file alone.
[[noreturn]] void throw_unfinished_undo(const std::filesystem::path& path, const std::string& why) {
  const std::string name = path.string();
  throw DatabaseError(name + ": the change failed (" + why + ") and could not yet be undone: " + name +
                      "-journal beside it holds what undoes it. Keep the two files together (do not copy or send " +
                      name + " alone), free some space and run `jiaozhu check`, which finishes the undo");
}

[[noreturn]] void rethrow(const std::filesystem::path& path, const SQLite::Exception& e) {
  const std::string name = path.string();
  switch (e.getErrorCode()) {
    case SQLITE_READONLY:
      throw DatabaseError(name + " is read-only: nothing was changed");
    case SQLITE_FULL:
      throw DatabaseError(name + ": the disk or the database is full: nothing was changed");
    case SQLITE_IOERR:
      throw DatabaseError(name + ": cannot write (" + e.what() + "; is the disk full or failing?): nothing was changed");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw DatabaseError(name + " is locked by another process; try again when it has finished");
    case SQLITE_INTERRUPT:
      throw Interrupted(name + ": interrupted: nothing was changed");
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      throw DatabaseError(name + " is corrupt (" + e.what() + "); run `jiaozhu check`");
    default:
      throw DatabaseError(name + ": " + e.what());
  }
}

}  // namespace

int current_schema_version() { return detail::kMigrations.back().version; }

Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&& other) noexcept {
  statements_.clear();  // finalized before the connection they belong to closes
  path_ = std::move(other.path_);
  db_ = std::move(other.db_);
  folding_ = std::move(other.folding_);  // after the connection that used the old one closed
  statements_ = std::move(other.statements_);
  read_only_ = other.read_only_;
  created_ = other.created_;
  drift_ = std::move(other.drift_);
  load_person_names_ = std::move(other.load_person_names_);
  person_names_ = std::move(other.person_names_);
  return *this;
}
Database::~Database() = default;

void Database::set_folding(Folding folding) { *folding_ = std::move(folding); }

std::shared_ptr<const PersonNames> Database::person_names() const {
  if (!person_names_) {
    // The loader reads; it needs the connection, which a const Database holds too.
    auto& self = const_cast<Database&>(*this);
    person_names_ = std::make_shared<const PersonNames>(load_person_names_ ? load_person_names_(self) : PersonNames{});
  }
  return person_names_;
}

CachedStatement::~CachedStatement() {
  if (s_ == nullptr) return;
  s_->tryReset();
  try {
    s_->clearBindings();
  } catch (const SQLite::Exception&) {
    // sqlite3_clear_bindings cannot fail; nothing to undo.
  }
  *in_use_ = false;
}

CachedStatement Database::cached(const char* sql) {
  Prepared& p = statements_[sql];
  if (p.in_use) throw std::logic_error(std::string("a cached statement was asked for twice at once: ") + sql);
  if (!p.statement) p.statement = std::make_unique<SQLite::Statement>(*db_, sql);
  return CachedStatement(*p.statement, p.in_use);
}

namespace {

// Lifts SQLITE_DBCONFIG_DEFENSIVE (which keeps ordinary SQL off shadow
// tables) for as long as it lives.
class ShadowTablesWritable {
 public:
  explicit ShadowTablesWritable(sqlite3* h) : h_(h) { sqlite3_db_config(h_, SQLITE_DBCONFIG_DEFENSIVE, 0, nullptr); }
  ~ShadowTablesWritable() { sqlite3_db_config(h_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr); }
  ShadowTablesWritable(const ShadowTablesWritable&) = delete;
  ShadowTablesWritable& operator=(const ShadowTablesWritable&) = delete;

 private:
  sqlite3* h_;
};

bool table_exists(SQLite::Database& db, const std::string& name) {
  SQLite::Statement q(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?");
  q.bind(1, name);
  return q.executeStep();
}

}  // namespace

void Database::empty_fts5_index(const std::string& fts_table) {
  SQLite::Statement kind(*db_, "SELECT sql LIKE 'CREATE VIRTUAL TABLE % USING fts5(%' FROM sqlite_schema "
                               "WHERE type = 'table' AND name = ?");
  kind.bind(1, fts_table);
  if (!kind.executeStep() || kind.getColumn(0).getInt() != 1) {
    throw std::logic_error("empty_fts5_index: " + fts_table + " is not an FTS5 table of the schema");
  }
  // Its name is the schema's, checked above: quoting it is all it needs.
  const auto shadow = [&](const char* suffix) { return "\"" + fts_table + suffix + "\""; };
  db_->exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.jz_empty_fts USING fts5(x)");
  const ShadowTablesWritable writable(db_->getHandle());
  db_->exec("DELETE FROM " + shadow("_data"));
  db_->exec("DELETE FROM " + shadow("_idx"));
  for (const char* optional : {"_docsize", "_content"}) {
    if (table_exists(*db_, fts_table + optional)) db_->exec("DELETE FROM " + shadow(optional));
  }
  db_->exec("INSERT INTO " + shadow("_data") + " (id, block) SELECT id, block FROM temp.jz_empty_fts_data");
}

int Database::schema_version() const { return pragma_int(*db_, "user_version"); }

Database Database::open(const std::filesystem::path& path, OpenMode mode, const OpenSteps& steps) {
  const bool exists = std::filesystem::exists(path);
  if (!exists && mode != OpenMode::kCreate) {
    throw DatabaseError("no database at " + path.string() +
                        " (create one with `jiaozhu init`, or name one with --db)");
  }
  // A hot journal means a writer was killed mid-commit: the main file may be
  // half written until SQLite rolls it back on the first read, so the header
  // is checked after that read instead.
  const bool hot_journal = exists && has_journal(path);
  if (exists && !hot_journal) detail::check_sqlite_header(path);
  if (hot_journal) detail::check_journal_owner(path);

  configure_sqlite_once();
  Database d;
  d.path_ = path;
  d.read_only_ = mode == OpenMode::kRead || (exists && !writable(path));
  d.load_person_names_ = steps.load_person_names;
  try {
    // A connection is used by one thread at a time: SQLite's own locking of
    // each call (the serialized mode) would only cost time.
    const int flags = SQLite::OPEN_NOMUTEX | (d.read_only_ ? SQLite::OPEN_READONLY
                                                           : SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    d.db_ = std::make_unique<SQLite::Database>(path.string(), flags, kBusyTimeoutMs);
    harden(*d.db_, d.folding_.get());
    // The checks below read under one lock: one moment of the file, and one
    // lock taken instead of one per statement (a third of a short command).
    std::optional<SQLite::Transaction> checks(std::in_place, *d.db_, SQLite::TransactionBehavior::DEFERRED);
    const int app_id = pragma_int(*d.db_, "application_id");
    if (hot_journal) detail::check_sqlite_header(path);
    const int objects = d.db_->execAndGet("SELECT count(*) FROM sqlite_schema").getInt();
    const bool blank = app_id == 0 && objects == 0;
    if (blank && mode != OpenMode::kCreate) {
      throw DatabaseError(path.string() + " is an empty database (run `jiaozhu init` on it)");
    }
    if (!blank && app_id != kApplicationId) {
      throw DatabaseError(path.string() +
                          " is a SQLite database of another application, not a jiaozhu database");
    }
    const auto [version, drift] = d.read_version_and_drift();
    if (version > current_schema_version()) {
      throw DatabaseError(path.string() + " was made by a newer jiaozhu: schema " +
                          std::to_string(version) + ", this build knows " +
                          std::to_string(current_schema_version()));
    }
    if (drift) {
      if (mode != OpenMode::kInspect) {
        throw DatabaseError(path.string() + " " + *drift +
                            "; refusing to open it (a file from elsewhere may carry code; see `jiaozhu check`)");
      }
      checks.reset();
      d.drift_ = drift;
      d.read_only_ = true;
      d.db_->exec("PRAGMA query_only = ON");
      return d;
    }
    if (version == current_schema_version() && steps.load_folding) d.set_folding(steps.load_folding(d));
    const bool index_current =
        version == current_schema_version() && (!steps.indexes_current || steps.indexes_current(d));
    checks.reset();  // ends the read: an upgrade or a rebuild takes the write lock
    if (version < current_schema_version()) {
      if (d.read_only_) {
        throw DatabaseError(path.string() + " has schema " + std::to_string(version) +
                            " and must be upgraded, but it is read-only");
      }
      d.created_ = d.upgrade(blank, version, steps);
      if (steps.load_folding) d.read([&] { d.set_folding(steps.load_folding(d)); });
    }
    if (!index_current && !d.read_only_ && steps.rebuild_indexes) {
      d.write([&] {  // under the write lock, asked again: another process may have rebuilt them
        if (!steps.indexes_current || !steps.indexes_current(d)) steps.rebuild_indexes(d);
      });
    }
  } catch (const SQLite::Exception& e) {
    rethrow(path, e);
  }
  return d;
}

std::pair<int, std::optional<std::string>> Database::read_version_and_drift() {
  // In open's read transaction: a version and a schema of the same moment,
  // even while another process upgrades the file.
  const int version = schema_version();
  std::optional<std::string> drift;
  if (version <= current_schema_version()) drift = detail::schema_drift(*db_, version);
  return {version, drift};
}

bool Database::upgrade(bool blank, int seen_version, const OpenSteps& steps) {
  // The write lock comes first, then the version: of several processes
  // opening one older file at once, one upgrades (and writes one backup)
  // while the others wait, then find it current.
  SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
  detail::stamp_journal(*db_, path_);
  const int version = schema_version();
  if (version >= current_schema_version()) return false;
  if (version != seen_version) {
    if (auto drift = detail::schema_drift(*db_, version)) {
      throw DatabaseError(path_.string() + " " + *drift + "; refusing to open it (see `jiaozhu check`)");
    }
  }
  if (blank && version == 0) db_->exec("PRAGMA application_id = " + std::to_string(kApplicationId));
  detail::migrate(*db_, path_, version);
  if (steps.complete_upgrade) steps.complete_upgrade(*this, version);
  tx.commit();
  return blank && version == 0;
}

void Database::write(const std::function<void()>& body) {
  if (read_only_) throw DatabaseError(path_.string() + " is read-only: nothing was changed");
  // A rolled-back change of fold rules leaves the folding the file has.
  const Folding folding_before = *folding_;
  // The write may change persons and aliases: their names are read again.
  person_names_.reset();
  struct ForgetNames {
    std::shared_ptr<const PersonNames>& names;
    ~ForgetNames() { names.reset(); }
  } forget{person_names_};
  // The transaction is rolled back: the folding put back, and the file
  // checked to stand as it was.
  const auto rolled_back = [&](const char* why) {
    *folding_ = folding_before;
    if (!restored_after_failure(*db_, path_)) throw_unfinished_undo(path_, why);
  };
  try {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    detail::stamp_journal(*db_, path_);
    const auto changes = sqlite3_total_changes64(db_->getHandle());
    const auto journaled = journal_bytes(path_);
    body();
    // A write that changed nothing but the stamp leaves the file as it
    // was, byte for byte: the transaction is rolled back (by tx's end).
    if (sqlite3_total_changes64(db_->getHandle()) != changes || journal_bytes(path_) != journaled) tx.commit();
  } catch (const SQLite::Exception& e) {
    rolled_back(e.what());
    rethrow(path_, e);
  } catch (const Interrupted&) {
    *folding_ = folding_before;
    throw Interrupted(path_.string() + ": interrupted: nothing was changed");
  } catch (const std::exception& e) {
    rolled_back(e.what());
    throw;
  } catch (...) {
    *folding_ = folding_before;
    throw;
  }
}

void Database::refresh_statistics() {
  db_->exec("PRAGMA analysis_limit = 1000");
  db_->exec("ANALYZE");
}

void Database::refresh_statistics(std::initializer_list<const char*> tables) {
  db_->exec("PRAGMA analysis_limit = 1000");
  for (const char* table : tables) db_->exec(std::string("ANALYZE ") + table);
}

void Database::read(const std::function<void()>& body) {
  if (sqlite3_get_autocommit(db_->getHandle()) == 0) return body();
  SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::DEFERRED);
  body();
  tx.commit();
}

bool is_storage_error(const std::exception& e) {
  return dynamic_cast<const SQLite::Exception*>(&e) != nullptr;
}

}  // namespace jiaozhu
