// Links and variants between a witness and its base as a source's critical
// apparatus records them (TEI <app>): the apparatus says which passage of the
// witness reads which of the base and where they differ, so nothing is
// aligned or diffed: a link per passage, a variant per reading.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "align/variant_finder.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// What an apparatus says of one passage of a witness: the base's passage it
// reads (seq), its own (seq), and where they differ, in code points, in the
// order of the text: each a reading of the apparatus, the base's lemma
// [base_start, base_end) read as [witness_start, witness_end).
struct WitnessReading {
  int64_t base_start = 0, base_end = 0;
  int64_t witness_start = 0, witness_end = 0;
};
struct WitnessPassage {
  int64_t base_seq = 0, witness_seq = 0;
  std::vector<WitnessReading> readings;
};

// The class of the reading `b` of lemma `a` under `rules`: the weightiest
// class of the differences between the two (a reading and a variant form
// within one lemma is a reading), nothing when they do not differ at all.
std::optional<VariantClass> reading_class(std::u32string_view a, std::u32string_view b, const CollationRules& rules);

// Links each passage of edition `witness_id` with the passage of `base_id`
// it reads (manual links: the source's, which `align` keeps), the base on
// side a, with one variant per reading of `passages`, classed by
// reading_class. A reading outside its passages' texts is refused with
// InputError naming it. Returns the links made. The caller holds the write
// transaction.
int64_t store_apparatus_links(Database& db, int64_t base_id, int64_t witness_id, const std::vector<WitnessPassage>& passages);

}  // namespace jiaozhu::detail
