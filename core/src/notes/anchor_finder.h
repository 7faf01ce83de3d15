// Placing a note's anchor in the current text of its edition: where the
// quote still stands, else where it has moved to, else nowhere (orphaned).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/notes.h"
#include "notes/quote_anchor.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

struct AnchorPlace {
  int64_t seq = 0;
  int64_t start = 0, end = 0;
  bool orphaned = false;  // seq, start, end are then the last place known
};

// The selector stored with a span note.
QuoteSelector selector_of(const Note& note);

// Where a note on passage `seq` of edition `edition_id` (at [start, end) of
// `field` for a span; a title's quote is looked for in titles) stands in the edition's text now. A span whose quote is still at
// its offsets stays; otherwise the quote is looked for in its passage, then
// in the passages around it, then in the whole edition (exact occurrences
// with a matching context only). A passage note (`quote.exact` holding the
// opening it was made on) stays while its passage opens with it, else goes
// to the nearest passage that does (a heading inserted before it), else
// stays while its passage exists.
AnchorPlace find_anchor(Database& db, int64_t edition_id, NoteTarget target, VariantField field, int64_t seq,
                        int64_t start, const QuoteSelector& quote);

// The text (or title, or author line: empty when it has none) of passage
// `seq` of edition `edition_id`, in code points; nothing when there is no
// such passage.
std::optional<std::u32string> passage_text(Database& db, int64_t edition_id, int64_t seq,
                                           VariantField field = VariantField::kText);

// The opening words of passage `seq` (up to 24 code points), which a note
// on the whole passage keeps to follow it; empty when there is no such passage.
std::string passage_opening(Database& db, int64_t edition_id, int64_t seq);

// Re-places every span and passage note of edition `edition_id` (after its
// text was replaced); returns how many are orphaned. The caller holds the
// write transaction.
int64_t reanchor_edition(Database& db, int64_t edition_id);

// The same for the notes on passages `seqs` of edition `edition_id` (after
// they were corrected) and its orphaned notes, whose words a correction may
// have brought back. Returns how many of them are orphaned.
int64_t reanchor_passages(Database& db, int64_t edition_id, const std::vector<int64_t>& seqs);

}  // namespace jiaozhu::detail
