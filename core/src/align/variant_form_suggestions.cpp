// fold suggest: recurring one-character substitutions between two aligned
// editions, as proposals for variant-form rules.
#include "jiaozhu/variant_form_suggestions.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/query.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/han_properties.h"
#include "jiaozhu/unicode.h"
#include "repo/folding_change.h"
#include "repo/suggestion_dismissals.h"

namespace jiaozhu {
namespace {

constexpr int64_t kMinCount = 2;
// A pair Unihan relates by variant field or by sound (a series, a reading)
// needs fewer places: real editions write a variant form unevenly (全唐詩's
// two editions: 谿 for 溪 in 16% of the places, 蹔 for 暫 in 6%). A pair
// related only by shape, or not at all, is more often a misreading (日/曰).
constexpr double kMinConsistency = 0.2;
constexpr double kMinConsistencyRelated = 0.05;
constexpr std::size_t kAddressesShown = 5;

struct Seen {
  int64_t count = 0;
  std::set<std::string> passages_a;  // where the first edition writes its character
  std::vector<std::string> addresses;
};

// Passages whose text's search index holds `c` (as folded): of the
// edition whose passages are `range`, or of every edition. An edition's
// passage ids are consecutive (schema.sql), so FTS5 bounds the rowids
// itself and no passage row is read: for a common character, the join on
// passage took four fifths of `fold suggest` on 110,000 passages.
int64_t passages_holding(Database& db, char32_t c, std::optional<PassageRange> range) {
  auto q = db.cached("SELECT count(*) FROM passage_fts WHERE passage_fts MATCH ?1 AND rowid BETWEEN ?2 AND ?3");
  q->bind(1, in_passage_text(detail::fts5_any_of({c})));
  q->bind(2, range ? range->first_id : 0);
  q->bind(3, range ? range->last_id() : std::numeric_limits<int64_t>::max());
  return q->executeStep() ? q->getColumn(0).getInt64() : 0;
}

// Aligned places where edition 1 writes `c` and edition `other` writes it
// too, in the passages of `range` holding it (at most kKeptPassagesRead):
// its occurrences in passages linked to `other`, less those inside a
// variant of such a link. Two characters at a place no variant covers are
// one and the same (any difference makes a variant, glyphs included).
int64_t places_kept(Database& db, char32_t c, const PassageRange& range, int64_t other) {
  auto holding = db.cached("SELECT rowid FROM passage_fts WHERE passage_fts MATCH ?1 AND rowid BETWEEN ?2 AND ?3 LIMIT ?4");
  holding->bind(1, in_passage_text(detail::fts5_any_of({c})));
  holding->bind(2, range.first_id);
  holding->bind(3, range.last_id());
  holding->bind(4, kKeptPassagesRead);
  std::vector<int64_t> ids;
  while (holding->executeStep()) ids.push_back(holding->getColumn(0).getInt64());
  auto text = db.cached("SELECT text FROM passage WHERE id = ?");
  auto spans = db.cached(
      "SELECT CASE WHEN v.passage_a = ?1 THEN v.start_a ELSE v.start_b END, "
      "CASE WHEN v.passage_a = ?1 THEN v.end_a ELSE v.end_b END FROM link_passage lp "
      "JOIN variant v ON v.link_id = lp.link_id AND v.field = 'text' AND (v.passage_a = ?1 OR v.passage_b = ?1) "
      "WHERE lp.passage_id = ?1 AND EXISTS (SELECT 1 FROM link_passage lq JOIN passage q ON q.id = lq.passage_id "
      "WHERE lq.link_id = lp.link_id AND q.edition_id = ?2)");
  auto linked = db.cached(
      "SELECT 1 FROM link_passage lp JOIN link_passage lq ON lq.link_id = lp.link_id JOIN passage q ON q.id = lq.passage_id "
      "WHERE lp.passage_id = ? AND q.edition_id = ? LIMIT 1");
  int64_t kept = 0;
  for (const int64_t id : ids) {
    linked->bind(1, id);
    linked->bind(2, other);
    const bool is_linked = linked->executeStep();
    linked->reset();
    if (!is_linked) continue;
    text->bind(1, id);
    std::u32string t;
    if (text->executeStep()) t = to_code_points(text->getColumn(0).getString());
    text->reset();
    std::vector<bool> varied(t.size(), false);
    spans->bind(1, id);
    spans->bind(2, other);
    while (spans->executeStep()) {
      const int64_t from = spans->getColumn(0).getInt64(), to = spans->getColumn(1).getInt64();
      for (int64_t i = std::max<int64_t>(0, from); i < to && i < static_cast<int64_t>(t.size()); ++i) varied[i] = true;
    }
    spans->reset();
    for (std::size_t i = 0; i < t.size(); ++i) kept += t[i] == c && !varied[i];
  }
  return kept;
}

struct Evidence {
  std::vector<std::string> lines;
  bool related = false;  // by a variant field, a phonetic series or a reading
};

// Unihan's variant fields, shape and sound; the built-in table's own pairs
// (compatibility ideographs) where Unihan's variant fields are silent.
Evidence evidence_for(char32_t a, char32_t b) {
  const HanLikeness likeness = han_likeness(a, b);
  Evidence out{describe(likeness), likeness.variant_relations != 0 || !likeness.phonetic.empty() || likeness.close_in_sound()};
  if (likeness.variant_relations == 0 && variant_forms(a, b)) {
    out.lines.insert(out.lines.begin(), "variant forms in the built-in table");
    out.related = true;
  }
  return out;
}

}  // namespace

std::vector<FoldSuggestion> suggest_fold_rules(Database& db, const std::string& s1, const std::string& s2,
                                               bool include_dismissed) {
  EditionRepository editions(db);
  const Edition e1 = editions.get(s1);
  const Edition e2 = editions.get(s2);
  std::optional<PassageRange> range1;
  for (const PassageRange& r : editions.passage_ranges()) {
    if (r.edition_id == e1.id) range1 = r;
  }
  std::map<std::pair<char32_t, char32_t>, Seen> pairs;  // (character of s1, character of s2)
  db.read([&] {
    CollationRepository collation(db);
    collation.each_variant(s1, s2, {{VariantClass::kSubstantive}, {VariantField::kText}, std::nullopt, 0, std::nullopt, {}, std::nullopt}, [&](Variant&& v) {
      const std::u32string a = to_code_points(v.a.reading), b = to_code_points(v.b.reading);
      if (a.size() != b.size() || a.empty() || a.size() > 4) return;
      for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i] || !is_han(a[i]) || !is_han(b[i])) continue;
        Seen& seen = pairs[{a[i], b[i]}];
        ++seen.count;
        seen.passages_a.insert(v.a.address);
        if (seen.addresses.size() < kAddressesShown) seen.addresses.push_back(v.a.address);
      }
    });
  });
  std::vector<FoldSuggestion> out;
  const std::set<std::string> dismissed = detail::dismissed_suggestions(db);
  for (const auto& [key, seen] : pairs) {
    if (seen.count < kMinCount) continue;
    const auto [a, b] = key;
    // The share of the places where s1 writes a (in passages) at which s2 writes b.
    const int64_t holding_a = std::max<int64_t>(1, passages_holding(db, a, range1));
    const double consistency = std::min(1.0, static_cast<double>(seen.passages_a.size()) / static_cast<double>(holding_a));
    Evidence evidence = evidence_for(a, b);
    if (consistency < (evidence.related ? kMinConsistencyRelated : kMinConsistency)) continue;
    const int64_t kept = range1 ? places_kept(db, a, *range1, e2.id) : 0;
    if (kept > seen.count) continue;
    const bool a_rarer = passages_holding(db, a, std::nullopt) < passages_holding(db, b, std::nullopt);
    FoldSuggestion s;
    s.form = to_utf8(std::u32string(1, a_rarer ? a : b));
    s.standard = to_utf8(std::u32string(1, a_rarer ? b : a));
    s.count = seen.count;
    s.kept = kept;
    s.consistency = consistency;
    s.evidence = std::move(evidence.lines);
    s.addresses = seen.addresses;
    s.command = "jiaozhu fold add " + s.form + " " + s.standard;
    s.dismissed = dismissed.count(detail::fold_suggestion_uuid(s.form, s.standard)) > 0;
    if (include_dismissed || !s.dismissed) out.push_back(std::move(s));
  }
  std::stable_sort(out.begin(), out.end(), [](const FoldSuggestion& x, const FoldSuggestion& y) {
    return x.consistency != y.consistency ? x.consistency > y.consistency : x.count > y.count;
  });
  return out;
}

}  // namespace jiaozhu

namespace jiaozhu {

void dismiss_fold_suggestion(Database& db, const std::string& form, const std::string& standard, bool dismissed,
                             const std::string& note, const std::string& author) {
  for (const std::string* c : {&form, &standard}) {
    if (to_code_points(*c).size() != 1) throw UsageError("'" + *c + "' is not one character: a fold rule joins two");
  }
  db.write([&] { detail::record_dismissal(db, detail::fold_suggestion_uuid(form, standard), dismissed, note, author); });
}

}  // namespace jiaozhu
