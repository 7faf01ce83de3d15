// Notes on links and variants follow them through re-alignment. A link's
// uuid derives from its passages' numbers and a variant's from its link and
// spans, so re-importing an edition with a passage inserted, then aligning
// again, makes the same link and variant under new uuids. What stays is
// their content: the editions, the opening of each passage (24 code
// points), and for a variant its class and the two readings. A note keeps a
// key of that content (note.target_key) and, when its target is gone, moves
// to the one link or variant with the same key.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "jiaozhu/notes.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// The content key of the link or variant a note names, when this copy
// holds it; a variant is looked for in link `link_uuid`.
std::optional<std::string> collation_target_key(Database& db, NoteTarget target, const std::string& target_uuid,
                                                const std::string& link_uuid);

// Gives every note on a link or variant that lacks a key (made before
// schema 8), and whose target is here, its key: called before align
// replaces links.
void remember_collation_targets(Database& db);

// Moves each note whose link or variant is gone to the link or variant of
// editions `a` and `b` with its key, when exactly one has it (the note's
// row: a derived target, found again the same way in every copy). Returns
// how many moved. The caller holds the write transaction.
int64_t follow_collation_targets(Database& db, int64_t a, int64_t b);

}  // namespace jiaozhu::detail
