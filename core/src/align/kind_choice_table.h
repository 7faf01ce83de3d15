// The table behind VariantKindChoices, for merge and check.
#pragma once

#include "repo/choice_log.h"

namespace jiaozhu::detail {

inline constexpr ChoiceTable kKindChoices{"variant_kind_choice", "variant_uuid", "kind", "note"};

}  // namespace jiaozhu::detail
