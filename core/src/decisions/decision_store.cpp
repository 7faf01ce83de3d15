#include "decisions/decision_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "util/columns.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

// A decision's eleven columns (read_decision), its parents comma-separated
// last, and where they come from.
#define JZ_DECISION_COLUMNS                                                                                 \
  "SELECT d.uuid, d.place_uuid, d.action, d.reading, coalesce(d.witness_uuid, ''), coalesce(d.reason, ''), " \
  "coalesce(d.note, ''), d.author, d.made_at, coalesce(e.siglum, ''), "                                    \
  "(SELECT group_concat(parent_uuid) FROM decision_parent x WHERE x.decision_uuid = d.uuid)"
#define JZ_DECISION_FROM " FROM decision d LEFT JOIN edition e ON e.uuid = d.witness_uuid "
constexpr char kColumns[] = JZ_DECISION_COLUMNS JZ_DECISION_FROM;
// With the place's eight columns after them.
constexpr char kColumnsWithPlace[] =
    JZ_DECISION_COLUMNS ", p.uuid, p.edition_uuid, p.seq, p.field, p.start_at, p.end_at, p.lemma, p.lacuna" JZ_DECISION_FROM
                        "JOIN apparatus_place p ON p.uuid = d.place_uuid ";
#undef JZ_DECISION_COLUMNS
#undef JZ_DECISION_FROM

constexpr char kIsHead[] = "NOT EXISTS (SELECT 1 FROM decision_parent x WHERE x.parent_uuid = d.uuid)";

// A place from the eight columns of kPlaceColumns, the first at `first`.
ApparatusPlace read_place(SQLite::Statement& q, int first = 0) {
  ApparatusPlace p;
  p.uuid = q.getColumn(first).getString();
  p.edition_uuid = q.getColumn(first + 1).getString();
  p.seq = q.getColumn(first + 2).getInt64();
  p.field = parse_variant_field(q.getColumn(first + 3).getString());
  p.start = q.getColumn(first + 4).getInt64();
  p.end = q.getColumn(first + 5).getInt64();
  p.lemma = q.getColumn(first + 6).getString();
  p.lacuna = q.getColumn(first + 7).getInt() != 0;
  return p;
}

// A decision from the eleven columns of kColumns.
Decision read_decision(SQLite::Statement& q) {
  Decision d;
  d.uuid = q.getColumn(0).getString();
  d.place_uuid = q.getColumn(1).getString();
  if (!q.getColumn(2).isNull()) d.action = parse_decision_action(q.getColumn(2).getString());
  if (!q.getColumn(3).isNull()) d.reading = q.getColumn(3).getString();
  d.witness_uuid = q.getColumn(4).getString();
  d.reason = q.getColumn(5).getString();
  d.note = q.getColumn(6).getString();
  d.author = q.getColumn(7).getString();
  d.made_at = q.getColumn(8).getString();
  d.witness = q.getColumn(9).getString();
  d.parents = sorted_comma_list(q.getColumn(10));
  return d;
}

std::vector<Decision> read_decisions(SQLite::Statement& q) {
  std::vector<Decision> out;
  while (q.executeStep()) out.push_back(read_decision(q));
  return out;
}

constexpr char kPlaceColumns[] = "SELECT uuid, edition_uuid, seq, field, start_at, end_at, lemma, lacuna FROM apparatus_place ";

}  // namespace

std::string decision_uuid(const Decision& d) {
  std::string parents;
  for (const std::string& p : d.parents) parents += p + ",";
  return uuid_from_name("decision\n" + d.place_uuid + "\n" + (d.action ? std::string(to_string(*d.action)) : "-") + "\n" +
                        (d.reading ? "=" + *d.reading : "-") + "\n" + d.witness_uuid + "\n" + d.reason + "\n" + d.note +
                        "\n" + d.author + "\n" + d.made_at + "\n" + parents);
}

bool same_say(const Decision& a, const Decision& b) {
  return a.action == b.action && a.reading == b.reading && a.witness_uuid == b.witness_uuid && a.reason == b.reason;
}

bool DecisionStore::insert_place(const ApparatusPlace& p) {
  auto q = db_.cached("INSERT INTO apparatus_place (uuid, edition_uuid, seq, field, start_at, end_at, lemma, lacuna) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
  q->bind(1, p.uuid);
  q->bind(2, p.edition_uuid);
  q->bind(3, p.seq);
  q->bind(4, std::string(to_string(p.field)));
  q->bind(5, p.start);
  q->bind(6, p.end);
  q->bind(7, p.lemma);
  q->bind(8, p.lacuna ? 1 : 0);
  return q->exec() > 0;
}

std::optional<ApparatusPlace> DecisionStore::find_place(const std::string& uuid) const {
  SQLite::Statement q(db_.sql(), std::string(kPlaceColumns) + "WHERE uuid = ?");
  q.bind(1, uuid);
  if (!q.executeStep()) return std::nullopt;
  return read_place(q);
}

bool DecisionStore::has_place(const std::string& uuid) const {
  auto q = db_.cached("SELECT 1 FROM apparatus_place WHERE uuid = ?");
  q->bind(1, uuid);
  return q->executeStep();
}

ApparatusPlace DecisionStore::resolve_prefix(const std::string& prefix) const {
  if (prefix.size() < 4) throw UsageError("a place id needs at least 4 characters, not '" + prefix + "'");
  SQLite::Statement q(db_.sql(), std::string(kPlaceColumns) + "WHERE uuid >= ?1 AND uuid < ?1 || '~' ORDER BY uuid LIMIT 6");
  q.bind(1, prefix);
  std::vector<ApparatusPlace> found;
  while (q.executeStep()) found.push_back(read_place(q));
  if (found.empty()) {
    throw NotFound("no apparatus place has id " + prefix + "; ids are the \"id\" of `jiaozhu apparatus --format json`");
  }
  if (found.size() > 1) {
    std::string names;
    for (std::size_t i = 0; i < found.size() && i < 5; ++i) names += (i ? ", " : "") + found[i].uuid.substr(0, 13);
    throw UsageError("place id " + prefix + " is ambiguous: it begins " + names + (found.size() > 5 ? ", ..." : "") +
                     "; give more of it");
  }
  return found.front();
}

bool DecisionStore::has(const std::string& uuid) const {
  auto q = db_.cached("SELECT 1 FROM decision WHERE uuid = ?");
  q->bind(1, uuid);
  return q->executeStep();
}

bool DecisionStore::insert(const Decision& d) {
  auto q = db_.cached("INSERT INTO decision (uuid, place_uuid, action, reading, witness_uuid, reason, note, author, "
                      "made_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
  q->bind(1, d.uuid);
  q->bind(2, d.place_uuid);
  if (d.action) q->bind(3, std::string(to_string(*d.action))); else q->bind(3);
  if (d.reading) q->bind(4, *d.reading); else q->bind(4);
  if (d.witness_uuid.empty()) q->bind(5); else q->bind(5, d.witness_uuid);
  if (d.reason.empty()) q->bind(6); else q->bind(6, d.reason);
  if (d.note.empty()) q->bind(7); else q->bind(7, d.note);
  q->bind(8, d.author);
  q->bind(9, d.made_at);
  if (q->exec() == 0) return false;
  auto link = db_.cached("INSERT INTO decision_parent (decision_uuid, parent_uuid) VALUES (?, ?)");
  for (const std::string& p : d.parents) {
    link->bind(1, d.uuid);
    link->bind(2, p);
    link->exec();
    link->reset();
  }
  return true;
}

std::vector<Decision> DecisionStore::of_place(const std::string& place_uuid, bool heads_only) const {
  SQLite::Statement q(db_.sql(), std::string(kColumns) + "WHERE d.place_uuid = ? " + (heads_only ? std::string("AND ") + kIsHead : "") +
                                     " ORDER BY d.made_at, d.uuid");
  q.bind(1, place_uuid);
  return read_decisions(q);
}

PlaceDecision standing(const ApparatusPlace& place, const std::vector<Decision>& heads) {
  PlaceDecision pd;
  pd.place = place;
  pd.current = heads.back();
  for (std::size_t k = 0; k + 1 < heads.size(); ++k) {
    if (!same_say(heads[k], pd.current)) pd.rivals.push_back(heads[k]);
  }
  return pd;
}

std::vector<PlaceDecision> DecisionStore::standings_of_edition(const std::string& edition_uuid) const {
  SQLite::Statement q(db_.sql(), std::string(kColumnsWithPlace) + "WHERE (?1 = '' OR p.edition_uuid = ?1) AND " + kIsHead +
                                     " ORDER BY d.place_uuid, d.made_at, d.uuid");
  q.bind(1, edition_uuid);
  std::vector<PlaceDecision> out;
  std::vector<Decision> heads;
  ApparatusPlace place;
  auto flush = [&] {
    if (!heads.empty()) out.push_back(standing(place, heads));
    heads.clear();
  };
  while (q.executeStep()) {
    Decision d = read_decision(q);
    if (heads.empty() || heads.back().place_uuid != d.place_uuid) {
      flush();
      place = read_place(q, 11);
    }
    heads.push_back(std::move(d));
  }
  flush();
  return out;
}

std::vector<std::string> DecisionStore::faults() const {
  std::vector<std::string> out;
  SQLite::Statement places(db_.sql(), std::string(kPlaceColumns) + "ORDER BY uuid");
  while (places.executeStep()) {
    const ApparatusPlace p = read_place(places);
    if (place_uuid(p) != p.uuid) out.push_back("apparatus place " + p.uuid + " has a uuid not derived from its content");
  }
  SQLite::Statement all(db_.sql(), std::string(kColumns) + "ORDER BY d.uuid");
  for (const Decision& d : read_decisions(all)) {
    if (decision_uuid(d) != d.uuid) out.push_back("decision " + d.uuid + " has a uuid not derived from its content");
  }
  const int64_t strays = db_.sql()
                             .execAndGet("SELECT count(*) FROM decision_parent x JOIN decision c ON c.uuid = x.decision_uuid "
                                         "JOIN decision p ON p.uuid = x.parent_uuid WHERE c.place_uuid <> p.place_uuid")
                             .getInt64();
  if (strays) out.push_back(std::to_string(strays) + " decisions name a parent decided on another place");
  return out;
}

}  // namespace jiaozhu::detail
