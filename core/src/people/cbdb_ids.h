// The log of persons' CBDB ids (table character_cbdb_id; choice_log.h).
#pragma once

#include <string_view>

#include "repo/choice_log.h"

namespace jiaozhu::detail {

inline constexpr ChoiceTable kCbdbIds{"character_cbdb_id", "character_uuid", "cbdb_id", "note"};

// Throws UsageError unless `id` is a CBDB person id: 1 to 12 digits.
void check_cbdb_id(std::string_view id);

}  // namespace jiaozhu::detail
