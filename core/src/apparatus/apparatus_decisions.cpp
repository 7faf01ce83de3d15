#include "apparatus/apparatus_decisions.h"

#include <algorithm>
#include <unordered_map>

#include "jiaozhu/decisions.h"

namespace jiaozhu {
namespace {

// The entry's place; its uuid computed unless `id` gives it.
ApparatusPlace place_of(const Apparatus& a, const ApparatusPassage& p, const ApparatusEntry& e, const std::string& id = "") {
  ApparatusPlace place;
  place.edition_uuid = a.base.uuid;
  place.seq = p.seq;
  place.field = e.field;
  place.start = e.start;
  place.end = e.end;
  place.lemma = e.lemma;
  place.lacuna = !e.readings.empty() && e.readings.front().kind == ReadingKind::kLacuna;
  place.uuid = id.empty() ? place_uuid(place) : id;
  return place;
}

// The policy of `action` covering every reading of `e`, if one does: the
// first that covers its first reading stands for them all.
std::optional<Policy> policy_for(const ApparatusEntry& e, const std::vector<Policy>& policies, DecisionAction action) {
  std::optional<Policy> first;
  for (const ApparatusReading& r : e.readings) {
    const auto covers = [&](const Policy& p) {
      return p.action == action && p.variant_class == r.variant_class &&
             (p.witness_uuid.empty() || (r.witnesses.size() == 1 && r.witnesses.front() == p.witness));
    };
    auto it = std::find_if(policies.begin(), policies.end(), covers);
    if (it == policies.end()) return std::nullopt;
    if (!first) first = *it;
  }
  return first;
}

}  // namespace

std::optional<DecisionAction> ApparatusEntry::action() const {
  if (decision && decision->action) return decision->action;
  if (policy) return policy->action;
  return std::nullopt;
}

int64_t Apparatus::recorded() const {
  int64_t n = 0;
  for (const ApparatusPassage& p : passages) {
    n += std::count_if(p.entries.begin(), p.entries.end(), [](const ApparatusEntry& e) { return !e.omitted(); });
  }
  return n;
}

std::vector<ApparatusPlace> places_of(const Apparatus& a) {
  std::vector<ApparatusPlace> out;
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusEntry& e : p.entries) out.push_back(place_of(a, p, e, e.id));
  }
  return out;
}

}  // namespace jiaozhu

namespace jiaozhu::detail {

void apply_decisions(Database& db, Apparatus& a, bool undecided_only) {
  DecisionRepository repo(db);
  a.policies = repo.policies();
  std::unordered_map<std::string, PlaceDecision> decided;
  for (PlaceDecision& d : repo.of_edition(a.base.uuid)) decided.emplace(d.current.place_uuid, std::move(d));
  a.undecided = 0;
  a.worklist = undecided_only;
  for (ApparatusPassage& p : a.passages) {
    for (ApparatusEntry& e : p.entries) {
      e.id = place_of(a, p, e).uuid;
      if (auto it = decided.find(e.id); it != decided.end() && it->second.current.action) {
        e.decision = it->second.current;
        e.in_conflict = it->second.conflict();
      } else {
        e.policy = policy_for(e, a.policies, DecisionAction::kOmit);
        if (!e.policy) e.policy = policy_for(e, a.policies, DecisionAction::kRecord);
      }
      if (!e.action() || e.in_conflict) ++a.undecided;
    }
    if (undecided_only) {
      std::erase_if(p.entries, [](const ApparatusEntry& e) { return e.action() && !e.in_conflict; });
    }
  }
}

}  // namespace jiaozhu::detail
