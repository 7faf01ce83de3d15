// Merge's step for a choice log (choice_log.h): the other copy's rows,
// each checked (its fields, its value, its uuid derived from its content)
// and added when new. The layer that owns a log calls it with the log's
// table and the check of its values.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "repo/choice_log.h"
#include "repo/merge_context.h"

namespace jiaozhu::detail {

// Returns how many rows were added.
int64_t merge_choice_log(MergeContext& m, const ChoiceTable& t, const std::function<void(const std::string& value)>& check_value);
// The logs the repository layer owns: editions' datings and dismissed suggestions.
void merge_datings(MergeContext& m);
void merge_dismissals(MergeContext& m);

}  // namespace jiaozhu::detail
