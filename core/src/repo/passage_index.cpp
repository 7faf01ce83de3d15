#include "repo/passage_index.h"

#include <SQLiteCpp/Database.h>

#include "db/settings.h"
#include "jiaozhu/database.h"
#include "jiaozhu/tokenizer.h"

namespace jiaozhu::detail {
namespace {

constexpr const char* kVersionKey = "fold_table";
// FTS5 writes its pending terms out as a segment each time they pass this
// many bytes (1 MiB by default) and merges segments as they pile up; with
// 16 MiB, rebuilding 100,000 passages takes a fifth less time (0.80 s, not
// 1.00 s, bench/fold_bench.sh). The setting is stored in the index.
constexpr const char* kSetHashSize = "INSERT INTO passage_fts(passage_fts, rank) VALUES ('hashsize', 16777216)";

}  // namespace

void PassageIndex::rebuild() {
  try {
    db_.sql().exec(kSetHashSize);
  } catch (const SQLite::Exception&) {
    // A damaged index refuses even its own rebuild: start it from empty.
    db_.empty_fts5_index("passage_fts");
    db_.sql().exec(kSetHashSize);
  }
  db_.sql().exec("INSERT INTO passage_fts(passage_fts) VALUES ('rebuild')");
  record_version();
}

std::string PassageIndex::version(const Database& db) {
  return db.folding().version() + "/" + kTokenizerRevision;
}

std::string PassageIndex::recorded_version() const { return read_setting(db_, kVersionKey).value_or(""); }

void PassageIndex::record_version() { write_setting(db_, kVersionKey, version(db_)); }

std::vector<IndexedRow> PassageIndex::holding(const std::string& match) {
  // Every column's text, so that a changed character in a title counts too.
  return matching_rows(db_,
                       "SELECT p.id, p.text || char(31) || coalesce(p.title, '') || char(31) || coalesce(p.author, '') "
                       "FROM passage_fts JOIN passage p ON p.id = passage_fts.rowid WHERE passage_fts MATCH ? ORDER BY p.id",
                       match);
}

void PassageIndex::unindex(const std::vector<int64_t>& rows) {
  run_for_each_row(db_, "INSERT INTO passage_fts(passage_fts, rowid, text, title, author) "
                   "SELECT 'delete', id, text, title, author FROM passage WHERE id = ?",
                   rows);
}

void PassageIndex::index(const std::vector<int64_t>& rows) {
  run_for_each_row(db_, "INSERT INTO passage_fts(rowid, text, title, author) SELECT id, text, title, author FROM passage WHERE id = ?", rows);
}

std::optional<std::string> PassageIndex::fault() {
  if (db_.read_only()) return std::nullopt;
  try {
    // rank = 1 also compares the index with the passages it was built from.
    db_.sql().exec("INSERT INTO passage_fts(passage_fts, rank) VALUES ('integrity-check', 1)");
  } catch (const SQLite::Exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace jiaozhu::detail
