#include "people/mention_finder.h"

namespace jiaozhu::detail {

MentionFinder::MentionFinder(const std::vector<std::pair<int64_t, std::u32string>>& aliases) {
  for (const auto& [id, form] : aliases) {
    if (form.empty()) continue;
    uint32_t node = 0;
    for (char32_t c : form) {
      const uint64_t key = (static_cast<uint64_t>(node) << 32) | c;
      auto it = edges_.find(key);
      node = it != edges_.end() ? it->second : (edges_[key] = nodes_++);
    }
    ends_[node].push_back(id);
  }
}

std::vector<FoundMention> MentionFinder::find(std::u32string_view folded) const {
  std::vector<FoundMention> out;
  if (edges_.empty()) return out;
  for (std::size_t i = 0; i < folded.size();) {
    uint32_t node = 0;
    std::size_t best_end = 0;
    const std::vector<int64_t>* best = nullptr;
    for (std::size_t j = i; j < folded.size(); ++j) {
      auto it = edges_.find((static_cast<uint64_t>(node) << 32) | folded[j]);
      if (it == edges_.end()) break;
      node = it->second;
      if (auto e = ends_.find(node); e != ends_.end()) {
        best = &e->second;
        best_end = j + 1;
      }
    }
    if (!best) {
      ++i;
      continue;
    }
    for (int64_t id : *best) out.push_back({i, best_end, id});
    i = best_end;
  }
  return out;
}

}  // namespace jiaozhu::detail
