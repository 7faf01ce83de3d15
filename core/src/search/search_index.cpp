#include "search/search_index.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"

namespace jiaozhu::detail {
namespace {

constexpr const char* kFoldKey = "fold_table";

std::string stored_fold_version(Database& db) {
  SQLite::Statement q(db.sql(), "SELECT value FROM setting WHERE key = ?");
  q.bind(1, kFoldKey);
  return q.executeStep() ? q.getColumn(0).getString() : std::string();
}

}  // namespace

bool SearchIndex::current() const { return stored_fold_version(db_) == fold_table_version(); }

void SearchIndex::rebuild() {
  db_.sql().exec("INSERT INTO passage_fts(passage_fts) VALUES ('rebuild')");
  SQLite::Statement q(db_.sql(), "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)");
  q.bind(1, kFoldKey);
  q.bind(2, std::string(fold_table_version()));
  q.exec();
}

std::vector<std::string> SearchIndex::faults() const {
  std::vector<std::string> out;
  if (!current()) {
    out.push_back("the search index was built with folding table '" + stored_fold_version(db_) + "', this build has '" +
                  std::string(fold_table_version()) + "' (run `jiaozhu reindex`)");
  }
  if (db_.read_only()) return out;  // integrity-check is a write statement to SQLite
  try {
    // rank = 1 also compares the index with the passages it was built from.
    db_.sql().exec("INSERT INTO passage_fts(passage_fts, rank) VALUES ('integrity-check', 1)");
  } catch (const SQLite::Exception& e) {
    out.push_back(std::string("the search index does not match the passages (") + e.what() +
                  "); run `jiaozhu reindex`");
  }
  return out;
}

}  // namespace jiaozhu::detail
