// Sequence alignment for collation: which elements of two sequences
// correspond, in order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "util/huge_pages.h"

namespace jiaozhu::detail {

// A pair of equal elements: a[a_index] == b[b_index].
struct Match {
  std::size_t a = 0;
  std::size_t b = 0;
  bool operator==(const Match&) const = default;
};

// The matches of a shortest edit script between `a` and `b` (Myers' O(ND)
// algorithm, linear space), in increasing order of both indexes. When more
// than `max_cost` edits would be needed (or, whatever max_cost, some 12,000
// in one stretch: the time grows with their square) the search stops there
// and the common prefix and suffix alone are returned for that stretch:
// callers use it on short gaps and on linked passages.
std::vector<Match> myers_diff(std::span<const uint32_t> a, std::span<const uint32_t> b,
                              std::size_t max_cost = 200000);

// The alignment of two long sequences: k-grams that occur exactly once in
// each are anchors; the longest chain of anchors in the same order in both
// is kept (the others are transposed text, returned in `moved`); the gaps
// between kept anchors are aligned recursively with smaller k, then by
// myers_diff. Time and memory grow with the length of the sequences, not
// their product.
struct Alignment {
  HugeVector<Match> matches;  // increasing in both indexes
  HugeVector<Match> moved;    // equal runs found out of order (transpositions)
};
Alignment align_sequences(std::span<const uint32_t> a, std::span<const uint32_t> b);

}  // namespace jiaozhu::detail
