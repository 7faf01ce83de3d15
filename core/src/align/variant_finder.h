// The variants between the two sides of one link.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "align/collation_text.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"

namespace jiaozhu::detail {

// A place where the sides differ. Positions are a passage index of the side
// and code point offsets into it; an empty span marks where the other side
// has text this side lacks.
struct SidePosition {
  uint32_t passage = 0;
  uint32_t start = 0;
  uint32_t end = 0;
};

// What classifying depends on besides the two texts.
struct CollationRules {
  const Folding* folding = &Folding::builtin();  // the database's
  // Both editions are written in one script (both hant or both hans): a pair
  // of characters that only Traditional-Simplified conversion merges is then
  // a reading (conversion), not script noise.
  bool same_script = false;
  // The persons' names (Database::person_names), folded: an author field
  // naming one person two ways is the editors' convention, not a reading.
  std::shared_ptr<const PersonNames> person_names;
};

struct FoundVariant {
  VariantClass variant_class;
  SidePosition a, b;
  VariantField field = VariantField::kText;
};

// Aligns the units of `a` and `b` and returns their differences in order:
//   * runs of units in one side without a match in the other (a reading
//     added, left out or replaced): pinyin when one side is pinyin standing
//     for the other's characters; placeholder when one side only stands in
//     for as many characters of the other (□ for 疇), or is up to three
//     Latin letters or digits amid Han text for one or two characters (a
//     digitisation's private code: fk for 鈒); editorial when one side
//     alone has a name closing a line after a dash (「——韓愈」); else
//     substantive. Two such runs with one
//     matched unit between are one variant (太宗 / 皇太极, not 宗 / 极);
//   * matched units whose characters differ: script (Traditional and
//     Simplified forms), or conversion instead when rules.same_script and
//     the two are not also variant forms of each other (髮/發 between two
//     Traditional editions); glyph (other variant forms, rules included);
//   * different punctuation between matched units: punct; a passage
//     boundary on one side only, the text being otherwise equal: break.
std::vector<FoundVariant> find_variants(const CollationText& a, const CollationText& b, const CollationRules& rules);

}  // namespace jiaozhu::detail
