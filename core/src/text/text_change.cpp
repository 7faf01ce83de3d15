#include "text/text_change.h"

#include <algorithm>

namespace jiaozhu::detail {

TextChange::TextChange(std::u32string_view before, std::u32string_view after)
    : old_size_(static_cast<int64_t>(before.size())), new_size_(static_cast<int64_t>(after.size())) {
  const std::size_t shorter = std::min(before.size(), after.size());
  std::size_t prefix = 0;
  while (prefix < shorter && before[prefix] == after[prefix]) ++prefix;
  // The ending may not reach back into the opening: 「大大」 to 「大」 has one
  // changed code point, not a negative stretch.
  std::size_t suffix = 0;
  while (suffix < shorter - prefix && before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix]) ++suffix;
  prefix_ = static_cast<int64_t>(prefix);
  suffix_ = static_cast<int64_t>(suffix);
}

std::optional<std::pair<int64_t, int64_t>> TextChange::map(int64_t start, int64_t end) const {
  if (unchanged()) return std::pair{start, end};
  const bool empty = start == end;
  if (end < prefix_ || (!empty && end == prefix_)) return std::pair{start, end};
  const int64_t ending = old_end();
  if (start > ending || (!empty && start == ending)) {
    const int64_t shift = new_size_ - old_size_;
    return std::pair{start + shift, end + shift};
  }
  return std::nullopt;
}

}  // namespace jiaozhu::detail
