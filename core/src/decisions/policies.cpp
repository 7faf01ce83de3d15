// The 凡例's standing policies: adding, removing, listing them.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "decisions/policy_store.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace detail {

std::string policy_uuid(DecisionAction action, VariantClass c, const std::string& witness_uuid) {
  return uuid_from_name("policy\n" + std::string(to_string(action)) + "\n" + std::string(to_string(c)) + "\n" + witness_uuid);
}

void PolicyStore::insert(const Policy& p) {
  auto q = db_.cached("INSERT INTO policy (uuid, action, class, witness_uuid) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
  q->bind(1, p.uuid);
  q->bind(2, std::string(to_string(p.action)));
  q->bind(3, std::string(to_string(p.variant_class)));
  if (p.witness_uuid.empty()) q->bind(4); else q->bind(4, p.witness_uuid);
  q->exec();
}

std::vector<Policy> PolicyStore::all() const {
  SQLite::Statement q(db_.sql(), "SELECT p.uuid, p.action, p.class, coalesce(p.witness_uuid, ''), coalesce(e.siglum, '') "
                                 "FROM policy p LEFT JOIN edition e ON e.uuid = p.witness_uuid ORDER BY p.action, p.class, p.uuid");
  std::vector<Policy> out;
  while (q.executeStep()) {
    Policy p;
    p.uuid = q.getColumn(0).getString();
    p.action = parse_decision_action(q.getColumn(1).getString());
    p.variant_class = parse_variant_class(q.getColumn(2).getString());
    p.witness_uuid = q.getColumn(3).getString();
    p.witness = q.getColumn(4).getString();
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> PolicyStore::faults() const {
  std::vector<std::string> out = ChoiceLog(db_, kPolicyChoices).faults();
  for (const Policy& p : all()) {
    if (policy_uuid(p.action, p.variant_class, p.witness_uuid) != p.uuid) {
      out.push_back("policy " + p.uuid + " has a uuid not derived from its content");
    }
  }
  return out;
}

}  // namespace detail

Policy DecisionRepository::add_policy(DecisionAction action, VariantClass c, const std::string& witness, const std::string& note,
                                      const std::string& author) {
  if (action != DecisionAction::kOmit && action != DecisionAction::kRecord) {
    throw UsageError("a policy omits (不出校) or records (出校) a class of places; adopting or emending is decided place by place");
  }
  if (author.empty()) throw NoAuthor();
  Policy p;
  p.action = action;
  p.variant_class = c;
  p.note = checked_argument(Field::kDecisionNote, note, "the note");
  p.author = checked_argument(Field::kAuthor, author, "the author");
  db_.write([&] {
    if (!witness.empty()) {
      p.witness_uuid = EditionRepository(db_).get(witness).uuid;
      p.witness = witness;
    }
    p.uuid = detail::policy_uuid(action, c, p.witness_uuid);
    detail::PolicyStore(db_).insert(p);
    const detail::Choice made = detail::ChoiceLog(db_, detail::kPolicyChoices).record(p.uuid, std::string(detail::kInForce), p.note, p.author);
    p.set_at = made.set_at;
  });
  return p;
}

void DecisionRepository::remove_policy(const std::string& id, const std::string& author) {
  if (author.empty()) throw NoAuthor();
  const std::string checked = checked_argument(Field::kAuthor, author, "the author");
  db_.write([&] {
    const std::string prefix = lower_ascii(id);
    std::vector<Policy> found;
    for (Policy& p : policies()) {
      if (prefix.size() >= 4 && p.uuid.rfind(prefix, 0) == 0) found.push_back(std::move(p));
    }
    if (found.empty()) throw NotFound("no policy in force has id " + id + " (see `jiaozhu policy list`)");
    if (found.size() > 1) throw UsageError("policy id " + id + " is ambiguous; give more of it");
    detail::ChoiceLog(db_, detail::kPolicyChoices).record(found.front().uuid, std::nullopt, "", checked);
  });
}

std::vector<Policy> DecisionRepository::policies() const {
  const detail::ChoiceLog log(db_, detail::kPolicyChoices);
  const auto current = log.all_current();
  std::vector<Policy> out;
  for (Policy& p : detail::PolicyStore(db_).all()) {
    auto it = current.find(p.uuid);
    if (it == current.end() || !it->second.value) continue;
    p.note = it->second.note;
    p.author = it->second.author;
    p.set_at = it->second.set_at;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace jiaozhu
