// Aligning two editions, with the notes that follow their links and variants.
#include "jiaozhu/workflow.h"
#include "notes/target_follower.h"

namespace jiaozhu {

AlignReport align_editions(Database& db, const std::string& a, const std::string& b) {
  AlignSteps steps;
  steps.before = [](Database& d) { detail::remember_collation_targets(d); };
  steps.after = [](Database& d, int64_t edition_a, int64_t edition_b) {
    detail::follow_collation_targets(d, edition_a, edition_b);
  };
  return align_pair(db, a, b, steps);
}

}  // namespace jiaozhu
