// What the base and a witness read at a place: the base's words as they
// stand now (a decision is made on what the editor sees), and the
// witness's reading from the stored collation of the pair, the base's words
// there with the witness's variants put in: what `decide --adopt W` puts
// into the edited text.
#pragma once

#include <string>

#include "jiaozhu/decisions.h"
#include "jiaozhu/edition.h"

namespace jiaozhu::detail {

// Whether `text` (of the place's field) still reads the place's words at its offsets.
bool reads_lemma(const std::u32string& text, const ApparatusPlace& place);

// The place's base edition and the text of the place's field in its passage.
struct PlaceBase {
  Edition base;
  std::u32string text;
};
// Throws NotFound when the base edition or the passage is not here, and
// ConflictError when the text no longer reads the place's words there (it
// was replaced since an apparatus listed the place).
PlaceBase current_base(Database& db, const ApparatusPlace& place);

// Throws UsageError when the witness reads as the base there, when one of
// its variants reaches beyond the place (decide it with --emend), or when
// the place is a passage the witness lacks; NotFound for an unknown siglum.
std::string witness_reading(Database& db, const ApparatusPlace& place, const PlaceBase& here, const std::string& witness);

}  // namespace jiaozhu::detail
