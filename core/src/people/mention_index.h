// Keeping table mention in step with aliases and passages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

class MentionIndex {
 public:
  explicit MentionIndex(Database& db) : db_(db) {}

  // Recomputes the mentions of these passages with every alias. The caller
  // holds the write transaction.
  void refresh(const std::vector<int64_t>& passage_ids);
  // The same for every passage of an edition, and of the database.
  void refresh_edition(int64_t edition_id);
  void rebuild();

  // Differences between the stored mentions and a fresh scan; empty when
  // they agree.
  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
