// Fold rules written or removed, and the search indexes brought in step.
#include <array>

#include "jiaozhu/collation.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/workflow.h"
#include "notes/note_index.h"
#include "repo/deletion_store.h"
#include "repo/folding_change.h"
#include "util/clock.h"

namespace jiaozhu {
namespace {

// Re-indexes what the rules now in the table change, and names the
// alignments that hold the characters involved.
void apply_rules(Database& db, FoldChange& change) {
  detail::NoteIndex notes(db);
  const std::array<detail::FoldedIndex*, 1> others{&notes};
  const detail::FoldingChangeReport r = detail::change_folding(db, FoldRuleRepository(db).folding(), others);
  change.passages = static_cast<int64_t>(r.passages.size());
  change.notes = r.other_rows;
  change.to_realign = CollationRepository(db).linked_pairs(r.passages);
}

}  // namespace

FoldChange add_fold_rules(Database& db, std::span<const FoldRuleDraft> rules, const std::string& author) {
  for (const FoldRuleDraft& r : rules) FoldRuleRepository::validate(r);
  FoldChange change;
  db.write([&] {
    FoldRuleRepository repository(db);
    const std::string at = detail::utc_now_ms();
    for (const FoldRuleDraft& r : rules) change.rules += repository.put(r, author, at);
    apply_rules(db, change);
  });
  return change;
}

FoldChange remove_fold_rule(Database& db, const std::string& form, const std::string& standard,
                            const std::string& author) {
  FoldChange change;
  db.write([&] {
    change.rules = FoldRuleRepository(db).remove(form, standard, author, detail::utc_now_ms());
    apply_rules(db, change);
  });
  return change;
}

}  // namespace jiaozhu
