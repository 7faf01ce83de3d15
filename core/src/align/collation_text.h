// One side of a collation: passages as a sequence of comparable units.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace jiaozhu::detail {

// A unit is a Han character or one letter or digit of a Latin run. Its key
// is the search form (fold_han, or the letter lowercased without
// diacritics), so that units of two editions compare equal across script.
// Punctuation and white space are not units: they lie in the gaps between.
struct Unit {
  uint32_t key;
  uint32_t passage;  // index into the side's passages
  uint32_t begin;    // code point offset into that passage's text
  bool latin;

  uint32_t end() const { return begin + 1; }  // a unit is one code point
};

struct CollationText {
  std::vector<std::u32string> passages;  // the texts, as code points
  std::vector<uint32_t> keys;            // keys[i] == units[i].key, for the aligners
  std::vector<Unit> units;
  std::vector<uint32_t> units_per_passage;  // units are stored in passage order
};

CollationText make_collation_text(std::span<const std::string> passage_texts);

}  // namespace jiaozhu::detail
