#include "decisions/decision_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>

#include "jiaozhu/error.h"
#include "decisions/decision_store.h"
#include "decisions/policy_store.h"
#include "repo/choice_log_merge.h"

namespace jiaozhu::detail {
namespace {

void merge_places(MergeContext& m, DecisionStore& store) {
  SQLite::Statement q(m.other,
                      "SELECT DISTINCT p.uuid, p.edition_uuid, p.seq, p.field, p.start_at, p.end_at, p.lemma, p.lacuna "
                      "FROM apparatus_place p JOIN decision d ON d.place_uuid = p.uuid ORDER BY p.uuid");
  while (q.executeStep()) {
    ApparatusPlace p;
    p.uuid = m.text(q, 0, Field::kUuid);
    p.edition_uuid = m.text(q, 1, Field::kUuid);
    p.seq = q.getColumn(2).getInt64();
    p.field = parse_variant_field(q.getColumn(3).getString());
    p.start = q.getColumn(4).getInt64();
    p.end = q.getColumn(5).getInt64();
    p.lemma = m.text(q, 6, Field::kQuote);
    p.lacuna = q.getColumn(7).getInt() != 0;
    if (place_uuid(p) != p.uuid) m.refuse("apparatus place " + p.uuid + " has a uuid not derived from its content");
    store.insert_place(p);
  }
}

std::vector<Decision> incoming_decisions(MergeContext& m) {
  SQLite::Statement q(m.other, "SELECT uuid, place_uuid, action, reading, coalesce(witness_uuid, ''), coalesce(reason, ''), "
                               "coalesce(note, ''), author, made_at FROM decision ORDER BY made_at, uuid");
  SQLite::Statement parents(m.other, "SELECT parent_uuid FROM decision_parent WHERE decision_uuid = ? ORDER BY parent_uuid");
  std::vector<Decision> out;
  while (q.executeStep()) {
    Decision d;
    d.uuid = m.text(q, 0, Field::kUuid);
    d.place_uuid = m.text(q, 1, Field::kUuid);
    if (!q.getColumn(2).isNull()) d.action = parse_decision_action(q.getColumn(2).getString());
    if (!q.getColumn(3).isNull()) d.reading = m.text(q, 3, Field::kQuote);
    d.witness_uuid = m.text(q, 4, Field::kUuid);
    d.reason = m.text(q, 5, Field::kDecisionNote);
    d.note = m.text(q, 6, Field::kDecisionNote);
    d.author = m.text(q, 7, Field::kAuthor);
    d.made_at = m.text(q, 8, Field::kTimestamp);
    parents.bind(1, d.uuid);
    while (parents.executeStep()) d.parents.push_back(m.text(parents, 0, Field::kUuid));
    parents.reset();
    if (decision_uuid(d) != d.uuid) m.refuse("decision " + d.uuid + " has a uuid not derived from its content");
    out.push_back(std::move(d));
  }
  return out;
}

// Adds the new decisions, each after its parents (a clock set wrong in one
// copy must not put a child before its parent).
int64_t add_in_order(MergeContext& m, DecisionStore& store, std::vector<Decision> pending) {
  int64_t added = 0;
  while (!pending.empty()) {
    std::vector<Decision> waiting;
    for (Decision& d : pending) {
      bool ready = true;
      for (const std::string& p : d.parents) ready = ready && store.has(p);
      if (!ready) {
        waiting.push_back(std::move(d));
        continue;
      }
      added += store.insert(d) ? 1 : 0;
    }
    if (waiting.size() == pending.size()) m.refuse("decision " + waiting.front().uuid + " names a parent the copy does not hold");
    pending = std::move(waiting);
  }
  return added;
}

void merge_policies(MergeContext& m) {
  PolicyStore store(m.db);
  SQLite::Statement q(m.other, "SELECT uuid, action, class, coalesce(witness_uuid, '') FROM policy ORDER BY uuid");
  while (q.executeStep()) {
    Policy p;
    p.uuid = m.text(q, 0, Field::kUuid);
    p.action = parse_decision_action(q.getColumn(1).getString());
    p.variant_class = parse_variant_class(q.getColumn(2).getString());
    p.witness_uuid = m.text(q, 3, Field::kUuid);
    if (policy_uuid(p.action, p.variant_class, p.witness_uuid) != p.uuid) {
      m.refuse("policy " + p.uuid + " has a uuid not derived from its content");
    }
    store.insert(p);
  }
  m.report.policies = merge_choice_log(m, kPolicyChoices, [](const std::string& value) {
    if (value != kInForce) throw UsageError("a policy's state is 'in force' or nothing, not '" + value + "'");
  });
}

}  // namespace

void merge_decisions(MergeContext& m) {
  DecisionStore store(m.db);
  merge_places(m, store);
  m.report.decisions = add_in_order(m, store, incoming_decisions(m));
  merge_policies(m);
}

}  // namespace jiaozhu::detail
