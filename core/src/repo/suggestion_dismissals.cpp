#include "repo/suggestion_dismissals.h"

#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/fold.h"
#include "util/uuid.h"

namespace jiaozhu::detail {

// The names are prefixed by what is suggested, and their parts joined by a
// character no uuid, form or Han character holds.
std::string alias_suggestion_uuid(const std::string& character_uuid, const std::string& form) {
  return uuid_from_name("jiaozhu suggested alias\x1f" + character_uuid + "\x1f" + fold_text(form));
}

std::string fold_suggestion_uuid(const std::string& form, const std::string& standard) {
  return uuid_from_name("jiaozhu suggested fold rule\x1f" + form + "\x1f" + standard);
}

std::set<std::string> dismissed_suggestions(Database& db) {
  std::set<std::string> out;
  for (const auto& [subject, choice] : ChoiceLog(db, kSuggestionDismissals).all_current()) {
    if (choice.value) out.insert(subject);
  }
  return out;
}

void record_dismissal(Database& db, const std::string& suggestion_uuid, bool dismissed, const std::string& note,
                      const std::string& author) {
  if (auto fault = field_fault(Field::kDecisionNote, note)) throw UsageError("the note " + *fault);
  if (auto fault = field_fault(Field::kAuthor, author)) throw UsageError("the author " + *fault);
  ChoiceLog(db, kSuggestionDismissals)
      .record(suggestion_uuid, dismissed ? std::optional<std::string>(kDismissed) : std::nullopt, note, author);
}

void check_dismissal_decision(const std::string& decision) {
  if (decision != kDismissed) throw UsageError("'" + decision + "' is not a decision about a suggestion");
}

}  // namespace jiaozhu::detail
