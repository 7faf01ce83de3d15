#include "repo/folding_change.h"

#include <algorithm>
#include <vector>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/unicode.h"
#include "repo/passage_index.h"

namespace jiaozhu::detail {

std::string fts5_any_of(const std::vector<char32_t>& forms) {
  std::string out;
  for (char32_t c : forms) {
    if (!out.empty()) out += " OR ";
    out += '"';
    append_utf8(out, c);
    out += '"';
  }
  return out;
}

std::vector<IndexedRow> matching_rows(Database& db, const char* sql, const std::string& match) {
  SQLite::Statement q(db.sql(), sql);
  q.bind(1, match);
  std::vector<IndexedRow> out;
  while (q.executeStep()) out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString()});
  return out;
}

void run_for_each_row(Database& db, const char* sql, const std::vector<int64_t>& rows) {
  auto q = db.cached(sql);
  for (int64_t id : rows) {
    q->bind(1, id);
    q->exec();
    q->reset();
  }
}

namespace {

// The rows whose tokens change: FTS5 finds those holding a changed search
// form (under `before`, 溪 also finds the 谿 a rule folded into it), and
// only those whose text holds a character that folds otherwise under `after`
// get other tokens.
std::vector<int64_t> changing_rows(std::vector<IndexedRow> candidates, const Folding& before, const Folding& after) {
  std::vector<int64_t> out;
  for (const IndexedRow& row : candidates) {
    const std::u32string text = to_code_points(row.text);
    if (std::any_of(text.begin(), text.end(), [&](char32_t c) { return before.han(c) != after.han(c); }))
      out.push_back(row.id);
  }
  return out;
}

int64_t passage_count(Database& db) {
  SQLite::Statement q(db.sql(), "SELECT count(*) FROM passage");
  return q.executeStep() ? q.getColumn(0).getInt64() : 0;
}

}  // namespace

FoldingChangeReport change_folding(Database& db, Folding after, std::span<FoldedIndex* const> others) {
  FoldingChangeReport report;
  PassageIndex passages(db);
  const Folding before = db.folding();
  report.forms = changed_forms(before, after);
  std::vector<FoldedIndex*> indexes{&passages};
  indexes.insert(indexes.end(), others.begin(), others.end());
  std::vector<std::vector<int64_t>> rows(indexes.size());
  if (!report.forms.empty()) {
    const std::string match = fts5_any_of(report.forms);
    for (std::size_t i = 0; i < indexes.size(); ++i) rows[i] = changing_rows(indexes[i]->holding(match), before, after);
  }
  const bool rebuild = static_cast<int64_t>(rows[0].size()) * 10 > passage_count(db);
  for (std::size_t i = rebuild ? 1 : 0; i < indexes.size(); ++i) indexes[i]->unindex(rows[i]);
  db.set_folding(std::move(after));
  if (rebuild) passages.rebuild();
  for (std::size_t i = rebuild ? 1 : 0; i < indexes.size(); ++i) indexes[i]->index(rows[i]);
  for (std::size_t i = 1; i < indexes.size(); ++i) report.other_rows += static_cast<int64_t>(rows[i].size());
  report.passages = std::move(rows[0]);
  passages.record_version();
  return report;
}

}  // namespace jiaozhu::detail
