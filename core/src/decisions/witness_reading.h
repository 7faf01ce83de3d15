// What a witness reads at a place of the base, from the stored collation of
// the pair: the base's words there with the witness's variants put in. What
// `decide --adopt W` puts into the edited text.
#pragma once

#include <string>

#include "jiaozhu/decisions.h"

namespace jiaozhu::detail {

// Throws UsageError when the witness reads as the base there, when one of
// its variants reaches beyond the place (decide it with --emend), or when
// the place is a passage the witness lacks; NotFound for an unknown siglum
// or a base edition this copy does not hold.
std::string witness_reading(Database& db, const ApparatusPlace& place, const std::string& witness);

}  // namespace jiaozhu::detail
