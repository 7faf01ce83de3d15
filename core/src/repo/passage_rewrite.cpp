#include "repo/passage_rewrite.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "util/columns.h"

namespace jiaozhu::detail {

void rewrite_passage_text(Database& db, int64_t passage_id, const std::string& text) {
  // passage_fts keeps no text of its own: its old tokens are removed by
  // giving it the old values, read before the row changes under it. The
  // removal and the new tokens go in one statement: FTS5 writes a segment
  // per statement, and sixteen segments on a level merge the whole level,
  // the import's large segments with them (0.5 s every eighth correction).
  SQLite::Statement old(db.sql(), "SELECT text, title, author FROM passage WHERE id = ?");
  old.bind(1, passage_id);
  if (!old.executeStep()) throw NotFound("no passage with id " + std::to_string(passage_id));
  const std::string old_text = old.getColumn(0).getString();
  const auto title = optional_text(old.getColumn(1)), author = optional_text(old.getColumn(2));
  old.reset();
  auto update = db.cached("UPDATE passage SET text = ? WHERE id = ?");
  update->bind(1, text);
  update->bind(2, passage_id);
  update->exec();
  auto index = db.cached("INSERT INTO passage_fts (passage_fts, rowid, text, title, author) VALUES ('delete', ?1, ?2, ?3, ?4), "
                         "(NULL, ?1, ?5, ?3, ?4)");
  index->bind(1, passage_id);
  index->bind(2, old_text);
  bind_optional(*index, 3, title);
  bind_optional(*index, 4, author);
  index->bind(5, text);
  index->exec();
}

}  // namespace jiaozhu::detail
