#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "align/collation_ids.h"
#include "align/link_store.h"
#include "repo/deletion_store.h"
#include "util/clock.h"
#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/variant_kind_choices.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "util/columns.h"

namespace jiaozhu {
namespace {

// The SQL of what a variant's spans are in, on passage `p`: its text, title
// or author (variant.field).
#define JZ_FIELD_TEXT(p) \
  "CASE v.field WHEN 'text' THEN " p ".text WHEN 'title' THEN coalesce(" p ".title, '') ELSE coalesce(" p ".author, '') END"

constexpr VariantClass kClasses[] = {VariantClass::kScript, VariantClass::kConversion, VariantClass::kGlyph,
                                     VariantClass::kPlaceholder, VariantClass::kPunct, VariantClass::kPinyin,
                                     VariantClass::kBreak, VariantClass::kEditorial, VariantClass::kSubstantive};
static_assert(std::size(kClasses) == kVariantClassCount);

std::vector<Link> read_links(Database& db, const std::string& where, const std::function<void(SQLite::Statement&)>& bind,
                             int64_t edition_a) {
  SQLite::Statement q(db.sql(),
                      "SELECT l.id, l.uuid, l.origin, l.moved, e.id, e.siglum, p.seq FROM link l "
                      "JOIN link_passage lp ON lp.link_id = l.id JOIN passage p ON p.id = lp.passage_id "
                      "JOIN edition e ON e.id = p.edition_id WHERE " + where + " ORDER BY l.id, e.id = :first DESC, e.siglum, p.seq");
  bind(q);
  q.bind(":first", edition_a);
  std::vector<Link> out;
  int64_t side_edition = 0;
  while (q.executeStep()) {
    const int64_t id = q.getColumn(0).getInt64();
    if (out.empty() || out.back().id != id) {
      out.push_back({id, q.getColumn(1).getString(), q.getColumn(2).getString() == "manual",
                     q.getColumn(3).getInt() == 1, {}, {}});
      side_edition = q.getColumn(4).getInt64();
    }
    const std::string address = format_address(q.getColumn(5).getString(), q.getColumn(6).getInt64());
    (q.getColumn(4).getInt64() == side_edition ? out.back().a : out.back().b).push_back(address);
  }
  return out;
}

// The passages an address names, with their edition.
struct Named {
  Edition edition;
  std::vector<detail::CollatedPassage> passages;
};

Named resolve(Database& db, const std::string& text) {
  const Address address = parse_address(text);
  Named n{EditionRepository(db).get(address.siglum), {}};
  for (const Passage& p : PassageRepository(db).get(address)) {
    SQLite::Statement q(db.sql(), "SELECT id FROM passage WHERE edition_id = ? AND seq = ?");
    q.bind(1, n.edition.id);
    q.bind(2, p.seq);
    q.executeStep();
    n.passages.push_back({q.getColumn(0).getInt64(), p.seq, p.text, p.title.value_or(""), p.author.value_or("")});
  }
  return n;
}

// The variants (all, or link `link_uuid`'s) whose uuid begins with
// `prefix`, with their readings; it stops at the second.
std::vector<Variant> variants_with_prefix(Database& db, const std::optional<std::string>& link_uuid,
                                          const std::string& prefix) {
  std::vector<Variant> found;
  detail::for_each_variant_key(db, link_uuid, [&](detail::VariantKey&& k) {
    if (k.uuid.compare(0, prefix.size(), prefix) != 0) return true;
    SQLite::Statement q(db.sql(),
                        "SELECT ea.siglum, pa.seq, v.start_a, v.end_a, substr(" JZ_FIELD_TEXT("pa") ", v.start_a + 1, v.end_a - v.start_a), "
                        "eb.siglum, pb.seq, v.start_b, v.end_b, substr(" JZ_FIELD_TEXT("pb") ", v.start_b + 1, v.end_b - v.start_b) "
                        "FROM variant v JOIN passage pa ON pa.id = v.passage_a JOIN edition ea ON ea.id = pa.edition_id "
                        "JOIN passage pb ON pb.id = v.passage_b JOIN edition eb ON eb.id = pb.edition_id "
                        "WHERE v.link_id = ? AND v.n = ?");
    q.bind(1, k.link_id);
    q.bind(2, k.n);
    if (!q.executeStep()) return true;
    Variant v;
    v.uuid = std::move(k.uuid);
    v.link_uuid = std::move(k.link_uuid);
    v.link_id = k.link_id;
    v.variant_class = parse_variant_class(k.variant_class);
    v.field = parse_variant_field(k.field);
    v.a = {format_address(q.getColumn(0).getString(), q.getColumn(1).getInt64()), q.getColumn(2).getInt64(),
           q.getColumn(3).getInt64(), q.getColumn(4).getString()};
    v.b = {format_address(q.getColumn(5).getString(), q.getColumn(6).getInt64()), q.getColumn(7).getInt64(),
           q.getColumn(8).getInt64(), q.getColumn(9).getString()};
    found.push_back(std::move(v));
    return found.size() < 2;
  });
  return found;
}

}  // namespace

std::string_view chinese_name(VariantClass c) {
  switch (c) {
    case VariantClass::kScript: return "繁簡";
    case VariantClass::kConversion: return "繁簡轉換";
    case VariantClass::kGlyph: return "異體";
    case VariantClass::kPlaceholder: return "闕字";
    case VariantClass::kPunct: return "標點";
    case VariantClass::kPinyin: return "拼音";
    case VariantClass::kBreak: return "分段";
    case VariantClass::kEditorial: return "編者";
    case VariantClass::kSubstantive: break;
  }
  return "異文";
}

std::string_view to_string(VariantClass c) {
  switch (c) {
    case VariantClass::kScript: return "script";
    case VariantClass::kConversion: return "conversion";
    case VariantClass::kGlyph: return "glyph";
    case VariantClass::kPlaceholder: return "placeholder";
    case VariantClass::kPunct: return "punct";
    case VariantClass::kPinyin: return "pinyin";
    case VariantClass::kBreak: return "break";
    case VariantClass::kEditorial: return "editorial";
    case VariantClass::kSubstantive: break;
  }
  return "substantive";
}

std::string_view to_string(VariantField f) {
  switch (f) {
    case VariantField::kTitle: return "title";
    case VariantField::kAuthor: return "author";
    case VariantField::kText: break;
  }
  return "text";
}

std::string passage_field(const Passage& p, VariantField f) {
  if (f == VariantField::kTitle) return p.title.value_or("");
  if (f == VariantField::kAuthor) return p.author.value_or("");
  return p.text;
}

VariantField parse_variant_field(std::string_view name) {
  for (VariantField f : {VariantField::kText, VariantField::kTitle, VariantField::kAuthor}) {
    if (name == to_string(f)) return f;
  }
  throw UsageError("unknown field '" + std::string(name) + "' (use text, title, author)");
}

VariantClass parse_variant_class(std::string_view name) {
  for (VariantClass c : kClasses) {
    if (name == to_string(c)) return c;
  }
  throw UsageError("unknown variant class '" + std::string(name) +
                   "' (use script, conversion, glyph, placeholder, punct, pinyin, break, editorial, substantive)");
}

std::vector<std::pair<std::string, std::string>> CollationRepository::linked_pairs(
    const std::vector<int64_t>& passage_ids) const {
  std::vector<std::pair<std::string, std::string>> out;
  if (passage_ids.empty()) return out;
  std::string ids = "[";
  for (int64_t id : passage_ids) ids += (ids.size() > 1 ? "," : "") + std::to_string(id);
  ids += "]";
  SQLite::Statement q(db_.sql(),
                      "SELECT DISTINCT ea.siglum, eb.siglum FROM ("
                      "  SELECT DISTINCT min(p1.edition_id, p2.edition_id) AS a, max(p1.edition_id, p2.edition_id) AS b "
                      "  FROM link_passage x1 JOIN link_passage x2 ON x2.link_id = x1.link_id "
                      "  JOIN passage p1 ON p1.id = x1.passage_id JOIN passage p2 ON p2.id = x2.passage_id "
                      "  WHERE x1.passage_id IN (SELECT value FROM json_each(?)) AND p1.edition_id <> p2.edition_id) "
                      "JOIN edition ea ON ea.id = a JOIN edition eb ON eb.id = b ORDER BY a, b");
  q.bind(1, ids);
  while (q.executeStep()) out.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getString());
  return out;
}

std::vector<Link> CollationRepository::links(const std::string& a, const std::string& b) const {
  EditionRepository editions(db_);
  const Edition ea = editions.get(a), eb = editions.get(b);
  auto out = read_links(db_, detail::kLinkJoinsEditions, [&](SQLite::Statement& q) {
    q.bind(":ea", ea.id);
    q.bind(":eb", eb.id);
  }, ea.id);
  // In the order of the first edition's passages; links without any last.
  auto first_seq = [](const Link& l) {
    return l.a.empty() ? INT64_MAX : parse_address(l.a.front()).first;
  };
  std::stable_sort(out.begin(), out.end(), [&](const Link& x, const Link& y) { return first_seq(x) < first_seq(y); });
  return out;
}

// The subquery is joined in the order written (CROSS JOIN): from the
// passage's own links outward. Without statistics SQLite preferred to start
// from every passage of the other edition, once per passage of this one
// (`links` took ten minutes on two editions of 50,000 passages).
std::vector<std::string> CollationRepository::unmatched(const std::string& of, const std::string& other) const {
  EditionRepository editions(db_);
  const Edition e = editions.get(of), o = editions.get(other);
  SQLite::Statement q(db_.sql(),
                      "SELECT seq FROM passage p WHERE p.edition_id = ?1 AND NOT EXISTS ("
                      "SELECT 1 FROM link_passage lp CROSS JOIN link_passage lq ON lq.link_id = lp.link_id "
                      "CROSS JOIN passage q ON q.id = lq.passage_id WHERE lp.passage_id = p.id AND q.edition_id = ?2) "
                      "ORDER BY seq");
  q.bind(1, e.id);
  q.bind(2, o.id);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(format_address(e.siglum, q.getColumn(0).getInt64()));
  return out;
}

namespace {

// The JSON list of class names a query keeps; nothing for every class.
// The names of `values` as a JSON list for json_each, or NULL for all.
template <class Enum>
std::optional<std::string> name_list(const std::vector<Enum>& values) {
  if (values.empty()) return std::nullopt;
  nlohmann::json list = nlohmann::json::array();
  for (Enum v : values) list.push_back(std::string(to_string(v)));
  return list.dump();
}

// The variants of the edition pair (:ea, :eb) in the classes :classes (a
// JSON list, or NULL for all), as FROM ... WHERE ... ORDER BY (the order of
// a's passages, then start and end in a), with what it binds.
// The whole pair is read from a's passages in seq order, each variant from
// the one passage of :ea it touches: SQLite then sorts only the variants of
// one passage at a time (a sort of all 700,000 spilled to disk), and the
// first rows come at once.
// With a passage (:passage), the query starts from that passage's links:
// the planner cannot drive from a filter that may be NULL.
// kLinkJoinsEditions for the few links of one passage, checked link by
// link: the IN lists of kLinkJoinsEditions gather every link of both
// editions first, 35 ms a query on 50,000 links.
constexpr char kFewLinksJoinEditions[] =
    "EXISTS (SELECT 1 FROM link_passage x JOIN passage p ON p.id = x.passage_id WHERE x.link_id = l.id AND p.edition_id = :ea) "
    "AND EXISTS (SELECT 1 FROM link_passage x JOIN passage p ON p.id = x.passage_id WHERE x.link_id = l.id AND p.edition_id = :eb) ";

struct PairQuery {
  Edition a, b;
  std::optional<int64_t> passage_id;
  std::optional<std::string> classes, fields;
  std::string from_where, order_by;
  std::optional<std::pair<int64_t, int64_t>> seqs;

  void bind(SQLite::Statement& q) const {
    q.bind(":ea", a.id);
    q.bind(":eb", b.id);
    detail::bind_optional(q, q.getIndex(":classes"), classes);
    detail::bind_optional(q, q.getIndex(":fields"), fields);
    if (passage_id) q.bind(":passage", *passage_id);
    if (seqs && !passage_id) {
      q.bind(":first", seqs->first);
      q.bind(":last", seqs->second);
    }
  }
};

// Throws NotFound for an unknown siglum or passage.
PairQuery pair_query(Database& db, const std::string& a, const std::string& b,
                     const CollationRepository::VariantQuery& query) {
  EditionRepository editions(db);
  PairQuery out{editions.get(a), editions.get(b), std::nullopt, name_list(query.classes), name_list(query.fields),
                "", "", query.seqs};
  const std::string classes = " AND (:classes IS NULL OR v.class IN (SELECT value FROM json_each(:classes))) "
                              "AND (:fields IS NULL OR v.field IN (SELECT value FROM json_each(:fields))) ";
  const std::string sides = "JOIN passage pa ON pa.id = v.passage_a JOIN passage pb ON pb.id = v.passage_b ";
  if (!query.passage) {
    out.from_where = "FROM passage own JOIN link_passage lp ON lp.passage_id = own.id JOIN link l ON l.id = lp.link_id "
                     "JOIN variant v ON v.link_id = l.id AND (v.passage_a = own.id OR v.passage_b = own.id) " + sides +
                     "WHERE own.edition_id = :ea AND iif(v.passage_a = own.id, pb.edition_id, pa.edition_id) = :eb" +
                     (query.seqs ? " AND own.seq BETWEEN :first AND :last" : "") + classes;
    out.order_by = "ORDER BY own.seq, iif(v.passage_a = own.id, v.start_a, v.start_b), "
                   "iif(v.passage_a = own.id, v.end_a, v.end_b), v.link_id, v.n ";
    return out;
  }
  out.passage_id = resolve(db, *query.passage).passages.at(0).id;
  out.from_where = "FROM link_passage own CROSS JOIN link l ON l.id = own.link_id JOIN variant v ON v.link_id = l.id " +
                   sides + "WHERE own.passage_id = :passage AND (v.passage_a = :passage OR v.passage_b = :passage) AND " +
                   kFewLinksJoinEditions + classes;
  out.order_by = "ORDER BY iif(pa.edition_id = :ea, pa.seq, pb.seq), iif(pa.edition_id = :ea, v.start_a, v.start_b), "
                 "iif(pa.edition_id = :ea, v.end_a, v.end_b), v.link_id, v.n ";
  return out;
}

// What a variant's kind is proposed from, for one pair: the editions'
// dynasties and the scholars' choices.
class KindReader {
 public:
  KindReader(Database& db, const Edition& a, const Edition& b)
      : date_a_(EditionDatingRepository(db).date_of(a.uuid)),
        date_b_(EditionDatingRepository(db).date_of(b.uuid)),
        choices_(VariantKindChoices(db).current()) {}

  void fill(Variant& v) const {
    if (v.field != VariantField::kText) return;
    // A variant form can be a taboo's substitute (寧 → 甯): glyph variants
    // take that kind and no other. So do conversion differences (髮/發): what
    // a conversion explains is no 音近 or 通假 (issue 41 found 16,839 "通假"
    // on them), though a scholar may still set a kind by hand.
    const bool glyph = v.variant_class == VariantClass::kGlyph;
    const bool conversion = v.variant_class == VariantClass::kConversion;
    if (v.variant_class != VariantClass::kSubstantive && !conversion && !glyph) return;
    if (auto c = choices_.find(v.uuid); !glyph && c != choices_.end() && c->second.kind) {
      v.kind = c->second.kind;
      v.kind_evidence = c->second.note;
      v.kind_chosen = true;
      return;
    }
    const std::u32string a = to_code_points(v.a.reading), b = to_code_points(v.b.reading);
    KindProposal p = propose_kind({a, b, date_a_ ? &*date_a_ : nullptr, date_b_ ? &*date_b_ : nullptr});
    if ((glyph || conversion) && p.kind != VariantKind::kTaboo) return;
    v.kind = p.kind;
    v.kind_evidence = std::move(p.evidence);
  }

 private:
  std::optional<EditionDate> date_a_, date_b_;
  std::map<std::string, KindChoice> choices_;
};

bool wanted_kind(const Variant& v, const std::vector<VariantKind>& kinds) {
  return kinds.empty() || (v.kind && std::find(kinds.begin(), kinds.end(), *v.kind) != kinds.end());
}

}  // namespace

std::vector<std::pair<VariantKind, int64_t>> CollationRepository::count_kinds(const std::string& a, const std::string& b,
                                                                              const VariantQuery& query) const {
  // Only substantive and conversion readings of the text take a kind (and
  // glyphs that avoid a taboo): the others are not read at all.
  VariantQuery all = query;
  all.offset = 0;
  all.limit.reset();
  all.classes.clear();
  for (VariantClass c : {VariantClass::kConversion, VariantClass::kGlyph, VariantClass::kSubstantive}) {
    if (query.classes.empty() || std::find(query.classes.begin(), query.classes.end(), c) != query.classes.end()) all.classes.push_back(c);
  }
  if (all.classes.empty()) return {};
  // Nor do titles and authors.
  if (!query.fields.empty() && std::find(query.fields.begin(), query.fields.end(), VariantField::kText) == query.fields.end()) return {};
  all.fields = {VariantField::kText};
  std::vector<int64_t> counts(kVariantKindCount, 0);
  each_variant(a, b, all, [&](Variant&& v) {
    if (v.kind) ++counts[static_cast<std::size_t>(*v.kind)];
  });
  std::vector<std::pair<VariantKind, int64_t>> out;
  for (std::size_t k = 0; k < kVariantKindCount; ++k) {
    if (counts[k]) out.emplace_back(static_cast<VariantKind>(k), counts[k]);
  }
  return out;
}

std::vector<std::pair<VariantClass, int64_t>> CollationRepository::count_variants(const std::string& a,
                                                                                  const std::string& b,
                                                                                  const VariantQuery& query) const {
  if (!query.kinds.empty()) {
    std::map<VariantClass, int64_t> counts;
    VariantQuery all = query;
    all.offset = 0;
    all.limit.reset();
    each_variant(a, b, all, [&](Variant&& v) { ++counts[v.variant_class]; });
    std::vector<std::pair<VariantClass, int64_t>> out(counts.begin(), counts.end());
    std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return to_string(x.first) < to_string(y.first); });
    return out;
  }
  const PairQuery pair = pair_query(db_, a, b, query);
  SQLite::Statement q(db_.sql(), "SELECT v.class, count(*) " + pair.from_where + "GROUP BY v.class ORDER BY v.class");
  pair.bind(q);
  std::vector<std::pair<VariantClass, int64_t>> out;
  while (q.executeStep()) out.emplace_back(parse_variant_class(q.getColumn(0).getString()), q.getColumn(1).getInt64());
  return out;
}

// Sorted by SQLite, in the order of a's passages: a listing of 700,000
// variants is written as it is read, and a page of it sorts only its top.
void CollationRepository::each_variant(const std::string& a, const std::string& b, const VariantQuery& query,
                                       const std::function<void(Variant&&)>& each) const {
  const PairQuery pair = pair_query(db_, a, b, query);
  const Edition& ea = pair.a;
  const Edition& eb = pair.b;
  SQLite::Statement q(db_.sql(),
                      "SELECT l.uuid, v.link_id, v.class, pa.edition_id = :ea, pa.seq, v.start_a, v.end_a, "
                      "substr(" JZ_FIELD_TEXT("pa") ", v.start_a + 1, v.end_a - v.start_a), pb.seq, v.start_b, v.end_b, "
                      "substr(" JZ_FIELD_TEXT("pb") ", v.start_b + 1, v.end_b - v.start_b), v.field " + pair.from_where + pair.order_by +
                      "LIMIT :limit OFFSET :offset");
  pair.bind(q);
  // A kind is not stored: with kinds asked, the page is cut here.
  const bool by_kind = !query.kinds.empty();
  q.bind(":limit", by_kind ? int64_t{-1} : query.limit.value_or(-1));
  q.bind(":offset", by_kind ? int64_t{0} : query.offset);
  const KindReader kinds(db_, ea, eb);
  int64_t skipped = 0, given = 0;
  while (q.executeStep()) {
    Variant v;
    v.link_uuid = q.getColumn(0).getString();
    v.link_id = q.getColumn(1).getInt64();
    const std::string cls = q.getColumn(2).getString();
    v.variant_class = parse_variant_class(cls);
    const std::string field = q.getColumn(12).getString();
    v.field = parse_variant_field(field);
    v.uuid = detail::variant_uuid(v.link_uuid, detail::variant_kind(field, cls), q.getColumn(4).getInt64(), q.getColumn(5).getInt64(),
                                  q.getColumn(6).getInt64(), q.getColumn(8).getInt64(), q.getColumn(9).getInt64(),
                                  q.getColumn(10).getInt64());
    const bool stored_a_first = q.getColumn(3).getInt() == 1;
    PassageSpan first{format_address(stored_a_first ? ea.siglum : eb.siglum, q.getColumn(4).getInt64()),
                      q.getColumn(5).getInt64(), q.getColumn(6).getInt64(), q.getColumn(7).getString()};
    PassageSpan second{format_address(stored_a_first ? eb.siglum : ea.siglum, q.getColumn(8).getInt64()),
                       q.getColumn(9).getInt64(), q.getColumn(10).getInt64(), q.getColumn(11).getString()};
    v.a = stored_a_first ? std::move(first) : std::move(second);
    v.b = stored_a_first ? std::move(second) : std::move(first);
    kinds.fill(v);
    if (by_kind) {
      if (!wanted_kind(v, query.kinds)) continue;
      if (skipped < query.offset) {
        ++skipped;
        continue;
      }
      if (query.limit && given >= *query.limit) break;
      ++given;
    }
    each(std::move(v));
  }
}

bool CollationRepository::aligned(const std::string& a, const std::string& b) const {
  EditionRepository editions(db_);
  const Edition ea = editions.get(a), eb = editions.get(b);
  // From a's first passages through their links: the first link found ends it.
  SQLite::Statement q(db_.sql(),
                      "SELECT 1 FROM passage p JOIN link_passage lp ON lp.passage_id = p.id WHERE p.edition_id = :ea "
                      "AND EXISTS (SELECT 1 FROM link_passage x JOIN passage o ON o.id = x.passage_id "
                      "WHERE x.link_id = lp.link_id AND o.edition_id = :eb) LIMIT 1");
  q.bind(":ea", ea.id);
  q.bind(":eb", eb.id);
  return q.executeStep();
}

std::vector<Variant> CollationRepository::variants(const std::string& a, const std::string& b,
                                                   const std::vector<VariantClass>& classes,
                                                   const std::optional<std::string>& passage) const {
  std::vector<Variant> out;
  each_variant(a, b, {classes, {}, passage, 0, std::nullopt, {}, std::nullopt}, [&](Variant&& v) { out.push_back(std::move(v)); });
  return out;
}

std::vector<Link> CollationRepository::links_of(const std::string& address) const {
  const Named n = resolve(db_, address);
  return read_links(db_, "l.id IN (SELECT link_id FROM link_passage WHERE passage_id = :passage)",
                    [&](SQLite::Statement& q) { q.bind(":passage", n.passages.at(0).id); }, n.edition.id);
}

namespace {

// "A:10 ↔ B:25 B:26 (1a2b3c4d)"
std::string describe(const Link& l) {
  std::string out;
  for (const std::string& address : l.a) out += (out.empty() ? "" : " ") + address;
  out += " ↔";
  for (const std::string& address : l.b) out += " " + address;
  return out + " (" + l.uuid.substr(0, 8) + ")";
}

// Removes the links (local id, uuid) for good: each leaves a tombstone, so
// that merge removes it in every copy and no copy made before brings it back.
void remove_links(Database& db, const std::vector<std::pair<int64_t, std::string>>& links, const std::string& author) {
  detail::DeletionStore deletions(db);
  const std::string at = detail::utc_now();
  SQLite::Statement drop(db.sql(), "DELETE FROM link WHERE id = ?");
  for (const auto& [id, uuid] : links) {
    deletions.bury("link", uuid, author, at);
    drop.bind(1, id);
    drop.exec();
    drop.reset();
  }
}

}  // namespace

CollationRepository::ManualLink CollationRepository::add_manual_link(const std::string& a, const std::string& b,
                                                                     const std::string& author, bool force) {
  ManualLink result;
  Link& created = result.link;
  db_.write([&] {
    const Named na = resolve(db_, a), nb = resolve(db_, b);
    if (na.edition.id == nb.edition.id) throw ConflictError("a link joins passages of two editions; both are of " + na.edition.siglum);
    // Editions of two works are linked where one quotes the other (a
    // parallel kept, parallels.h): the passages keep their links with the
    // editions of their own works.
    const bool parallel = na.edition.work != nb.edition.work;
    const auto of_this_pair = [&](const Link& l) {
      const auto siglum = [](const std::vector<std::string>& side) { return side.empty() ? std::string() : parse_address(side.front()).siglum; };
      const std::set<std::string> pair{na.edition.siglum, nb.edition.siglum};
      return pair.count(siglum(l.a)) && pair.count(siglum(l.b));
    };
    // The passages leave the links they were in, and the scholar is told
    // which: an automatic link (align's guess) goes; a manual link (someone's
    // decision) only with `force`.
    std::vector<std::string> want_a, want_b;
    for (const auto& p : na.passages) want_a.push_back(format_address(na.edition.siglum, p.seq));
    for (const auto& p : nb.passages) want_b.push_back(format_address(nb.edition.siglum, p.seq));
    for (const Named* side : {&na, &nb}) {
      for (const auto& p : side->passages) {
        for (const Link& l : links_of(format_address(side->edition.siglum, p.seq))) {
          if (parallel && !of_this_pair(l)) continue;
          const bool listed = std::any_of(result.broken.begin(), result.broken.end(),
                                          [&](const Link& x) { return x.id == l.id; });
          if (listed) continue;
          if (l.manual && ((l.a == want_a && l.b == want_b) || (l.a == want_b && l.b == want_a))) {
            throw ConflictError("these passages are linked already");
          }
          if (l.manual && !force) {
            throw ConflictError(a + " and " + b + " would leave the manual link " + describe(l) +
                                "; give --force to take them out of it");
          }
          result.broken.push_back(l);
        }
      }
    }
    std::vector<std::pair<int64_t, std::string>> broken;
    for (const Link& l : result.broken) broken.emplace_back(l.id, l.uuid);
    remove_links(db_, broken, author);
    detail::LinkDraft draft;
    draft.manual = true;
    for (const auto& p : na.passages) draft.a.push_back(&p);
    for (const auto& p : nb.passages) draft.b.push_back(&p);
    std::vector<int64_t> counts(kVariantClassCount, 0);
    try {
      detail::LinkWriter writer(db_);
      writer.store(draft, na.edition.uuid, nb.edition.uuid, detail::collation_rules(db_, na.edition, nb.edition), counts);
      writer.flush();
    } catch (const SQLite::Exception& e) {
      if (e.getExtendedErrorCode() == SQLITE_CONSTRAINT_UNIQUE) throw ConflictError("these passages are linked already");
      throw;
    }
    created = links_of(a).back();
  });
  return result;
}

int64_t CollationRepository::remove_link(const std::string& a, const std::string& b, const std::string& author) {
  int64_t removed = 0;
  db_.write([&] {
    const Named na = resolve(db_, a), nb = resolve(db_, b);
    SQLite::Statement q(db_.sql(),
                        "SELECT id, uuid FROM link WHERE id IN (SELECT link_id FROM link_passage WHERE passage_id = ?1) "
                        "AND id IN (SELECT link_id FROM link_passage WHERE passage_id = ?2)");
    q.bind(1, na.passages.at(0).id);
    q.bind(2, nb.passages.at(0).id);
    std::vector<std::pair<int64_t, std::string>> links;
    while (q.executeStep()) links.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
    remove_links(db_, links, author);
    removed = static_cast<int64_t>(links.size());
    if (removed == 0) throw NotFound("no link joins " + a + " and " + b);
  });
  return removed;
}

Variant CollationRepository::find_variant(const std::string& prefix) const {
  const std::vector<Variant> found = variants_with_prefix(db_, std::nullopt, prefix);
  if (found.size() > 1) throw UsageError("variant id " + prefix + " is ambiguous; give more of it");
  if (found.empty()) throw NotFound("no variant has id " + prefix + " (see `jiaozhu variants S1 S2 --json`)");
  return found.front();
}

std::optional<Variant> CollationRepository::find_variant_of_link(const std::string& link_uuid,
                                                                 const std::string& uuid) const {
  const std::vector<Variant> found = variants_with_prefix(db_, link_uuid, uuid);
  if (found.empty()) return std::nullopt;
  return found.front();
}

Link CollationRepository::find_link(const std::string& prefix) const {
  SQLite::Statement q(db_.sql(), "SELECT id FROM link WHERE uuid >= ?1 AND uuid < ?1 || '~' LIMIT 2");
  q.bind(1, prefix);
  std::vector<int64_t> ids;
  while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
  if (ids.empty()) throw NotFound("no link has id " + prefix + " (see `jiaozhu links S1 S2 --json`)");
  if (ids.size() > 1) throw UsageError("link id " + prefix + " is ambiguous; give more of it");
  auto links = read_links(db_, "l.id = :id", [&](SQLite::Statement& s) { s.bind(":id", ids.front()); }, 0);
  if (links.empty()) throw NotFound("link " + prefix + " holds no passage");
  return links.front();
}

}  // namespace jiaozhu
