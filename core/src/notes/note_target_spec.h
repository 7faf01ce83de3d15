// Where a note is, as a revision of `note move` records it (note_revision.
// moved_to): the edition by uuid, the passage by number, a span with its
// quote, a link, variant or character by uuid. JSON, the same bytes for the
// same target, so that a revision's content digest is stable.
#pragma once

#include <string>
#include <string_view>

#include "notes/note_store.h"

namespace jiaozhu::detail {

// The target of `r` (note target fields and passage_seq).
std::string target_spec(const NoteRecord& r);

// The target fields of a spec, into a NoteRecord whose other fields are
// empty. Throws InputError naming what is wrong (it may come from another
// copy's file).
NoteRecord parse_target_spec(std::string_view spec);

}  // namespace jiaozhu::detail
