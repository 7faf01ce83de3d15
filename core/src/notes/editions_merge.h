// Merge's step for editions (edition, edition_version, edition_choice,
// work, source_file, passage, passage_place): the other copy's editions
// this one lacks are copied, passage by passage, under the field rules; an
// edition both hold is reconciled to the newest head of its versions, other
// heads becoming rival editions. It lives with the notes because a rival
// text takes the notes made on it (rival_editions.h): the lowest layer that
// sees all it writes.
#pragma once

#include "repo/merge_context.h"

namespace jiaozhu::detail {

// Fills m.editions, m.edition_uuids, m.new_editions and m.stale_editions
// for the steps after it. Refuses (m.refuse) what breaks an edition's
// invariants: passages not numbered 1 to N, a content hash that does not
// match, an unknown script, a bad siglum.
void merge_editions(MergeContext& m);

}  // namespace jiaozhu::detail
