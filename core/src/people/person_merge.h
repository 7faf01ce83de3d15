// Merge's steps for persons (character, alias, character_redirect,
// record_revision and the tombstones of aliases and links): deletions
// first, so that nothing removed comes back; then characters, the groups
// redirects made, aliases and the histories of their fields.
#pragma once

#include "jiaozhu/people.h"
#include "people/record_history.h"
#include "repo/merge_context.h"

namespace jiaozhu::detail {

// The other copy's tombstones (aliases, links; fold rules are
// merge_fold_rules') and redirects, then what they remove here.
void merge_deletions(MergeContext& m);
// Characters this copy lacks; fills m.characters and m.redirected.
void merge_persons(MergeContext& m);
// Joins the characters of every group redirects made; `moved` carries what
// points at a character whose identity passes to another.
void join_redirected(MergeContext& m, const PersonMoved& moved);
// Aliases this copy lacks (a form on one character in both copies is one
// alias); fills m.aliases.
void merge_aliases(MergeContext& m);
// The other copy's revisions of characters' or aliases' fields.
void merge_history(MergeContext& m, RecordKind kind);
// The CBDB ids recorded for characters (a choice log).
void merge_cbdb_ids(MergeContext& m);

}  // namespace jiaozhu::detail
