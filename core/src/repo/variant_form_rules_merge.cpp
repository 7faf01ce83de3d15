#include "repo/variant_form_rules_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/error.h"
#include "jiaozhu/variant_form_rules.h"

namespace jiaozhu::detail {


// The other copy's rules and their removals: of a rule and its tombstone, in
// either copy, the later wins (a rule stated again after its removal lives
// again). Then the search indexes follow the folding the rules now make, so
// that the passages and links merged next are indexed and classed with it.
void merge_fold_rules(MergeContext& m, std::span<FoldedIndex* const> others) {
  FoldRuleRepository rules(m.db);
  SQLite::Statement rows(m.other, "SELECT uuid, form, standard, coalesce(source, ''), coalesce(note, ''), author, "
                                  "added_at FROM fold_rule ORDER BY uuid");
  while (rows.executeStep()) {
    FoldRule r{m.text(rows, 0, Field::kUuid),     m.text(rows, 1, Field::kFoldForm),
               m.text(rows, 2, Field::kFoldForm), m.text(rows, 3, Field::kSource),
               m.text(rows, 4, Field::kDecisionNote), m.text(rows, 5, Field::kAuthor),
               m.text(rows, 6, Field::kTimestamp)};
    try {
      FoldRuleRepository::validate({r.form, r.standard, r.source, r.note});
    } catch (const UsageError& e) {
      m.refuse(std::string("fold rule ") + r.uuid + ": " + e.what());
    }
    if (r.uuid != FoldRuleRepository::uuid_of(r.form, r.standard, r.author)) {
      m.refuse("fold rule " + r.uuid + " has a uuid not derived from its rule and author");
    }
    m.report.fold_rules += rules.merge_row(r);
  }
  SQLite::Statement tombs(m.other, "SELECT uuid, author, removed_at FROM tombstone WHERE kind = 'fold_rule' ORDER BY uuid");
  while (tombs.executeStep()) {
    m.report.fold_rules += rules.merge_removal(m.text(tombs, 0, Field::kUuid), m.text(tombs, 1, Field::kAuthor),
                                               m.text(tombs, 2, Field::kTimestamp));
  }
  const auto change = detail::change_folding(m.db, rules.folding(), others);
  m.report.passages_refolded = static_cast<int64_t>(change.passages.size());
}

}  // namespace jiaozhu::detail
