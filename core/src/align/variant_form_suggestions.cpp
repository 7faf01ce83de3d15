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
#include <tuple>

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

// For each character asked, the aligned places where the first edition
// writes it and the second writes it too: its occurrences in the first
// edition's passages linked to the second, less those inside a text
// variant of the pair. Two characters at a place no variant covers are one
// and the same (any difference makes a variant, glyphs included). One pass
// over the pair's variants and linked passages, whatever the number of
// characters asked: counting them one by one took 10 s on 全宋詩's pair.
class PlacesKept {
 public:
  PlacesKept(Database& db, const PassageRange& r1, const PassageRange& r2, const std::set<char32_t>& asked)
      : asked_(0x110000, false) {
    for (char32_t c : asked) asked_[c] = true;
    std::vector<Span> spans = variant_spans(db, r1, r2);
    std::sort(spans.begin(), spans.end());
    auto q = db.cached(
        "SELECT p.id, p.text FROM passage p WHERE p.id BETWEEN ?1 AND ?2 AND EXISTS (SELECT 1 FROM link_passage lp "
        "JOIN link_passage lq ON lq.link_id = lp.link_id WHERE lp.passage_id = p.id AND lq.passage_id BETWEEN ?3 AND ?4) "
        "ORDER BY p.id");
    bind_ranges(*q, r1, r2);
    std::size_t next = 0;  // spans are read along with the passages, both in id order
    std::u32string text;
    while (q->executeStep()) {
      const int64_t id = q->getColumn(0).getInt64();
      while (next < spans.size() && spans[next].passage < id) ++next;
      std::size_t end = next;
      while (end < spans.size() && spans[end].passage == id) ++end;
      text.clear();
      append_code_points(text, q->getColumn(1).getString());
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] >= asked_.size() || !asked_[text[i]]) continue;
        const auto at = static_cast<int64_t>(i);
        bool inside = false;
        for (std::size_t k = next; k < end && !inside; ++k) inside = spans[k].start <= at && at < spans[k].end;
        if (!inside) ++kept_[text[i]];
      }
      next = end;
    }
    q->reset();
  }
  int64_t first(char32_t c) const { return kept_.count(c) ? kept_.at(c) : 0; }

 private:
  struct Span {
    int64_t passage, start, end;
    bool operator<(const Span& o) const { return std::tie(passage, start) < std::tie(o.passage, o.start); }
  };

  // The text variants of the pair, as spans in the first edition's passages.
  static std::vector<Span> variant_spans(Database& db, const PassageRange& r1, const PassageRange& r2) {
    auto q = db.cached(
        "SELECT passage_a, start_a, end_a, passage_b, start_b, end_b FROM variant WHERE field = 'text' AND "
        "((passage_a BETWEEN ?1 AND ?2 AND passage_b BETWEEN ?3 AND ?4) OR (passage_a BETWEEN ?3 AND ?4 AND passage_b "
        "BETWEEN ?1 AND ?2))");
    bind_ranges(*q, r1, r2);
    std::vector<Span> out;
    while (q->executeStep()) {
      const int side = q->getColumn(0).getInt64() >= r1.first_id && q->getColumn(0).getInt64() <= r1.last_id() ? 0 : 3;
      out.push_back({q->getColumn(side).getInt64(), q->getColumn(side + 1).getInt64(), q->getColumn(side + 2).getInt64()});
    }
    q->reset();
    return out;
  }

  // ?1..?4: the first and last passage ids of each edition.
  static void bind_ranges(SQLite::Statement& q, const PassageRange& r1, const PassageRange& r2) {
    q.bind(1, r1.first_id);
    q.bind(2, r1.last_id());
    q.bind(3, r2.first_id);
    q.bind(4, r2.last_id());
  }

  std::vector<bool> asked_;
  std::map<char32_t, int64_t> kept_;
};

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
  std::optional<PassageRange> range1, range2;
  for (const PassageRange& r : editions.passage_ranges()) {
    if (r.edition_id == e1.id) range1 = r;
    if (r.edition_id == e2.id) range2 = r;
  }
  if (!range1 || !range2) return {};  // an edition without passages has no variants
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
        if (seen.addresses.size() < kAddressesShown) seen.addresses.push_back(v.a.address);
      }
    });
  });
  std::set<char32_t> asked;  // the first edition's characters of recurring pairs
  for (const auto& [key, seen] : pairs) {
    if (seen.count >= kMinCount) asked.insert(key.first);
  }
  const PlacesKept places(db, *range1, *range2, asked);
  std::vector<FoldSuggestion> out;
  const std::set<std::string> dismissed = detail::dismissed_suggestions(db);
  for (const auto& [key, seen] : pairs) {
    if (seen.count < kMinCount) continue;
    const auto [a, b] = key;
    // Of the aligned places where s1 writes a, the share at which s2 writes
    // b: counted in linked passages only, so that a partial witness (an
    // anthology against a collection) is measured where it has text.
    const int64_t kept_a = places.first(a);
    const double consistency = static_cast<double>(seen.count) / static_cast<double>(seen.count + kept_a);
    Evidence evidence = evidence_for(a, b);
    if (consistency < (evidence.related ? kMinConsistencyRelated : kMinConsistency)) continue;
    // The counter-evidence: the first edition's character standing against
    // itself at more aligned places than against the second's (祗 against
    // 祗 in 祗命, though against 只 in 祗今).
    if (kept_a > seen.count) continue;
    const bool a_rarer = passages_holding(db, a, std::nullopt) < passages_holding(db, b, std::nullopt);
    FoldSuggestion s;
    s.form = to_utf8(std::u32string(1, a_rarer ? a : b));
    s.standard = to_utf8(std::u32string(1, a_rarer ? b : a));
    s.count = seen.count;
    s.kept = kept_a;
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
