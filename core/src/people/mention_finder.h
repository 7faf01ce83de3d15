// Finding alias forms in passage text: leftmost-longest, without overlap.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace jiaozhu::detail {

struct FoundMention {
  std::size_t start = 0;  // code points
  std::size_t end = 0;
  int64_t alias_id = 0;
};

class MentionFinder {
 public:
  // `aliases`: (alias id, folded form as code points). Forms shared by
  // several aliases (two persons called 太宗) find all of them.
  explicit MentionFinder(const std::vector<std::pair<int64_t, std::u32string>>& aliases);

  bool empty() const { return edges_.empty(); }

  // The mentions in `folded` (fold_code_points of a passage): scanning left
  // to right, at each place the longest form that starts there; the scan
  // resumes after it, so a short name inside a longer one is not counted.
  std::vector<FoundMention> find(std::u32string_view folded) const;

 private:
  std::unordered_map<uint64_t, uint32_t> edges_;           // (node << 32 | code point) -> node
  std::unordered_map<uint32_t, std::vector<int64_t>> ends_;  // node -> aliases whose form ends there
  uint32_t nodes_ = 1;                                      // node 0 is the root
};

}  // namespace jiaozhu::detail
