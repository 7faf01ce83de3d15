// The tables behind EditionDatingRepository and the editions' extents
// (edition.h: EditionRepository::partial), for merge and check.
#pragma once

#include "repo/choice_log.h"

namespace jiaozhu::detail {

inline constexpr ChoiceTable kEditionDatings{"edition_dating", "edition_uuid", "dated", "note"};
inline constexpr ChoiceTable kEditionExtents{"edition_extent", "edition_uuid", "extent", "note"};

}  // namespace jiaozhu::detail
