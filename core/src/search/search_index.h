// The full-text index over passages (table passage_fts).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

class SearchIndex {
 public:
  explicit SearchIndex(Database& db) : db_(db) {}

  // True when the index was built with the connection's folding (the
  // built-in table and the file's rules) and this build's tokenizer
  // (PassageIndex::version).
  bool current() const;

  // Re-tokenizes every passage and records the folding's version.
  // The caller holds the write transaction. The notes' index is the notes
  // layer's (NoteStore::reindex); workflow's rebuild_search_indexes does both.
  void rebuild();

  // FTS5's integrity-check of the index against the passages, and the
  // folding table's version; empty when all is well.
  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
