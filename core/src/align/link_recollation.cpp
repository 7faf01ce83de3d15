#include "align/link_recollation.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_set>

#include "align/collation_ids.h"
#include "align/collation_text.h"
#include "align/diff.h"
#include "align/kind_choice_table.h"
#include "align/link_draft.h"
#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"
#include "repo/deletion_store.h"

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

// A link made by hand (by a scholar, or by a source's apparatus:
// apparatus_links.h) says where its passages read otherwise, which a
// collation of the whole texts need not find again (奘 / 奘奉詔 is one
// reading there, ∅ / 奉詔 in a diff). When the change rewrote one side of a
// link of one passage each, its variants the change left alone are kept,
// moved with the text, and only the text between the kept variants around
// the rewritten stretch is collated again; nothing when that cannot be
// done, and the caller collates the whole link.
std::optional<std::vector<FoundVariant>> kept_around_change(const std::vector<StoredVariant>& before, const LinkDraft& link,
                                                            const std::map<int64_t, const TextChange*>& changes,
                                                            const CollationRules& rules) {
  if (link.a.size() != 1 || link.b.size() != 1) return std::nullopt;
  const auto change_a = changes.find(link.a.front()->id), change_b = changes.find(link.b.front()->id);
  if ((change_a == changes.end()) == (change_b == changes.end())) return std::nullopt;  // neither side, or both
  const bool on_a = change_a != changes.end();
  const TextChange& change = *(on_a ? change_a : change_b)->second;
  std::vector<FoundVariant> kept;
  for (const StoredVariant& old : before) {
    const std::optional<StoredVariant> v = moved(old, changes);
    if (!v) continue;  // its readings were rewritten: collated again below
    kept.push_back({parse_variant_class(v->variant_class), {0, static_cast<uint32_t>(v->start_a), static_cast<uint32_t>(v->end_a)},
                    {0, static_cast<uint32_t>(v->start_b), static_cast<uint32_t>(v->end_b)}, parse_variant_field(v->field)});
  }
  // The kept variants of the text nearest the rewritten stretch, before and after it, on the side it is on.
  const std::u32string a = to_code_points(link.a.front()->text), b = to_code_points(link.b.front()->text);
  int64_t from_a = 0, from_b = 0, to_a = static_cast<int64_t>(a.size()), to_b = static_cast<int64_t>(b.size());
  for (const FoundVariant& v : kept) {
    if (v.field != VariantField::kText) continue;
    const SidePosition& own = on_a ? v.a : v.b;
    if (own.end <= change.first() && static_cast<int64_t>(v.a.end) >= from_a) from_a = v.a.end, from_b = v.b.end;
    if (own.start >= change.new_end() && static_cast<int64_t>(v.a.start) <= to_a) to_a = v.a.start, to_b = v.b.start;
  }
  if (from_a > to_a || from_b > to_b) return std::nullopt;
  const std::string window_a[] = {to_utf8(a.substr(static_cast<std::size_t>(from_a), static_cast<std::size_t>(to_a - from_a)))};
  const std::string window_b[] = {to_utf8(b.substr(static_cast<std::size_t>(from_b), static_cast<std::size_t>(to_b - from_b)))};
  for (FoundVariant v : find_variants(make_collation_text(window_a, *rules.folding), make_collation_text(window_b, *rules.folding), rules)) {
    v.a.start += static_cast<uint32_t>(from_a), v.a.end += static_cast<uint32_t>(from_a);
    v.b.start += static_cast<uint32_t>(from_b), v.b.end += static_cast<uint32_t>(from_b);
    kept.push_back(v);
  }
  std::sort(kept.begin(), kept.end(), [](const FoundVariant& x, const FoundVariant& y) {
    return std::tuple(static_cast<int>(x.field), x.a.start, x.a.end, x.b.start, x.b.end) <
           std::tuple(static_cast<int>(y.field), y.a.start, y.a.end, y.b.start, y.b.end);
  });
  return kept;
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
    const std::vector<StoredVariant> before = read_variants(db, link_id);
    // The kinds set by hand on the old variants, with where each moved to.
    std::vector<std::pair<Choice, StoredVariant>> carried;
    if (carry_kinds) {
      for (const StoredVariant& v : before) {
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
    const CollationRules rules = collation_rules(db, ea, eb);
    std::optional<std::vector<FoundVariant>> found;
    if (link.manual) found = kept_around_change(before, draft, changes, rules);
    writer.store_variants(link_id, draft, found ? *found : variants_of(draft, rules), counts);
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

namespace {

// How far from a passage its neighbours are looked for, and how many
// passages of the other edition between theirs are tried.
constexpr int64_t kNeighbours = 8;
constexpr int64_t kCandidates = 24;

struct Neighbourhood {
  int64_t before = 0;  // the other edition's last passage linked before (0: none)
  int64_t after = 0;   // its first passage linked after (0: none)
  bool aligned = false;
};

// Where the passages around `seq` are linked in edition `other`.
Neighbourhood neighbourhood(Database& db, int64_t edition_id, int64_t seq, int64_t other) {
  auto q = db.cached("SELECT min(p2.seq), max(p2.seq) FROM passage p1 JOIN link_passage x1 ON x1.passage_id = p1.id "
                     "JOIN link l ON l.id = x1.link_id AND l.origin = 'auto' "
                     "JOIN link_passage x2 ON x2.link_id = x1.link_id JOIN passage p2 ON p2.id = x2.passage_id "
                     "WHERE p1.edition_id = ? AND p1.seq = ? AND p2.edition_id = ?");
  // The other edition's passages linked with passage s: column 0 the first, 1 the last; 0 when none.
  auto linked_at = [&](int64_t s, int column) {
    q->bind(1, edition_id);
    q->bind(2, s);
    q->bind(3, other);
    const int64_t found = q->executeStep() && !q->getColumn(column).isNull() ? q->getColumn(column).getInt64() : 0;
    q->reset();
    return found;
  };
  Neighbourhood n;
  for (int64_t s = seq - 1; s >= std::max<int64_t>(1, seq - kNeighbours) && !n.before; --s) n.before = linked_at(s, 1);
  for (int64_t s = seq + 1; s <= seq + kNeighbours && !n.after; ++s) n.after = linked_at(s, 0);
  n.aligned = n.before || n.after;
  return n;
}

// The editions the neighbours of `seq` are linked with, by automatic links.
std::set<int64_t> aligned_editions(Database& db, int64_t edition_id, int64_t seq) {
  SQLite::Statement q(db.sql(), "SELECT DISTINCT p2.edition_id FROM passage p1 JOIN link_passage x1 ON x1.passage_id = p1.id "
                                "JOIN link l ON l.id = x1.link_id AND l.origin = 'auto' "
                                "JOIN link_passage x2 ON x2.link_id = x1.link_id JOIN passage p2 ON p2.id = x2.passage_id "
                                "WHERE p1.edition_id = ?1 AND p1.seq BETWEEN ?2 AND ?3 AND p2.edition_id <> ?1");
  q.bind(1, edition_id);
  q.bind(2, seq - kNeighbours);
  q.bind(3, seq + kNeighbours);
  std::set<int64_t> out;
  while (q.executeStep()) out.insert(q.getColumn(0).getInt64());
  return out;
}

bool linked_with(Database& db, int64_t passage_id, int64_t edition_id) {
  auto q = db.cached("SELECT 1 FROM link_passage x1 JOIN link_passage x2 ON x2.link_id = x1.link_id "
                     "JOIN passage p ON p.id = x2.passage_id WHERE x1.passage_id = ? AND p.edition_id = ? LIMIT 1");
  q->bind(1, passage_id);
  q->bind(2, edition_id);
  return q->executeStep();
}

CollatedPassage collated(Database& db, int64_t edition_id, int64_t seq) {
  auto q = db.cached("SELECT id, seq, text, coalesce(title, ''), coalesce(author, '') FROM passage "
                     "WHERE edition_id = ? AND seq = ?");
  q->bind(1, edition_id);
  q->bind(2, seq);
  if (!q->executeStep()) return {};
  return {q->getColumn(0).getInt64(), q->getColumn(1).getInt64(), q->getColumn(2).getString(),
          q->getColumn(3).getString(), q->getColumn(4).getString()};
}

// How many units of `a` and `b` align in order, and whether that makes them
// one passage (aligner.cpp's test: at least half of the shorter, and two).
bool says_the_same(const CollatedPassage& a, const CollatedPassage& b, const Folding& folding, int64_t& shared) {
  const std::string ta[] = {a.text}, tb[] = {b.text};
  const CollationText ca = make_collation_text(ta, folding), cb = make_collation_text(tb, folding);
  shared = static_cast<int64_t>(myers_diff(ca.keys, cb.keys).size());
  const auto shorter = static_cast<int64_t>(std::min(ca.keys.size(), cb.keys.size()));
  return shared > 0 && shared * 2 >= shorter && shared >= std::min<int64_t>(2, shorter);
}

// The edition a link between `a` and `b` names first: as the links around do
// (the side their variants name first), else the older edition.
bool named_first(Database& db, int64_t a, int64_t b) {
  SQLite::Statement q(db.sql(), std::string("SELECT p.edition_id FROM link l JOIN variant v ON v.link_id = l.id "
                                            "JOIN passage p ON p.id = v.passage_a WHERE ") +
                                    kLinkJoinsEditions + " LIMIT 1");
  q.bind(":ea", a);
  q.bind(":eb", b);
  if (q.executeStep()) return q.getColumn(0).getInt64() == a;
  return a < b;
}

}  // namespace

int64_t link_unlinked(Database& db, int64_t edition_id, const std::vector<int64_t>& passage_ids) {
  const EditionRepository editions(db);
  const Edition own = editions.find_by_id(edition_id).value();
  LinkWriter writer(db);
  std::vector<int64_t> counts;
  int64_t made = 0;
  for (const int64_t id : passage_ids) {
    SQLite::Statement seq_of(db.sql(), "SELECT seq FROM passage WHERE id = ?");
    seq_of.bind(1, id);
    if (!seq_of.executeStep()) continue;
    const CollatedPassage p = collated(db, edition_id, seq_of.getColumn(0).getInt64());
    for (const int64_t other : aligned_editions(db, edition_id, p.seq)) {
      if (linked_with(db, id, other)) continue;
      const Neighbourhood n = neighbourhood(db, edition_id, p.seq, other);
      if (!n.aligned) continue;
      const int64_t from = n.before + 1, to = n.after ? n.after - 1 : n.before + kCandidates;
      std::optional<CollatedPassage> best;
      int64_t best_shared = 0;
      for (int64_t s = from; s <= to && s < from + kCandidates; ++s) {
        CollatedPassage q = collated(db, other, s);
        if (!q.id || linked_with(db, q.id, edition_id)) continue;
        int64_t shared = 0;
        if (says_the_same(p, q, db.folding(), shared) && shared > best_shared) best = std::move(q), best_shared = shared;
      }
      if (!best) continue;
      const Edition e = editions.find_by_id(other).value();
      const bool own_first = named_first(db, edition_id, other);
      LinkDraft draft;
      draft.a = {own_first ? &p : &*best};
      draft.b = {own_first ? &*best : &p};
      const Edition& ea = own_first ? own : e;
      const Edition& eb = own_first ? e : own;
      // A link a scholar removed stays removed: storing it again would take
      // its tombstone away (LinkWriter::store revives what is made again).
      if (DeletionStore(db).buried(link_uuid(draft, ea.uuid, eb.uuid))) continue;
      writer.store(draft, ea.uuid, eb.uuid, collation_rules(db, ea, eb), counts);
      writer.flush();
      ++made;
    }
  }
  return made;
}

}  // namespace jiaozhu::detail
