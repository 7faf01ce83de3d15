// The variants between the two sides of one link.
#pragma once

#include <cstdint>
#include <vector>

#include "align/collation_text.h"
#include "jiaozhu/collation.h"

namespace jiaozhu::detail {

// A place where the sides differ. Positions are a passage index of the side
// and code point offsets into it; an empty span marks where the other side
// has text this side lacks.
struct SidePosition {
  uint32_t passage = 0;
  uint32_t start = 0;
  uint32_t end = 0;
};

struct FoundVariant {
  VariantClass variant_class;
  SidePosition a, b;
};

// Aligns the units of `a` and `b` and returns their differences in order:
//   * runs of units in one side without a match in the other (a reading
//     added, left out or replaced): pinyin when one side is pinyin standing
//     for the other's characters, else substantive. Two such runs with one
//     matched unit between are one variant (太宗 / 皇太极, not 宗 / 极);
//   * matched units whose characters differ: script (Traditional and
//     Simplified forms) or glyph (other variant forms);
//   * different punctuation between matched units: punct; a passage
//     boundary on one side only, the text being otherwise equal: break.
std::vector<FoundVariant> find_variants(const CollationText& a, const CollationText& b);

}  // namespace jiaozhu::detail
