#include "repo/passage_rewrite.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"

namespace jiaozhu::detail {

void rewrite_passage_text(Database& db, int64_t passage_id, const std::string& text) {
  // passage_fts keeps no text of its own: its old tokens are removed by
  // giving it the old values, before the row changes under it.
  auto forget = db.cached("INSERT INTO passage_fts (passage_fts, rowid, text, title, author) "
                          "SELECT 'delete', id, text, title, author FROM passage WHERE id = ?");
  forget->bind(1, passage_id);
  if (forget->exec() == 0) throw NotFound("no passage with id " + std::to_string(passage_id));
  auto update = db.cached("UPDATE passage SET text = ? WHERE id = ?");
  update->bind(1, text);
  update->bind(2, passage_id);
  update->exec();
  auto index = db.cached("INSERT INTO passage_fts (rowid, text, title, author) SELECT id, text, title, author "
                         "FROM passage WHERE id = ?");
  index->bind(1, passage_id);
  index->exec();
}

}  // namespace jiaozhu::detail
