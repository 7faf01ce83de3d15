// The decision tables (apparatus_place, decision, decision_parent) at row
// level, shared by the repository and merge. Writes expect the caller's
// write transaction.
//
// Invariants kept here and verified by `check`:
//   * a place's uuid derives from its content (place_uuid), a decision's
//     from its content and parents (decision_uuid): a row edited by hand or
//     by a copy that lies is found;
//   * a decision's parents are decisions of the same place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/decisions.h"

namespace jiaozhu::detail {

std::string decision_uuid(const Decision& d);

class DecisionStore {
 public:
  explicit DecisionStore(Database& db) : db_(db) {}

  // False when the place is here already.
  bool insert_place(const ApparatusPlace& p);
  std::optional<ApparatusPlace> find_place(const std::string& uuid) const;
  bool has_place(const std::string& uuid) const;
  // The place whose uuid starts with `prefix` (lower case): NotFound, or
  // UsageError naming the candidates when several match or the prefix is
  // shorter than 4.
  ApparatusPlace resolve_prefix(const std::string& prefix) const;

  // Inserts the decision and its parent links (parents stored first); false
  // when it is here already.
  bool insert(const Decision& d);
  bool has(const std::string& uuid) const;
  // Decisions of a place, oldest first; heads only when asked.
  std::vector<Decision> of_place(const std::string& place_uuid, bool heads_only) const;
  // What stands at every decided place of base edition `edition_uuid`
  // (every edition when empty), by place uuid: one query, for an apparatus
  // of 20,000 decided places.
  std::vector<PlaceDecision> standings_of_edition(const std::string& edition_uuid) const;

  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

// Whether two decisions say the same (action, reading, witness, reason):
// the same decision made in two copies is one, whoever made it.
bool same_say(const Decision& a, const Decision& b);

// Groups one place's heads (oldest first) into its standing: the newest
// head, and the heads saying otherwise.
PlaceDecision standing(const ApparatusPlace& place, const std::vector<Decision>& heads);

}  // namespace jiaozhu::detail
