#include "notes/note_index.h"

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"

namespace jiaozhu::detail {

std::vector<int64_t> NoteIndex::holding(const std::string& match) {
  SQLite::Statement q(db_.sql(), "SELECT rowid FROM note_fts WHERE note_fts MATCH ? ORDER BY rowid");
  q.bind(1, match);
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
}

void NoteIndex::unindex(const std::vector<int64_t>& rows) {
  auto q = db_.cached("DELETE FROM note_fts WHERE rowid = ?");
  for (int64_t id : rows) {
    q->bind(1, id);
    q->exec();
    q->reset();
  }
}

void NoteIndex::index(const std::vector<int64_t>& rows) {
  auto q = db_.cached("INSERT INTO note_fts (rowid, body) SELECT id, body FROM note_revision WHERE id = ?");
  for (int64_t id : rows) {
    q->bind(1, id);
    q->exec();
    q->reset();
  }
}

}  // namespace jiaozhu::detail
