#include "repo/choice_log_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/edition_dating.h"
#include "jiaozhu/error.h"
#include "repo/edition_datings.h"
#include "repo/suggestion_dismissals.h"

namespace jiaozhu::detail {

// The other copy's rows of a choice log, each checked (its fields, its
// value, its uuid derived from its content) and added when new: a union, so
// that every copy with the same rows holds the same newest choice.
int64_t merge_choice_log(MergeContext& m, const ChoiceTable& t,
                         const std::function<void(const std::string& value)>& check_value) {
  detail::ChoiceLog log(m.db, t);
  SQLite::Statement rows(m.other, std::string("SELECT uuid, ") + t.subject_column + ", " + t.value_column +
                                      ", coalesce(" + t.note_column + ", ''), author, set_at FROM " + t.table +
                                      " ORDER BY uuid");
  int64_t added = 0;
  while (rows.executeStep()) {
    detail::Choice c;
    c.uuid = m.text(rows, 0, Field::kUuid);
    c.subject = m.text(rows, 1, Field::kUuid);
    if (!rows.getColumn(2).isNull()) c.value = m.text(rows, 2, Field::kChoiceValue);
    c.note = m.text(rows, 3, Field::kDecisionNote);
    c.author = m.text(rows, 4, Field::kAuthor);
    c.set_at = m.text(rows, 5, Field::kTimestamp);
    const std::string what = std::string(t.table) + " row " + c.uuid;
    try {
      if (c.value) check_value(*c.value);
    } catch (const UsageError& e) {
      m.refuse(what + ": " + e.what());
    }
    if (c.uuid != detail::ChoiceLog::uuid_of(t, c)) m.refuse(what + " has a uuid not derived from its content");
    added += log.merge_row(c);
  }
  return added;
}

void merge_datings(MergeContext& m) {
  m.report.datings = merge_choice_log(m, kEditionDatings, &EditionDatingRepository::check_dynasty);
  m.report.extents = merge_choice_log(m, kEditionExtents, [](const std::string& value) {
    if (value != "partial") throw UsageError("an edition's extent is 'partial' or none, not '" + value + "'");
  });
}

void merge_dismissals(MergeContext& m) {
  m.report.dismissals = merge_choice_log(m, kSuggestionDismissals, &check_dismissal_decision);
}

}  // namespace jiaozhu::detail
