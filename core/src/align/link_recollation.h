// Collating again the links of passages whose text was corrected, and only
// those: every other link and variant stays as it is, with its id.
#pragma once

#include <cstdint>
#include <vector>

#include "text/text_change.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// A passage whose text changed, and how.
struct ChangedPassage {
  int64_t id = 0;
  TextChange change;
};

struct Recollation {
  int64_t links = 0;          // links whose variants were found again
  int64_t kinds_carried = 0;  // kinds set by hand moved with their variant
};

// Finds again the variants of every link (automatic or made by hand) that
// holds one of `passages`, from the passages' stored text. A link made by
// hand of one passage each, corrected on one side, keeps the variants the
// change left alone (moved with the text: a source's apparatus may have
// set them where a diff would not) and is collated again only between the
// kept variants around the rewritten stretch. The links stay,
// with their ids, uuids and origin; so does the side each variant names
// first. A kind set by hand on a variant the change did not touch (the same
// class and readings, the spans moved by the change: text_change.h) is set
// again on the variant's new identity, by its author and time, so that it
// holds in every copy that makes the same correction. The caller holds the
// write transaction.
Recollation recollate_links(Database& db, const std::vector<ChangedPassage>& passages);

// Links each of `passage_ids` (of edition `edition_id`, corrected) that no
// link joins to an edition its neighbours are aligned with, to the passage
// of that edition which now says the same: one between the links of its
// neighbours, itself in no link with edition `edition_id`, sharing at least
// half of the shorter's units in order (align's own test). A transcription
// too garbled to be aligned is linked once corrected, as a new alignment
// would link it (the same uuid), unless a scholar removed that link.
// Returns how many links it made. The caller holds the write transaction.
int64_t link_unlinked(Database& db, int64_t edition_id, const std::vector<int64_t>& passage_ids);

}  // namespace jiaozhu::detail
