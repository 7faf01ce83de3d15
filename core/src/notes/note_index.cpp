#include "notes/note_index.h"

namespace jiaozhu::detail {

std::vector<IndexedRow> NoteIndex::holding(const std::string& match) {
  return matching_rows(db_, "SELECT rowid, body FROM note_fts WHERE note_fts MATCH ? ORDER BY rowid", match);
}

void NoteIndex::unindex(const std::vector<int64_t>& rows) {
  run_for_each_row(db_, "DELETE FROM note_fts WHERE rowid = ?", rows);
}

void NoteIndex::index(const std::vector<int64_t>& rows) {
  run_for_each_row(db_, "INSERT INTO note_fts (rowid, body) SELECT id, body FROM note_revision WHERE id = ?", rows);
}

}  // namespace jiaozhu::detail
