// Merge's step for fold rules (fold_rule and its tombstones).
#pragma once

#include <span>

#include "repo/folding_change.h"
#include "repo/merge_context.h"

namespace jiaozhu::detail {

// Of a rule and its removal, in either copy, the later wins; then the
// passages' index and `others` follow the folding the rules now make, so
// that what the steps after it bring in is indexed and classed with it.
void merge_fold_rules(MergeContext& m, std::span<FoldedIndex* const> others);

}  // namespace jiaozhu::detail
