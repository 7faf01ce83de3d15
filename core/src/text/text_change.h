// How a passage's text changed between two revisions, as what stays put:
// an unchanged opening and an unchanged ending around one changed stretch.
// What lay in the opening keeps its offsets, what lay in the ending moves
// by the difference in length; a span that reaches into the changed
// stretch was touched by the change. Several corrections far apart in one
// revision make one stretch from the first to the last: what lies between
// them counts as touched, which errs on the side of looking again.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

namespace jiaozhu::detail {

class TextChange {
 public:
  // The change from `before` to `after` (code points).
  TextChange(std::u32string_view before, std::u32string_view after);

  // Where span [start, end) of the old text stands in the new one, or
  // nothing when the change touched it. An empty span (a point between two
  // code points) at the edge of the changed stretch counts as touched.
  std::optional<std::pair<int64_t, int64_t>> map(int64_t start, int64_t end) const;

  // The changed stretch: [first, old_end) of the old text became
  // [first, new_end) of the new one.
  int64_t first() const { return prefix_; }
  int64_t old_end() const { return old_size_ - suffix_; }
  int64_t new_end() const { return new_size_ - suffix_; }
  bool unchanged() const { return prefix_ == old_size_ && old_size_ == new_size_; }

 private:
  int64_t prefix_ = 0, suffix_ = 0, old_size_ = 0, new_size_ = 0;
};

}  // namespace jiaozhu::detail
