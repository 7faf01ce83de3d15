// The full-text index of the passages (passage_fts, FTS5 with the passages
// as external content). Passages are indexed as they are written
// (PassageAppender) and forgotten as they are removed (EditionRepository);
// this rebuilds and verifies the whole index. The search layer reads it.
#pragma once

#include <optional>
#include <string>

#include "repo/folding_change.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

class PassageIndex : public FoldedIndex {
 public:
  explicit PassageIndex(Database& db) : db_(db) {}

  // Re-tokenizes every passage and records version(). The caller holds the
  // write transaction.
  void rebuild();

  // What the index records it was built with (setting fold_table): the
  // connection's folding (built-in table and the file's rules) and the
  // tokenizer's revision. current() compares it with the record.
  static std::string version(const Database& db);
  std::string recorded_version() const;
  bool current() const { return recorded_version() == version(db_); }
  void record_version();

  std::vector<IndexedRow> holding(const std::string& match) override;
  void unindex(const std::vector<int64_t>& rows) override;
  void index(const std::vector<int64_t>& rows) override;

  // FTS5's integrity-check of the index against the passages: what is
  // wrong, or nothing. The check is a write statement to SQLite: not on a
  // read-only file (nothing is reported there).
  std::optional<std::string> fault();

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
