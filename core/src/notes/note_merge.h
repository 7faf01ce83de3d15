// Merge's step for notes (note, note_revision and their tags and parents):
// every revision the other copy has and this one lacks, read on a thread
// of its own (incoming_notes.h), absorbed into each note's history; a note
// given two heads is listed as a conflict.
#pragma once

#include "repo/merge_context.h"

namespace jiaozhu::detail {

// After merge_editions and merge_persons, whose maps it reads.
void merge_notes(MergeContext& m);

}  // namespace jiaozhu::detail
