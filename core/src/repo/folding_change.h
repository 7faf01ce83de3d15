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

// A row of a FoldedIndex and the text it indexes.
struct IndexedRow {
  int64_t id = 0;
  std::string text;
};

// An FTS5 index tokenized with the connection's folding.
class FoldedIndex {
 public:
  virtual ~FoldedIndex() = default;
  // The rows holding any token of the FTS5 expression `match`, under the
  // folding the connection has now, with their text.
  virtual std::vector<IndexedRow> holding(const std::string& match) = 0;
  // Takes the rows out of the index; the folding must be the one they were
  // indexed with (FTS5 re-tokenizes a row to delete it).
  virtual void unindex(const std::vector<int64_t>& rows) = 0;
  // Indexes the rows with the folding the connection has now.
  virtual void index(const std::vector<int64_t>& rows) = 0;
};

// An FTS5 expression matching any of `forms` (Han characters, each quoted:
// nothing to escape). Not for user input: that goes through to_fts5_query.
std::string fts5_any_of(const std::vector<char32_t>& forms);

// What FoldedIndex implementations share: the rows (id, text) that `sql`
// (one parameter, the FTS5 expression) returns, and `sql` (one parameter,
// the row id) run once for each row.
std::vector<IndexedRow> matching_rows(Database& db, const char* sql, const std::string& match);
void run_for_each_row(Database& db, const char* sql, const std::vector<int64_t>& rows);

struct FoldingChangeReport {
  std::vector<char32_t> forms;    // the search forms (before) whose class changed
  std::vector<int64_t> passages;  // the passages indexed again (ids)
  int64_t other_rows = 0;         // rows of the other indexes indexed again
};

// Sets db's folding to `after` and re-indexes, in every index of `others`
// and the passages' own, the rows whose text holds a character whose search
// form changes; records the index's new version. When that is more than a
// tenth of the passages, the passage index is rebuilt whole instead: FTS5
// deletes and inserts a row ten times slower than 'rebuild' writes one. The caller holds the write transaction (Database::write, which
// puts the folding back if it rolls back).
FoldingChangeReport change_folding(Database& db, Folding after, std::span<FoldedIndex* const> others);

}  // namespace jiaozhu::detail
