#include "align/variant_finder.h"

#include <unicode/unistr.h>

#include <unordered_map>

#include "align/diff.h"
#include "align/editorial_matter.h"
#include "align/icu_transforms.h"
#include "align/phrase_conversion.h"
#include "jiaozhu/fold.h"

namespace jiaozhu::detail {
namespace {

// True when a and b are one character in Traditional and Simplified form
// (ICU's table), as opposed to other variant forms.
// Cached: an edition pair has hundreds of thousands of such pairs, and few
// distinct ones.
bool script_pair(char32_t a, char32_t b) {
  thread_local std::unordered_map<uint64_t, bool> known;
  const uint64_t key = (static_cast<uint64_t>(a) << 32) | b;
  auto it = known.find(key);
  if (it != known.end()) return it->second;
  return known[key] = transformed("Hant-Hans", {a}) == transformed("Hant-Hans", {b});
}

// True when a and b share a class of the built-in folding without being
// variant forms of each other: the class joins them through a
// Traditional-Simplified merge, with a variant form on the way (髪/發).
// A scholar's fold rule joins variant forms, never this.
bool merged_after_variant(char32_t a, char32_t b) {
  return is_han(a) && is_han(b) && fold_han(a) == fold_han(b) && !variant_forms(a, b);
}

struct Range {  // units [from, to) of each side
  std::size_t a_from, a_to, b_from, b_to;
};

class Finder {
 public:
  Finder(const CollationText& a, const CollationText& b, const CollationRules& rules)
      : a_(a), b_(b), rules_(rules), matches_(myers_diff(a.keys, b.keys)) {}

  std::vector<FoundVariant> run() {
    const std::vector<Range> regions = merged_regions();
    std::size_t next_region = 0;
    for (std::size_t k = 0; k < matches_.size(); ++k) {
      const Match& m = matches_[k];
      while (next_region < regions.size() && regions[next_region].a_to <= m.a && regions[next_region].b_to <= m.b) {
        add_region(regions[next_region++]);
      }
      const bool in_region = next_region < regions.size() && m.a >= regions[next_region].a_from &&
                             m.a < regions[next_region].a_to;
      if (in_region) continue;  // a unit between two runs, now part of their variant
      compare_characters(m);
      if (k + 1 < matches_.size() && matches_[k + 1].a == m.a + 1 && matches_[k + 1].b == m.b + 1) {
        compare_gaps(m);
      }
    }
    while (next_region < regions.size()) add_region(regions[next_region++]);
    return std::move(out_);
  }

 private:
  // Unmatched runs between matches; runs with a single matched unit between
  // them are merged into one.
  std::vector<Range> merged_regions() const {
    std::vector<Range> raw;
    std::size_t pa = 0, pb = 0;  // the first unit after the previous match
    for (std::size_t k = 0; k <= matches_.size(); ++k) {
      const std::size_t ma = k < matches_.size() ? matches_[k].a : a_.units.size();
      const std::size_t mb = k < matches_.size() ? matches_[k].b : b_.units.size();
      if (ma > pa || mb > pb) raw.push_back({pa, ma, pb, mb});
      pa = ma + 1;
      pb = mb + 1;
    }
    std::vector<Range> out;
    for (const Range& r : raw) {
      if (!out.empty() && r.a_from == out.back().a_to + 1 && r.b_from == out.back().b_to + 1) {
        out.back().a_to = r.a_to;
        out.back().b_to = r.b_to;
      } else {
        out.push_back(r);
      }
    }
    return out;
  }

  // The span of units [from, to) of a side, clipped to the passage it starts
  // in; an empty range is placed after the unit before it.
  static SidePosition span(const CollationText& side, std::size_t from, std::size_t to) {
    if (side.units.empty()) return {};
    if (from >= to) {
      if (from == 0) return {side.units[0].passage, 0, 0};
      const Unit& before = side.units[std::min(from, side.units.size()) - 1];
      return {before.passage, before.end(), before.end()};
    }
    const Unit& first = side.units[from];
    uint32_t end = first.end();
    for (std::size_t i = from; i < to && side.units[i].passage == first.passage; ++i) end = side.units[i].end();
    return {first.passage, first.begin, end};
  }

  // Merging two differences around one matched unit can wrap characters the
  // sides share at the same place: against 鴉□, the diff may match B's 鴉
  // with A's second 鴉 of 鴉鴉, leaving an omission and an addition that
  // merge into 鴉鴉/鴉□. Read position by position, the variant is 鴉/□.
  Range trimmed(Range r) const {
    if (r.a_to - r.a_from != r.b_to - r.b_from) return r;
    while (r.a_from < r.a_to && character(a_, r.a_from) == character(b_, r.b_from)) ++r.a_from, ++r.b_from;
    while (r.a_from < r.a_to && character(a_, r.a_to - 1) == character(b_, r.b_to - 1)) --r.a_to, --r.b_to;
    return r;
  }

  void add_region(const Range& whole) {
    const Range r = trimmed(whole);
    if (r.a_from == r.a_to && r.b_from == r.b_to) return;
    out_.push_back({classify(r), span(a_, r.a_from, r.a_to), span(b_, r.b_from, r.b_to)});
  }

  enum class Kind { kHan, kLatin, kPlaceholder };
  static Kind kind(const Unit& u) { return u.placeholder ? Kind::kPlaceholder : u.latin ? Kind::kLatin : Kind::kHan; }
  static bool all(const CollationText& side, std::size_t from, std::size_t to, Kind k) {
    for (std::size_t i = from; i < to; ++i) {
      if (kind(side.units[i]) != k) return false;
    }
    return from < to;
  }

  VariantClass classify(const Range& r) const {
    const std::size_t na = r.a_to - r.a_from, nb = r.b_to - r.b_from;
    const bool a_han = all(a_, r.a_from, r.a_to, Kind::kHan), b_han = all(b_, r.b_from, r.b_to, Kind::kHan);
    if ((na == 0 && b_han && (in_one_passage(b_, r.b_from, r.b_to, is_attribution_tag) ||
                              in_one_passage(b_, r.b_from, r.b_to, is_stray_ending))) ||
        (nb == 0 && a_han && (in_one_passage(a_, r.a_from, r.a_to, is_attribution_tag) ||
                              in_one_passage(a_, r.a_from, r.a_to, is_stray_ending)))) {
      return VariantClass::kEditorial;
    }
    if (a_han && b_han) {
      if ((na == nb && same_in_context(r)) || converted_phrase(r)) {
        return rules_.same_script ? VariantClass::kConversion : VariantClass::kScript;
      }
      return VariantClass::kSubstantive;
    }
    const bool a_latin = all(a_, r.a_from, r.a_to, Kind::kLatin), b_latin = all(b_, r.b_from, r.b_to, Kind::kLatin);
    if ((a_latin && b_han) || (b_latin && a_han)) {
      const CollationText& han = a_latin ? b_ : a_;
      const CollationText& latin = a_latin ? a_ : b_;
      const auto [hf, ht] = a_latin ? std::pair(r.b_from, r.b_to) : std::pair(r.a_from, r.a_to);
      const auto [lf, lt] = a_latin ? std::pair(r.a_from, r.a_to) : std::pair(r.b_from, r.b_to);
      if (toneless(transformed("Han-Latin", text(han, hf, ht))) == toneless(transformed("Any-Null", text(latin, lf, lt)))) {
        return VariantClass::kPinyin;
      }
      // A few letters or digits amid Han text, for a character or two: a
      // stand-in, a digitisation's private code (fk, z5, t3 where the other
      // edition has a character), not a reading.
      const std::size_t letters = a_latin ? na : nb, characters = a_latin ? nb : na;
      return letters <= 3 && characters <= 2 ? VariantClass::kPlaceholder : VariantClass::kSubstantive;
    }
    const bool a_holds = all(a_, r.a_from, r.a_to, Kind::kPlaceholder), b_holds = all(b_, r.b_from, r.b_to, Kind::kPlaceholder);
    if (na == nb && ((a_holds && (b_han || b_holds)) || (b_holds && a_han))) return VariantClass::kPlaceholder;
    return VariantClass::kSubstantive;
  }

  // ICU converts some characters by their neighbours (祇今 → 只今, 計畫 →
  // 计划): a run the folding table tells apart may still be one reading in
  // two scripts. Compares both sides converted with two characters of
  // context on each side.
  bool same_in_context(const Range& r) const {
    auto context = [](const CollationText& side, std::size_t from, std::size_t to) {
      const Unit& first = side.units[from];
      const Unit& last = side.units[to - 1];
      if (first.passage != last.passage) return std::u32string();
      const std::u32string& text = side.passages[first.passage];
      const std::size_t begin = first.begin >= 2 ? first.begin - 2 : 0;
      return text.substr(begin, std::min<std::size_t>(text.size(), last.end() + 2) - begin);
    };
    const std::u32string ca = context(a_, r.a_from, r.a_to), cb = context(b_, r.b_from, r.b_to);
    return !ca.empty() && transformed("Hant-Hans", ca) == transformed("Hant-Hans", cb);
  }

  // Units [from, to) of a side lie in one passage and its text there is
  // editorial matter by `test` (editorial_matter.h): 「——韓愈」 closing a
  // line, which one edition adds to name a 聯句 line's poet; a stray mark
  // after the closing punctuation of the last line.
  static bool in_one_passage(const CollationText& side, std::size_t from, std::size_t to,
                             bool (*test)(std::u32string_view, uint32_t, uint32_t)) {
    const Unit& first = side.units[from];
    const Unit& last = side.units[to - 1];
    return first.passage == last.passage && test(side.passages[first.passage], first.begin, last.end());
  }

  // Both runs lie within a pair of phrases a Taiwan or Hong Kong phrase
  // converter turns into each other (循環 / 迴圈).
  bool converted_phrase(const Range& r) const {
    const Unit &fa = a_.units[r.a_from], &la = a_.units[r.a_to - 1];
    const Unit &fb = b_.units[r.b_from], &lb = b_.units[r.b_to - 1];
    if (fa.passage != la.passage || fb.passage != lb.passage) return false;
    return phrase_converted(a_.passages[fa.passage], fa.begin, la.end(), b_.passages[fb.passage], fb.begin, lb.end());
  }

  static std::u32string text(const CollationText& side, std::size_t from, std::size_t to) {
    std::u32string out;
    for (std::size_t i = from; i < to; ++i) out += side.passages[side.units[i].passage][side.units[i].begin];
    return out;
  }

  static char32_t character(const CollationText& side, std::size_t i) {
    return side.passages[side.units[i].passage][side.units[i].begin];
  }

  // Matched units whose characters differ; a run of them is one variant.
  // Script differences with nothing else differing between them, in one
  // passage of each side, are one variant too: a Traditional edition
  // against a Simplified one differs in script in every line, and what a
  // reader of script variants wants is the stretches that differ so, not
  // each character (3 M characters of 全宋詩 made 591,496 of them, one row
  // each: a third of the time of `align`).
  void compare_characters(const Match& m) {
    const char32_t ca = character(a_, m.a), cb = character(b_, m.b);
    if (ca == cb) return;
    VariantClass c = VariantClass::kGlyph;
    // Between editions of one script a pair the script folding merges is no
    // script difference: variant forms (爲/為) are glyphs, the rest readings
    // that simplification merges (髮/發), also after a variant form (髪 is
    // 髮, which simplification merges with 發).
    if (!a_.units[m.a].latin && (script_pair(ca, cb) || merged_after_variant(ca, cb))) {
      if (!rules_.same_script) c = VariantClass::kScript;
      else if (!variant_forms(ca, cb)) c = VariantClass::kConversion;
    }
    FoundVariant* last = out_.empty() ? nullptr : &out_.back();
    const Unit &ua = a_.units[m.a], &ub = b_.units[m.b];
    const bool adjacent = last && last->a.end == ua.begin && last->b.end == ub.begin;
    if (last && last->variant_class == c && last->a.passage == ua.passage && last->b.passage == ub.passage &&
        (adjacent || c == VariantClass::kScript)) {
      last->a.end = ua.end();
      last->b.end = ub.end();
      return;
    }
    out_.push_back({c, {ua.passage, ua.begin, ua.end()}, {ub.passage, ub.begin, ub.end()}});
  }

  // What lies between unit i and i + 1 of a side: its text without white
  // space, and whether a passage boundary is there.
  static std::pair<std::u32string, bool> between(const CollationText& side, std::size_t i) {
    const Unit& u = side.units[i];
    const Unit& next = side.units[i + 1];
    std::u32string raw;
    if (u.passage == next.passage) {
      raw = side.passages[u.passage].substr(u.end(), next.begin - u.end());
    } else {
      raw = side.passages[u.passage].substr(u.end()) + side.passages[next.passage].substr(0, next.begin);
    }
    std::u32string text;
    for (char32_t c : raw) {
      if (c != U' ' && c != U'\t' && c != U'\n' && c != U'\r' && c != U'\u3000') text += c;
    }
    return {text, u.passage != next.passage};
  }

  // The place after unit i up to the end of its passage or the next unit.
  static SidePosition gap(const CollationText& side, std::size_t i) {
    const Unit& u = side.units[i];
    const Unit& next = side.units[i + 1];
    const auto end = u.passage == next.passage ? next.begin : static_cast<uint32_t>(side.passages[u.passage].size());
    return {u.passage, u.end(), end};
  }

  void compare_gaps(const Match& m) {
    const auto [ta, break_a] = between(a_, m.a);
    const auto [tb, break_b] = between(b_, m.b);
    if (ta != tb) out_.push_back({VariantClass::kPunct, gap(a_, m.a), gap(b_, m.b)});
    else if (break_a != break_b) out_.push_back({VariantClass::kBreak, gap(a_, m.a), gap(b_, m.b)});
  }

  const CollationText& a_;
  const CollationText& b_;
  const CollationRules& rules_;
  std::vector<Match> matches_;
  std::vector<FoundVariant> out_;
};

}  // namespace

std::vector<FoundVariant> find_variants(const CollationText& a, const CollationText& b, const CollationRules& rules) {
  return Finder(a, b, rules).run();
}

}  // namespace jiaozhu::detail
