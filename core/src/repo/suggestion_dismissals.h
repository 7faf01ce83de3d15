// Suggestions a scholar has dismissed (table suggestion_dismissal, a log:
// choice_log.h). The one writer of the table; the suggesters of aliases
// (people/) and of fold rules (align/) read it to leave dismissed
// suggestions out, and merge and check read it as they read the other logs.
#pragma once

#include <set>
#include <string>

#include "repo/choice_log.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

inline constexpr ChoiceTable kSuggestionDismissals{"suggestion_dismissal", "suggestion_uuid", "decision", "note"};
inline constexpr const char* kDismissed = "dismissed";

// The identity of a suggestion, the same in every copy: of an alias, from
// its character's uuid and its form as search folds it (张着麟 and 張着麟 are
// one suggestion); of a fold rule, from its two characters in order.
std::string alias_suggestion_uuid(const std::string& character_uuid, const std::string& form);
std::string fold_suggestion_uuid(const std::string& form, const std::string& standard);

// The suggestions whose newest decision is a dismissal. Reads in the
// caller's transaction.
std::set<std::string> dismissed_suggestions(Database& db);

// Records that the suggestion is dismissed, or with `dismissed` false that
// the dismissal is taken back, in the caller's transaction. Throws
// UsageError for a note or author that breaks its field's rules.
void record_dismissal(Database& db, const std::string& suggestion_uuid, bool dismissed, const std::string& note,
                      const std::string& author);

// Throws UsageError unless `decision` is one the table holds, for merge.
void check_dismissal_decision(const std::string& decision);

}  // namespace jiaozhu::detail
