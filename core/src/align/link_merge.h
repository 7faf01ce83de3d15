// Merge's steps for links (link, link_passage, variant) and the kinds set
// by hand (variant_kind_choice): the other copy's manual links, and the
// automatic links of an edition pair this copy has not aligned, collated
// here; links on an older text of an edition are left for align.
#pragma once

#include "repo/merge_context.h"

namespace jiaozhu::detail {

// After merge_editions, whose maps it reads.
void merge_links(MergeContext& m);
void merge_kind_choices(MergeContext& m);

}  // namespace jiaozhu::detail
