#include "repo/passage_index.h"

#include <SQLiteCpp/Database.h>

#include "jiaozhu/database.h"

namespace jiaozhu::detail {

void PassageIndex::rebuild() { db_.sql().exec("INSERT INTO passage_fts(passage_fts) VALUES ('rebuild')"); }

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
