// decide, and reading what was decided: the current decision of a place,
// its history, the places in conflict.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "decisions/decision_store.h"
#include "decisions/policy_store.h"
#include "decisions/witness_reading.h"
#include "db/settings.h"
#include "util/clock.h"
#include "util/sha256.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace {

constexpr std::pair<DecisionAction, std::string_view> kActionNames[] = {{DecisionAction::kOmit, "omit"},
                                                                        {DecisionAction::kRecord, "record"},
                                                                        {DecisionAction::kAdopt, "adopt"},
                                                                        {DecisionAction::kEmend, "emend"},
                                                                        {DecisionAction::kDoubt, "doubt"}};

// The decision `r` asks for on `place`, its texts checked as every door checks them.
Decision drafted(Database& db, const ApparatusPlace& place, const detail::PlaceBase& at, const DecisionRequest& r) {
  if (r.author.empty()) throw NoAuthor();
  Decision d;
  d.place_uuid = place.uuid;
  d.action = r.action;
  d.author = checked_argument(Field::kAuthor, r.author, "the author");
  d.note = checked_argument(Field::kDecisionNote, r.note, "the note");
  if (r.action == DecisionAction::kAdopt) {
    if (r.witness.empty()) throw UsageError("--adopt names the witness whose reading the edited text takes");
    d.witness_uuid = EditionRepository(db).get(r.witness).uuid;
    if (d.witness_uuid == place.edition_uuid) throw UsageError(r.witness + " is the base: adopting its reading changes nothing");
    d.reading = detail::witness_reading(db, place, at, r.witness);
  } else if (r.action == DecisionAction::kEmend) {
    d.reading = checked_argument(Field::kQuote, r.reading, "the emended reading");
    if (*d.reading == place.lemma) throw UsageError("the emendation reads as the base already");
    d.reason = checked_argument(Field::kDecisionNote, r.reason, "the reason");
    if (d.reason.empty()) throw UsageError("an emendation needs --reason: 據文義改, or the source it follows");
  }
  return d;
}

}  // namespace

std::string_view to_string(DecisionAction a) {
  for (const auto& [action, name] : kActionNames) {
    if (action == a) return name;
  }
  return "omit";
}

DecisionAction parse_decision_action(std::string_view name) {
  for (const auto& [action, known] : kActionNames) {
    if (known == name) return action;
  }
  throw UsageError("unknown decision '" + std::string(name) + "' (use omit, record, adopt, emend, doubt)");
}

std::string place_uuid(const ApparatusPlace& p) {
  return detail::uuid_from_name("apparatus place\n" + p.edition_uuid + "\n" + std::to_string(p.seq) + "\n" +
                                std::string(to_string(p.field)) + "\n" + std::to_string(p.start) + "\n" +
                                std::to_string(p.end) + "\n" + p.lemma + (p.lacuna ? "\nlacuna" : ""));
}

void DecisionRepository::remember_places(const std::vector<ApparatusPlace>& places) {
  // An apparatus asked for again lists the places an earlier run remembered
  // (they are never deleted): the digest of its list, kept as a setting,
  // says so without a lookup per place (115,000 of them in a collection).
  std::string ids;
  for (const ApparatusPlace& p : places) ids += p.uuid;
  const std::string key = "apparatus places " + detail::sha256_hex(ids);
  std::optional<std::string> seen;
  db_.read([&] { seen = detail::read_setting(db_, key); });
  if (seen) return;
  detail::DecisionStore store(db_);
  db_.write([&] {
    for (const ApparatusPlace& p : places) {
      if (!store.has_place(p.uuid)) store.insert_place(p);
    }
    detail::write_setting(db_, key, std::to_string(places.size()));
  });
}

ApparatusPlace DecisionRepository::place(const std::string& id) const {
  return detail::DecisionStore(db_).resolve_prefix(lower_ascii(id));
}

PlaceDecision DecisionRepository::decide(const DecisionRequest& request) {
  PlaceDecision out;
  db_.write([&] {
    detail::DecisionStore store(db_);
    const ApparatusPlace p = store.resolve_prefix(lower_ascii(request.place));
    Decision d = drafted(db_, p, detail::current_base(db_, p), request);
    const std::vector<Decision> heads = store.of_place(p.uuid, true);
    const bool settled = heads.size() == 1 && detail::same_say(heads.front(), d) && heads.front().note == d.note;
    if (!settled) {
      for (const Decision& h : heads) d.parents.push_back(h.uuid);
      std::sort(d.parents.begin(), d.parents.end());
      d.made_at = detail::utc_now_ms();
      d.uuid = detail::decision_uuid(d);
      store.insert(d);
    }
    out = detail::standing(p, store.of_place(p.uuid, true));
  });
  return out;
}

std::vector<Decision> DecisionRepository::history(const std::string& id) const {
  detail::DecisionStore store(db_);
  return store.of_place(store.resolve_prefix(lower_ascii(id)).uuid, false);
}

std::vector<PlaceDecision> DecisionRepository::of_edition(const std::string& edition_uuid) const {
  return detail::DecisionStore(db_).standings_of_edition(edition_uuid);
}

std::vector<PlaceDecision> DecisionRepository::conflicts() const {
  std::vector<PlaceDecision> out;
  for (PlaceDecision& pd : of_edition("")) {
    if (pd.conflict()) out.push_back(std::move(pd));
  }
  return out;
}

int64_t DecisionRepository::conflict_count() const {
  // Places with several heads are few: only they are read.
  SQLite::Statement q(db_.sql(),
                      "SELECT place_uuid FROM decision d WHERE NOT EXISTS (SELECT 1 FROM decision_parent x "
                      "WHERE x.parent_uuid = d.uuid) GROUP BY place_uuid HAVING count(*) > 1");
  int64_t n = 0;
  detail::DecisionStore store(db_);
  while (q.executeStep()) {
    const auto heads = store.of_place(q.getColumn(0).getString(), true);
    for (const Decision& h : heads) {
      if (!detail::same_say(h, heads.back())) {
        ++n;
        break;
      }
    }
  }
  return n;
}

std::vector<std::string> DecisionRepository::faults() const {
  std::vector<std::string> out = detail::DecisionStore(db_).faults();
  for (std::string& f : detail::PolicyStore(db_).faults()) out.push_back(std::move(f));
  return out;
}

}  // namespace jiaozhu
