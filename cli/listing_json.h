// The JSON documents of the listings, one shape wherever they are read:
// the commands' --json and the local web server's /api/ (serve_api.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jiaozhu/collation.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/people.h"
#include "jiaozhu/variant_form_suggestions.h"
#include "jiaozhu/variant_kind_choices.h"
#include "jiaozhu/workflow.h"
#include "parallel_view.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/search.h"
#include <map>

#include "jiaozhu/conflicts.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/notes.h"
#include "notes_of.h"

namespace jiaozhu::cli {


// A note as `notes --json` lists it; a revision as `note log --json`; the
// notes under a passage (own, then mapped, each with where it is shown).
nlohmann::ordered_json note_json(const Note& n);
nlohmann::ordered_json revision_json(const NoteRevision& r);
nlohmann::ordered_json notes_of_json(const NotesOf& notes);
// A note with its whole history (`note show --json`, /api/notes/ID/history).
nlohmann::ordered_json note_history_json(const Note& n, const std::vector<NoteRevision>& history);
// What `merge` and `sync` report, and what `conflicts` lists.
nlohmann::ordered_json merge_report_json(const MergeReport& r);
nlohmann::ordered_json conflicts_json(const Conflicts& c);
// A passage's revision, and its history (`passage log --json`): the
// revisions oldest first, each with id, author, time, reason and text.
nlohmann::ordered_json passage_revision_json(const PassageRevision& r);
nlohmann::ordered_json passage_history_json(const PassageHistory& h);
// The editor's judgement: a decision; a place with what holds there (and
// the rival decisions when in conflict); a place with its history; policies.
nlohmann::ordered_json decision_json(const Decision& d);
nlohmann::ordered_json place_decision_json(const PlaceDecision& d);
nlohmann::ordered_json place_history_json(const ApparatusPlace& p, const std::vector<Decision>& history);
nlohmann::ordered_json policies_json(const std::vector<Policy>& policies);
// The passages of a pair of editions that no link holds: [{"edition", "passages"}] for each.
nlohmann::ordered_json unmatched_json(const std::string& a, const std::vector<std::string>& ua, const std::string& b,
                                      const std::vector<std::string>& ub);
// The same versions as JSON; `label` names the value ("name" or "kind").
nlohmann::ordered_json versions_json(const std::vector<FieldVersion>& versions, const char* label);

// A note's state as listings name it: live, orphaned, removed or conflict.
std::string note_state(const Note& n);

// Characters of context in a search hit's snippet.
inline constexpr std::size_t kSnippetWidth = 36;

// {"edition", "dated", "dynasty", "reign", "year", "note", "author", "set_at"}: what an edition is dated to.
nlohmann::ordered_json dating_json(const std::string& siglum, const EditionDating& d);
// {"editions": [{"siglum", "work", "title", "script", "passages", "characters", "uuid", ..., "dating"}]};
// `datings` by edition uuid (EditionDatingRepository::current).
nlohmann::ordered_json editions_json(const std::vector<Edition>& editions,
                                     const std::map<std::string, EditionDating>& datings);
// {"passages": [{"address", "siglum", "n", "text", ..., "notes": [...]}]}; `notes` by address (notes_of).
nlohmann::ordered_json passages_json(const std::vector<Passage>& passages, const std::map<std::string, NotesOf>& notes);
// {"query", "total", "editions": [{"siglum", "hits"}], "hits": [{"address", ..., "matches", "snippet"}]}
nlohmann::ordered_json search_json(const std::string& query, const SearchResult& result);
// {"notes": [...]}
nlohmann::ordered_json notes_list_json(const std::vector<Note>& notes);

// Persons: `character show --json`, `mentions --json`, `alias suggest --json`.
nlohmann::ordered_json counts_json(const std::vector<std::pair<std::string, int64_t>>& per_edition);
nlohmann::ordered_json alias_json(const Alias& a);
nlohmann::ordered_json character_json(const Person& c);
// {"character", "total", "mentions": [...], "rejected": [...]}: the rejected apart (PersonRepository::mentions).
nlohmann::ordered_json mentions_json(const std::string& person, int64_t total, const std::vector<Mention>& mentions,
                                     const std::vector<Mention>& rejected = {});
// Splits `all` into the mentions listed and the rejected ones, kept apart
// unless `with_rejected`.
std::pair<std::vector<Mention>, std::vector<Mention>> split_rejected(std::vector<Mention> all, bool with_rejected);
nlohmann::ordered_json alias_suggestions_json(const std::vector<AliasSuggestion>& suggestions);

// Collation: links, variants (variant_json leaves the kind null;
// refill_kind_json sets it), `parallel --json`, `variant kind --json`.
nlohmann::ordered_json link_json(const Link& l);
nlohmann::ordered_json span_json(const PassageSpan& s);
nlohmann::ordered_json variant_json(const Variant& v);
void refill_kind_json(nlohmann::ordered_json& doc, const Variant& v);
nlohmann::ordered_json parallel_json(const std::string& address, const std::vector<Passage>& own,
                                     const std::vector<ParallelLink>& links);
nlohmann::ordered_json kind_choice_json(const KindChoice& c);

// Folding: `fold add --json`, `fold suggest --json`.
nlohmann::ordered_json rule_json(const FoldRule& r);
nlohmann::ordered_json change_json(const FoldChange& c);
nlohmann::ordered_json fold_suggestions_json(const std::vector<FoldSuggestion>& suggestions);

}  // namespace jiaozhu::cli
