// Merge's step for the editor's judgement: the other copy's decisions with
// their places, and its policies with their settings, each row checked (its
// fields, its uuid derived from its content) and added when new. A union:
// two copies deciding one place apart leave two heads, a conflict for
// `conflicts` when they say different things.
#pragma once

#include "repo/merge_context.h"

namespace jiaozhu::detail {

void merge_decisions(MergeContext& m);

}  // namespace jiaozhu::detail
