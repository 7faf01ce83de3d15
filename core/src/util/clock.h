// The one clock rows are stamped with: UTC, ISO 8601, so that times sort as
// text and read the same in every copy.
#pragma once

#include <string>

namespace jiaozhu::detail {

// Now, as 2026-12-02T15:18:20Z.
std::string utc_now();

// Now with milliseconds, as 2026-12-02T15:18:20.042Z: revisions of one note
// made within a second must still sort in the order they were made.
std::string utc_now_ms();

}  // namespace jiaozhu::detail
