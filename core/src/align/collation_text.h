// One side of a collation: passages as a sequence of comparable units.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/huge_pages.h"

namespace jiaozhu {
class Folding;
}

namespace jiaozhu::detail {

// A unit is a Han character, one letter or digit of a Latin run, or a
// placeholder (is_placeholder: □, 〓, a private-use code point, or a whole
// ideographic description sequence such as ⿰氵⿱…). Its key is the search
// form (the database's Folding, or the letter lowercased without
// diacritics), so that units of two editions compare equal across script; a
// placeholder's key is kept apart from every character's, so that it never
// matches the character it stands for. Punctuation and white space are not
// units: they lie in the gaps between.
struct Unit {
  uint32_t key;
  uint32_t passage;  // index into the side's passages
  uint32_t begin;    // code point offset into that passage's text
  uint16_t length = 1;  // code points: more than one only for a description sequence
  bool latin = false;
  bool placeholder = false;

  uint32_t end() const { return begin + length; }
};

struct CollationText {
  std::vector<std::u32string> passages;  // the texts, as code points (none when not kept)
  HugeVector<uint32_t> keys;             // keys[i] == units[i].key, for the aligners
  HugeVector<Unit> units;
  std::vector<uint32_t> units_per_passage;  // units are stored in passage order
};

// `keep_texts` false leaves `passages` empty: aligning two whole editions
// needs only the units, and not keeping 6 M code points spares their memory.
CollationText make_collation_text(std::span<const std::string_view> passage_texts, const Folding& folding,
                                  bool keep_texts = true);
CollationText make_collation_text(std::span<const std::string> passage_texts, const Folding& folding);

}  // namespace jiaozhu::detail
