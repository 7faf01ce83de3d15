#include "repo/folding_change.h"

#include <vector>

#include "jiaozhu/database.h"
#include "jiaozhu/unicode.h"
#include "repo/passage_index.h"

namespace jiaozhu::detail {
namespace {

// An FTS5 expression matching any of `forms`, each a quoted one-character
// string (search forms are Han characters: nothing to escape).
std::string any_of(const std::vector<char32_t>& forms) {
  std::string out;
  for (char32_t c : forms) {
    if (!out.empty()) out += " OR ";
    out += '"';
    append_utf8(out, c);
    out += '"';
  }
  return out;
}

// Puts back the connection's folding unless the change went through.
class FoldingGuard {
 public:
  explicit FoldingGuard(Database& db) : db_(db), before_(db.folding()) {}
  ~FoldingGuard() {
    if (!done_) db_.set_folding(before_);
  }
  FoldingGuard(const FoldingGuard&) = delete;
  FoldingGuard& operator=(const FoldingGuard&) = delete;
  void done() { done_ = true; }

 private:
  Database& db_;
  Folding before_;
  bool done_ = false;
};

}  // namespace

FoldingChangeReport change_folding(Database& db, Folding after, std::span<FoldedIndex* const> others) {
  FoldingChangeReport report;
  FoldingGuard guard(db);
  PassageIndex passages(db);
  report.forms = changed_forms(db.folding(), after);
  std::vector<FoldedIndex*> indexes{&passages};
  indexes.insert(indexes.end(), others.begin(), others.end());
  std::vector<std::vector<int64_t>> rows(indexes.size());
  if (!report.forms.empty()) {
    const std::string match = any_of(report.forms);
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
  guard.done();
  return report;
}

}  // namespace jiaozhu::detail
