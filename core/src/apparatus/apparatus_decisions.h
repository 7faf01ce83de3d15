// The editor's judgement put on a built apparatus: each entry's place id,
// the decision on it or the policy that decides it.
#pragma once

#include "jiaozhu/apparatus.h"

namespace jiaozhu::detail {

// Sets every entry's id, decision, policy and conflict, the apparatus's
// policies and undecided count; with `undecided_only`, keeps only the
// entries still to decide (numbers unchanged). Reads in the caller's
// transaction.
void apply_decisions(Database& db, Apparatus& a, bool undecided_only);

}  // namespace jiaozhu::detail
