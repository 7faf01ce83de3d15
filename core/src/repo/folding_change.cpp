#include "repo/folding_change.h"

#include <vector>

#include <SQLiteCpp/Column.h>
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

std::vector<int64_t> matching_rows(Database& db, const char* sql, const std::string& match) {
  SQLite::Statement q(db.sql(), sql);
  q.bind(1, match);
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
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

FoldingChangeReport change_folding(Database& db, Folding after, std::span<FoldedIndex* const> others) {
  FoldingChangeReport report;
  PassageIndex passages(db);
  report.forms = changed_forms(db.folding(), after);
  std::vector<FoldedIndex*> indexes{&passages};
  indexes.insert(indexes.end(), others.begin(), others.end());
  std::vector<std::vector<int64_t>> rows(indexes.size());
  if (!report.forms.empty()) {
    const std::string match = fts5_any_of(report.forms);
    for (std::size_t i = 0; i < indexes.size(); ++i) {
      rows[i] = indexes[i]->holding(match);
      indexes[i]->unindex(rows[i]);
    }
  }
  db.set_folding(std::move(after));
  for (std::size_t i = 0; i < indexes.size(); ++i) {
    indexes[i]->index(rows[i]);
    if (i > 0) report.other_rows += static_cast<int64_t>(rows[i].size());
  }
  report.passages = std::move(rows[0]);
  passages.record_version();
  return report;
}

}  // namespace jiaozhu::detail
