#include "search/search_index.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "db/settings.h"
#include "jiaozhu/database.h"
#include "repo/passage_index.h"
#include "jiaozhu/fold.h"

namespace jiaozhu::detail {
namespace {

constexpr const char* kFoldKey = "fold_table";

std::string stored_fold_version(Database& db) { return read_setting(db, kFoldKey).value_or(""); }

}  // namespace

bool SearchIndex::current() const { return stored_fold_version(db_) == fold_table_version(); }

void SearchIndex::rebuild() {
  PassageIndex(db_).rebuild();
  write_setting(db_, kFoldKey, std::string(fold_table_version()));
}

std::vector<std::string> SearchIndex::faults() const {
  std::vector<std::string> out;
  if (!current()) {
    out.push_back("the search index was built with folding table '" + stored_fold_version(db_) + "', this build has '" +
                  std::string(fold_table_version()) + "' (run `jiaozhu reindex`)");
  }
  if (const auto fault = PassageIndex(db_).fault()) {
    out.push_back("the search index does not match the passages (" + *fault + "); run `jiaozhu reindex`");
  }
  return out;
}

}  // namespace jiaozhu::detail
