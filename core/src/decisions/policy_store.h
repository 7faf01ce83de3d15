// The policy tables: policy (what a policy is, its uuid derived from it) and
// policy_choice, the choice log of whether it is in force (choice_log.h).
// Shared by the repository and merge; writes expect the caller's
// transaction.
#pragma once

#include <string>
#include <vector>

#include "jiaozhu/decisions.h"
#include "repo/choice_log.h"

namespace jiaozhu::detail {

inline constexpr ChoiceTable kPolicyChoices{"policy_choice", "policy_uuid", "state", "note"};
inline constexpr char kInForce[] = "in force";

std::string policy_uuid(DecisionAction action, VariantClass c, const std::string& witness_uuid);

class PolicyStore {
 public:
  explicit PolicyStore(Database& db) : db_(db) {}

  // Adds the policy's row (the uuid derived) unless it is here.
  void insert(const Policy& p);
  // Every policy row, whether in force or not; note, author and set_at
  // from its newest choice (empty when it has none).
  std::vector<Policy> all() const;
  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
