// The editor's decisions through a correction of the base text: a place
// the correction did not touch keeps its decisions at its new offsets.
#pragma once

#include <cstdint>
#include <string>

#include "text/text_change.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// For every decided place in the text of passage `seq` of base edition
// `edition_uuid` that `change` did not touch but moved, records the place
// at its new span (the same words: the same lemma) and writes each of its
// current decisions again there, with its author and time and no parents,
// unless the new place is decided already. A place's uuid derives from its
// span, so without this the decisions would name a place the apparatus no
// longer lists. Every copy that makes the same correction writes the same
// rows. Returns how many places were carried. The caller holds the write
// transaction.
int64_t carry_decided_places(Database& db, const std::string& edition_uuid, int64_t seq, const TextChange& change);

}  // namespace jiaozhu::detail
