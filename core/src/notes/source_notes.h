// The notes an imported source holds apart from its text (a TEI <note>),
// made into jiaozhu notes in the import's transaction.
#pragma once

#include <cstdint>
#include <vector>

#include "jiaozhu/passage.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Adds each of `notes` to edition `edition_id`, by `author`
// ("unknown" when empty), tagged "source": a note that stands after a clause is
// anchored on that clause (back to the punctuation before it, at most
// kClause code points), one at the start of a passage on the passage. Each
// note's uuid derives from the edition's content and the note's place and
// text, so that two copies that import the same source hold the same note.
// The caller holds the write transaction. Returns how many were added.
int64_t add_source_notes(Database& db, int64_t edition_id, const std::vector<SourceNote>& notes, const std::string& author);

inline constexpr int64_t kClause = 16;

}  // namespace jiaozhu::detail
