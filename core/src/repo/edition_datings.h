// The table behind EditionDatingRepository, for merge and check.
#pragma once

#include "repo/choice_log.h"

namespace jiaozhu::detail {

inline constexpr ChoiceTable kEditionDatings{"edition_dating", "edition_uuid", "dated", "note"};

}  // namespace jiaozhu::detail
