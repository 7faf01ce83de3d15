// Verifying a parallel found by its seeds: the runs along one diagonal of
// two folded passages (own position i against other position i + shift)
// where the characters agree, bridging single differences.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jiaozhu::detail {

struct Run {
  int32_t own_start = 0, own_end = 0;  // [start, end) in folded characters of the own passage
  int32_t shift = 0;                   // the other passage's position minus the own's
  std::vector<int32_t> differences;    // own positions where the two differ
};

// The runs of at least `min_length` characters along diagonal `shift`, each
// starting and ending on agreeing characters, with at most one difference
// in eight characters: a score of +1 for agreement and -2 for a difference,
// a run ending where the score falls 5 below its best (so that two agreeing
// characters after a difference at its end, 在山一方 for 在水一方, still count).
std::vector<Run> runs_on_diagonal(const std::u32string& own, const std::u32string& other, int32_t shift, int64_t min_length);

}  // namespace jiaozhu::detail
