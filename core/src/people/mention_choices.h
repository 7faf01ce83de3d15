// Ambiguous aliases and the mentions a scholar confirmed or rejected: two
// choice logs (choice_log.h), alias_ambiguity and mention_choice.
//
// An alias marked ambiguous (太白: a person, a mountain, a planet) leaves
// its mentions unconfirmed until a scholar confirms or rejects each. A
// mention's identity is derived from the person's uuid, the passage's
// edition uuid and seq, and the span's start, so a choice holds in every
// copy and across a re-scan of the mentions; a mention a correction moves
// is a new mention, unconfirmed again.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "repo/choice_log.h"
#include "repo/merge_context.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

inline constexpr ChoiceTable kAliasAmbiguities{"alias_ambiguity", "alias_uuid", "state", "note"};
inline constexpr ChoiceTable kMentionChoices{"mention_choice", "mention_uuid", "state", "note"};
inline constexpr const char* kAmbiguous = "ambiguous";
inline constexpr const char* kConfirmed = "confirmed";
inline constexpr const char* kRejected = "rejected";

std::string mention_uuid(const std::string& person_uuid, const std::string& edition_uuid, int64_t seq, int64_t start);

// Whether alias `alias_uuid` is marked ambiguous now. Reads in the
// caller's transaction.
bool alias_ambiguous(Database& db, const std::string& alias_uuid);
// The newest choice on each mention: mention uuid → confirmed or rejected.
std::map<std::string, std::string> mention_states(Database& db);

// Throws UsageError unless `state` is a value the log holds, for merge.
void check_ambiguity_state(std::string_view state);
void check_mention_state(std::string_view state);

// Merge's steps for the two logs.
void merge_alias_ambiguities(MergeContext& m);
void merge_mention_choices(MergeContext& m);

}  // namespace jiaozhu::detail
