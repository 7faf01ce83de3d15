// The notes' full-text index (note_fts) as a FoldedIndex: what a change of
// folding re-indexes on the notes' side (repo/folding_change.h).
#pragma once

#include "repo/folding_change.h"

namespace jiaozhu::detail {

// note_fts rows are note_revision ids (current bodies only). Holds `db` by
// reference; the caller holds the write transaction.
class NoteIndex : public FoldedIndex {
 public:
  explicit NoteIndex(Database& db) : db_(db) {}
  std::vector<IndexedRow> holding(const std::string& match) override;
  void unindex(const std::vector<int64_t>& rows) override;
  void index(const std::vector<int64_t>& rows) override;

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
