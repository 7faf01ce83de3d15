// The full-text index of the passages (passage_fts, FTS5 with the passages
// as external content). Passages are indexed as they are written
// (PassageAppender) and forgotten as they are removed (EditionRepository);
// this rebuilds and verifies the whole index. The search layer reads it.
#pragma once

#include <optional>
#include <string>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

class PassageIndex {
 public:
  explicit PassageIndex(Database& db) : db_(db) {}

  // Re-tokenizes every passage. The caller holds the write transaction.
  void rebuild();

  // FTS5's integrity-check of the index against the passages: what is
  // wrong, or nothing. The check is a write statement to SQLite: not on a
  // read-only file (nothing is reported there).
  std::optional<std::string> fault();

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
