// The corrections' merge step (repo/merge_context.h): the other copy's
// passage revisions, and the passages they correct shown as their newest
// head here, collated again. Runs after the editions' step (an edition's
// version is settled first) and before the links' (links brought in are
// collated on the corrected text).
#pragma once

#include "repo/merge_context.h"

namespace jiaozhu::detail {

void merge_passage_revisions(MergeContext& m);

}  // namespace jiaozhu::detail
