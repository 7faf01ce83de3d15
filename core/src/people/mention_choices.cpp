#include "people/mention_choices.h"

#include "jiaozhu/error.h"
#include "repo/choice_log_merge.h"
#include "util/uuid.h"

namespace jiaozhu::detail {

std::string mention_uuid(const std::string& person_uuid, const std::string& edition_uuid, int64_t seq, int64_t start) {
  return uuid_from_name("mention\n" + person_uuid + "\n" + edition_uuid + "\n" + std::to_string(seq) + "\n" +
                        std::to_string(start));
}

bool alias_ambiguous(Database& db, const std::string& alias_uuid) {
  const auto c = ChoiceLog(db, kAliasAmbiguities).current(alias_uuid);
  return c && c->value == kAmbiguous;
}

std::map<std::string, std::string> mention_states(Database& db) {
  std::map<std::string, std::string> out;
  for (auto& [mention, choice] : ChoiceLog(db, kMentionChoices).all_current()) {
    if (choice.value) out.emplace(mention, *choice.value);
  }
  return out;
}

void check_ambiguity_state(std::string_view state) {
  if (state != kAmbiguous) throw UsageError("'" + std::string(state) + "' is not a state of an alias (ambiguous)");
}

void check_mention_state(std::string_view state) {
  if (state != kConfirmed && state != kRejected) {
    throw UsageError("'" + std::string(state) + "' is not a state of a mention (confirmed, rejected)");
  }
}

void merge_alias_ambiguities(MergeContext& m) {
  m.report.ambiguities = merge_choice_log(m, kAliasAmbiguities, &check_ambiguity_state);
}

void merge_mention_choices(MergeContext& m) {
  m.report.mention_choices = merge_choice_log(m, kMentionChoices, &check_mention_state);
}

}  // namespace jiaozhu::detail
