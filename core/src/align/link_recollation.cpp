#include "align/link_recollation.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

#include "align/collation_ids.h"
#include "align/kind_choice_table.h"
#include "align/link_draft.h"
#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"

namespace jiaozhu::detail {
namespace {

// A stored link as collation needs it.
struct StoredLink {
  int64_t id = 0;
  std::string uuid;
  bool manual = false;
  int64_t edition_a = 0, edition_b = 0;
  std::vector<CollatedPassage> a, b;  // in seq order
};

std::set<int64_t> links_holding(Database& db, const std::vector<ChangedPassage>& passages) {
  std::set<int64_t> out;
  auto q = db.cached("SELECT link_id FROM link_passage WHERE passage_id = ?");
  for (const ChangedPassage& p : passages) {
    q->bind(1, p.id);
    while (q->executeStep()) out.insert(q->getColumn(0).getInt64());
    q->reset();
  }
  return out;
}

// The link's passages, its first side being the edition its variants name
// first (the one named first to align), or the older edition when it has
// none.
StoredLink read_link(Database& db, int64_t link_id) {
  StoredLink l;
  l.id = link_id;
  SQLite::Statement q(db.sql(),
                      "SELECT l.uuid, l.origin, p.id, p.edition_id, p.seq, p.text, coalesce(p.title, ''), "
                      "coalesce(p.author, '') FROM link l JOIN link_passage lp ON lp.link_id = l.id "
                      "JOIN passage p ON p.id = lp.passage_id WHERE l.id = ? ORDER BY p.edition_id, p.seq");
  q.bind(1, link_id);
  std::map<int64_t, std::vector<CollatedPassage>> sides;
  while (q.executeStep()) {
    l.uuid = q.getColumn(0).getString();
    l.manual = q.getColumn(1).getString() == "manual";
    sides[q.getColumn(3).getInt64()].push_back({q.getColumn(2).getInt64(), q.getColumn(4).getInt64(),
                                               q.getColumn(5).getString(), q.getColumn(6).getString(),
                                               q.getColumn(7).getString()});
  }
  if (sides.size() != 2) return l;  // not a link between two editions: nothing to collate
  l.edition_a = sides.begin()->first;
  l.edition_b = std::next(sides.begin())->first;
  SQLite::Statement first(db.sql(), "SELECT p.edition_id FROM variant v JOIN passage p ON p.id = v.passage_a "
                                    "WHERE v.link_id = ? LIMIT 1");
  first.bind(1, link_id);
  if (first.executeStep() && first.getColumn(0).getInt64() == l.edition_b) std::swap(l.edition_a, l.edition_b);
  l.a = std::move(sides[l.edition_a]);
  l.b = std::move(sides[l.edition_b]);
  return l;
}

// A variant as stored: enough to derive its uuid and to move it.
struct StoredVariant {
  std::string variant_class, field;
  int64_t passage_a = 0, start_a = 0, end_a = 0, passage_b = 0, start_b = 0, end_b = 0;
};

std::vector<StoredVariant> read_variants(Database& db, int64_t link_id) {
  SQLite::Statement q(db.sql(), "SELECT class, field, passage_a, start_a, end_a, passage_b, start_b, end_b "
                                "FROM variant WHERE link_id = ? ORDER BY n");
  q.bind(1, link_id);
  std::vector<StoredVariant> out;
  while (q.executeStep()) {
    out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt64(),
                   q.getColumn(3).getInt64(), q.getColumn(4).getInt64(), q.getColumn(5).getInt64(),
                   q.getColumn(6).getInt64(), q.getColumn(7).getInt64()});
  }
  return out;
}

class VariantNamer {
 public:
  explicit VariantNamer(const StoredLink& l) : uuid_(l.uuid) {
    for (const auto* side : {&l.a, &l.b}) {
      for (const CollatedPassage& p : *side) seq_[p.id] = p.seq;
    }
  }
  std::string uuid(const StoredVariant& v) const {
    return variant_uuid(uuid_, variant_kind(v.field, v.variant_class), seq_.at(v.passage_a), v.start_a, v.end_a,
                        seq_.at(v.passage_b), v.start_b, v.end_b);
  }

 private:
  std::string uuid_;
  std::map<int64_t, int64_t> seq_;
};

// Where a variant of the old text stands in the new one; nothing when the
// change touched one of its readings.
std::optional<StoredVariant> moved(StoredVariant v, const std::map<int64_t, const TextChange*>& changes) {
  if (v.field != "text") return v;  // a correction changes the text only
  auto move_side = [&changes](int64_t passage, int64_t& start, int64_t& end) {
    const auto it = changes.find(passage);
    if (it == changes.end()) return true;
    const auto span = it->second->map(start, end);
    if (span) std::tie(start, end) = *span;
    return span.has_value();
  };
  if (!move_side(v.passage_a, v.start_a, v.end_a) || !move_side(v.passage_b, v.start_b, v.end_b)) return std::nullopt;
  return v;
}

bool kinds_chosen(Database& db) {
  SQLite::Statement q(db.sql(), "SELECT 1 FROM variant_kind_choice LIMIT 1");
  return q.executeStep();
}

}  // namespace

Recollation recollate_links(Database& db, const std::vector<ChangedPassage>& passages) {
  Recollation out;
  std::map<int64_t, const TextChange*> changes;
  for (const ChangedPassage& p : passages) changes[p.id] = &p.change;
  const bool carry_kinds = kinds_chosen(db);
  ChoiceLog kinds(db, kKindChoices);
  const EditionRepository editions(db);
  LinkWriter writer(db);
  std::vector<int64_t> counts;
  for (const int64_t link_id : links_holding(db, passages)) {
    const StoredLink link = read_link(db, link_id);
    if (link.a.empty() || link.b.empty()) continue;
    const VariantNamer names(link);
    // The kinds set by hand on the old variants, with where each moved to.
    std::vector<std::pair<Choice, StoredVariant>> carried;
    if (carry_kinds) {
      for (const StoredVariant& v : read_variants(db, link_id)) {
        auto choice = kinds.current(names.uuid(v));
        if (!choice || !choice->value) continue;
        if (auto to = moved(v, changes)) carried.emplace_back(std::move(*choice), *to);
      }
    }
    auto forget = db.cached("DELETE FROM variant WHERE link_id = ?");
    forget->bind(1, link_id);
    forget->exec();
    LinkDraft draft;
    draft.manual = link.manual;
    for (const CollatedPassage& p : link.a) draft.a.push_back(&p);
    for (const CollatedPassage& p : link.b) draft.b.push_back(&p);
    const Edition ea = editions.find_by_id(link.edition_a).value(), eb = editions.find_by_id(link.edition_b).value();
    writer.store_variants(link_id, draft, variants_of(draft, collation_rules(db, ea, eb)), counts);
    ++out.links;
    if (carried.empty()) continue;
    writer.flush();
    std::unordered_set<std::string> now;
    for (const StoredVariant& v : read_variants(db, link_id)) now.insert(names.uuid(v));
    for (auto& [choice, to] : carried) {
      const std::string uuid = names.uuid(to);
      if (uuid == choice.subject || !now.count(uuid) || kinds.current(uuid)) continue;
      choice.subject = uuid;
      choice.uuid = ChoiceLog::uuid_of(kKindChoices, choice);
      out.kinds_carried += kinds.merge_row(choice) ? 1 : 0;
    }
  }
  writer.flush();
  return out;
}

}  // namespace jiaozhu::detail
