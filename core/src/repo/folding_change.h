// A change of the connection's folding (a fold rule added or removed here, or
// brought in by merge), carried into the full-text indexes: only the rows
// that hold a character whose search form changes are indexed again.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "jiaozhu/fold.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// An FTS5 index tokenized with the connection's folding.
class FoldedIndex {
 public:
  virtual ~FoldedIndex() = default;
  // The rows holding any token of the FTS5 expression `match`, under the
  // folding the connection has now.
  virtual std::vector<int64_t> holding(const std::string& match) = 0;
  // Takes the rows out of the index; the folding must be the one they were
  // indexed with (FTS5 re-tokenizes a row to delete it).
  virtual void unindex(const std::vector<int64_t>& rows) = 0;
  // Indexes the rows with the folding the connection has now.
  virtual void index(const std::vector<int64_t>& rows) = 0;
};

struct FoldingChangeReport {
  std::vector<char32_t> forms;    // the search forms (before) whose class changed
  std::vector<int64_t> passages;  // the passages indexed again (ids)
  int64_t other_rows = 0;         // rows of the other indexes indexed again
};

// Sets db's folding to `after` and re-indexes, in every index of `others`
// and the passages' own, the rows the change touches; records the index's
// new version. The caller holds the write transaction; on an exception the
// connection keeps its folding from before.
FoldingChangeReport change_folding(Database& db, Folding after, std::span<FoldedIndex* const> others);

}  // namespace jiaozhu::detail
