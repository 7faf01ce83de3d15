// alias suggest: aliases the collation of two editions gives evidence for.
//   * a substantive variant whose one reading is a known character's form and
//     whose other reading looks like a name (2 to 4 Han characters): 太宗 for
//     皇太极;
//   * a form that differs from a known form by one character where the other
//     edition reads the known form at the aligned place: 张着麟 against
//     张若麟, a likely scribal error;
//   * such a form in the text of either edition, though both read it so,
//     when it shares more of the name than its numerals (not 七十二 for
//     李十二);
//   * two names the author fields of linked passages give for one poet in
//     at least two places (太宗皇帝 against 李世民 in 89 poems of 全唐詩): an
//     alias of the known one, or of the one that is a personal name, the
//     other a title (皇帝, 宗, 王 …) or temple name.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/people.h"
#include "jiaozhu/query.h"
#include "jiaozhu/unicode.h"
#include "repo/suggestion_dismissals.h"

namespace jiaozhu {
namespace {

struct KnownForm {
  std::string character;  // its name
  int64_t character_id;
};

// Folded form -> the characters that have it.
std::multimap<std::u32string, KnownForm> known_forms(Database& db) {
  SQLite::Statement q(db.sql(), "SELECT a.folded, c.name, c.id FROM alias a JOIN character c ON c.id = a.character_id");
  std::multimap<std::u32string, KnownForm> out;
  while (q.executeStep()) {
    out.insert({to_code_points(q.getColumn(0).getString()), {q.getColumn(1).getString(), q.getColumn(2).getInt64()}});
  }
  return out;
}

bool looks_like_name(const std::u32string& s) {
  return s.size() >= 2 && s.size() <= 4 && std::all_of(s.begin(), s.end(), [](char32_t c) { return is_han(c); });
}

std::string kind_for(const std::u32string& form) {
  const char32_t last = form.back();
  if (last == U'宗' || last == U'祖') return "temple";
  return "variant";
}

std::string quote(const std::string& s) { return s.find(' ') == std::string::npos ? s : "'" + s + "'"; }

// The uuid of the character a suggestion names (by its name as suggested:
// the first of that name, as known_forms reads them).
std::string character_uuid(Database& db, const std::string& name) {
  SQLite::Statement q(db.sql(), "SELECT uuid FROM character WHERE name = ? ORDER BY id LIMIT 1");
  q.bind(1, name);
  return q.executeStep() ? q.getColumn(0).getString() : std::string();
}

class Suggestions {
 public:
  void add(const std::string& character, const std::string& form, const std::string& kind, const std::string& evidence,
           const std::string& address) {
    // One suggestion per form as search sees it: 張着麟 and 张着麟 are one.
    const std::pair<std::string, std::string> key{character, to_utf8(fold_code_points(to_code_points(form)))};
    AliasSuggestion& s = by_key_[key];
    if (s.form.empty()) {
      s = {character, form, kind, evidence, {}, "jiaozhu alias add " + quote(character) + " " + quote(form) + " --kind " + kind,
           false};
      order_.push_back(key);
    }
    if (std::find(s.addresses.begin(), s.addresses.end(), address) == s.addresses.end()) s.addresses.push_back(address);
  }
  // The suggestion of `form` for `character` names a person not yet known:
  // accepting it adds the person first.
  void needs_character(const std::string& character, const std::string& form) {
    AliasSuggestion& s = by_key_.at({character, to_utf8(fold_code_points(to_code_points(form)))});
    if (!s.command.starts_with("jiaozhu character add")) s.command = "jiaozhu character add " + quote(character) + " && " + s.command;
  }
  std::vector<AliasSuggestion> result() const {
    std::vector<AliasSuggestion> out;
    for (const auto& key : order_) out.push_back(by_key_.at(key));
    return out;
  }

 private:
  std::map<std::pair<std::string, std::string>, AliasSuggestion> by_key_;
  std::vector<std::pair<std::string, std::string>> order_;
};

// Beyond this many known forms, or passages holding one, every variant of
// the pair is read instead of those of the passages holding a known form.
constexpr std::size_t kMaxKnownSearched = 200;
constexpr std::size_t kMaxPassagesSearched = 2000;

// The passages of s1 and s2 whose text holds a known form (one side of any
// variant that can give a suggestion), as addresses; nothing when that
// would be most of them.
std::optional<std::vector<std::string>> passages_with_known(Database& db, const std::string& s1, const std::string& s2,
                                                            const std::multimap<std::u32string, KnownForm>& known) {
  if (known.size() > kMaxKnownSearched) return std::nullopt;
  std::string match;
  for (auto it = known.begin(); it != known.end(); it = known.upper_bound(it->first)) {
    if (!looks_like_name(it->first)) continue;
    match += (match.empty() ? "\"" : " OR \"") + to_utf8(it->first) + "\"";
  }
  std::vector<std::string> out;
  if (match.empty()) return out;
  SQLite::Statement q(db.sql(), "SELECT rowid FROM passage_fts WHERE passage_fts MATCH ? AND rowid BETWEEN ? AND ?");
  for (const PassageRange& r : EditionRepository(db).passage_ranges()) {
    if (r.siglum != s1 && r.siglum != s2) continue;
    q.bind(1, in_passage_text(match));
    q.bind(2, r.first_id);
    q.bind(3, r.last_id());
    while (q.executeStep()) {
      out.push_back(format_address(r.siglum, q.getColumn(0).getInt64() - r.first_id + 1));
      if (out.size() > kMaxPassagesSearched) return std::nullopt;
    }
    q.reset();
  }
  return out;
}

// The substantive variants of the pair that may give a suggestion: those
// in passages holding a known form, or, when that is most, all.
std::vector<Variant> candidate_variants(Database& db, const std::string& s1, const std::string& s2,
                                        const std::multimap<std::u32string, KnownForm>& known) {
  CollationRepository collation(db);
  const auto passages = passages_with_known(db, s1, s2, known);
  if (!passages) return collation.variants(s1, s2, {VariantClass::kSubstantive}, std::nullopt);
  std::vector<Variant> out;
  std::set<std::string> seen;  // a variant is found from both its passages
  for (const std::string& address : *passages) {
    for (Variant& v : collation.variants(s1, s2, {VariantClass::kSubstantive}, address)) {
      if (seen.insert(v.uuid).second) out.push_back(std::move(v));
    }
  }
  return out;
}

void from_variants(const std::vector<Variant>& candidates, const std::multimap<std::u32string, KnownForm>& known,
                   Suggestions& out) {
  for (const Variant& v : candidates) {
    const std::u32string a = fold_code_points(to_code_points(v.a.reading)), b = fold_code_points(to_code_points(v.b.reading));
    for (const auto& [mine, other, other_span] : {std::tuple(a, b, &v.b), std::tuple(b, a, &v.a)}) {
      if (!looks_like_name(other) || known.count(other)) continue;
      const auto [lo, hi] = known.equal_range(mine);
      for (auto it = lo; it != hi; ++it) {
        out.add(it->second.character, other_span->reading, kind_for(other),
                "the editions read " + other_span->reading + " where the other has " +
                    (other_span == &v.b ? v.a.reading : v.b.reading),
                other_span->address);
      }
    }
  }
}

// The passage text at `address`, as code points, read once per address.
const std::u32string& passage_text(Database& db, const std::string& address, std::map<std::string, std::u32string>& cache) {
  auto it = cache.find(address);
  if (it != cache.end()) return it->second;
  const std::vector<Passage> found = PassageRepository(db).get(parse_address(address));
  return cache[address] = found.empty() ? std::u32string() : to_code_points(found.front().text);
}

// Forms one character away from a known form, where the collation puts
// them against it: the linked edition reads the known form at the aligned
// place (张着麟 against 张若麟). A look-alike with no variant behind it
// (七十二 beside 李十二, both editions alike) is no evidence of an alias.
void near_forms(Database& db, const std::vector<Variant>& candidates, const std::multimap<std::u32string, KnownForm>& known,
                Suggestions& out) {
  std::map<std::string, std::u32string> texts;
  for (const Variant& v : candidates) {
    if (v.field != VariantField::kText || v.a.end - v.a.start != v.b.end - v.b.start || v.a.start == v.a.end) continue;
    for (const auto& [mine, other] : {std::pair(&v.b, &v.a), std::pair(&v.a, &v.b)}) {
      const std::u32string mine_text = fold_code_points(passage_text(db, mine->address, texts));
      const std::u32string& raw = passage_text(db, other->address, texts);
      for (auto it = known.begin(); it != known.end(); it = known.upper_bound(it->first)) {
        const std::u32string& form = it->first;
        if (!looks_like_name(form)) continue;
        // Each place the known form stands over the variant's span.
        const std::size_t span_start = static_cast<std::size_t>(mine->start), span_end = static_cast<std::size_t>(mine->end);
        const std::size_t from = span_end > form.size() ? span_end - form.size() : 0;
        for (std::size_t i = from; i <= span_start && i + form.size() <= mine_text.size(); ++i) {
          if (mine_text.compare(i, form.size(), form) != 0) continue;
          const std::size_t j = static_cast<std::size_t>(other->start) - (span_start - i);
          if (span_start - i > static_cast<std::size_t>(other->start) || j + form.size() > raw.size()) continue;
          const std::u32string window = fold_code_points(raw.substr(j, form.size()));
          std::size_t differing = 0, at = 0;
          for (std::size_t k = 0; k < form.size(); ++k) {
            if (window[k] != form[k]) ++differing, at = k;
          }
          if (differing != 1 || !looks_like_name(window) || known.count(window)) continue;
          const auto [lo, hi] = known.equal_range(form);
          for (auto w = lo; w != hi; ++w) {
            out.add(w->second.character, to_utf8(raw.substr(j, form.size())), "error",
                    "differs from " + to_utf8(form) + " by one character (" + to_utf8(raw.substr(j + at, 1)) + " for " +
                        to_utf8(form.substr(at, 1)) + ") where the other edition reads " + to_utf8(form) +
                        ", a likely scribal error",
                    other->address);
          }
        }
      }
    }
  }
}

// How a ruler or noble is named by title rather than by name: the endings
// of 太宗皇帝, 明皇帝, 高祖, 太宗, 則天皇后, 南唐後主, 齊王.
bool is_title_name(const std::u32string& form) {
  static constexpr std::u32string_view kEndings[] = {U"皇帝", U"帝", U"宗", U"祖", U"皇后", U"后", U"主", U"王", U"公主", U"太子"};
  for (std::u32string_view e : kEndings) {
    if (form.size() > e.size() && form.ends_with(e)) return true;
  }
  return false;
}

// A poet named two ways by the author fields of linked passages, in at
// least kLeastAuthorPlaces places: each pair once, with every place.
void from_author_fields(Database& db, const std::string& s1, const std::string& s2,
                        const std::multimap<std::u32string, KnownForm>& known, Suggestions& out) {
  constexpr std::size_t kLeastAuthorPlaces = 2;
  CollationRepository::VariantQuery query;
  query.classes = {VariantClass::kSubstantive};
  query.fields = {VariantField::kAuthor};
  std::map<std::pair<std::u32string, std::u32string>, std::vector<Variant>> pairs;
  CollationRepository(db).each_variant(s1, s2, query, [&](Variant&& v) {
    const std::u32string a = to_code_points(v.a.reading), b = to_code_points(v.b.reading);
    // The whole field on each side: a part of a name is no alias.
    if (!looks_like_name(a) && !is_title_name(a)) return;
    if (!looks_like_name(b) && !is_title_name(b)) return;
    pairs[{fold_code_points(a), fold_code_points(b)}].push_back(std::move(v));
  });
  // The pairs that settle the most places first.
  std::vector<const std::pair<const std::pair<std::u32string, std::u32string>, std::vector<Variant>>*> ranked;
  for (const auto& entry : pairs) {
    if (entry.second.size() >= kLeastAuthorPlaces) ranked.push_back(&entry);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](auto* x, auto* y) { return x->second.size() > y->second.size(); });
  for (const auto* entry : ranked) {
    const auto& [pair, variants] = *entry;
    const auto& [a, b] = pair;
    const bool a_known = known.count(a) > 0, b_known = known.count(b) > 0;
    if (a_known && b_known) continue;
    // The one the alias is added to: the known one, else the personal name.
    const bool to_a = a_known || (!b_known && is_title_name(b) && !is_title_name(a));
    const Variant& first = variants.front();
    const std::string& name = to_a ? first.a.reading : first.b.reading;
    const std::string& form = to_a ? first.b.reading : first.a.reading;
    const std::u32string form_cp = to_code_points(form);
    const std::string kind = is_title_name(form_cp) ? (form_cp.back() == U'宗' || form_cp.back() == U'祖' ? "temple" : "title") : "variant";
    std::string character = name;
    const auto it = known.find(fold_code_points(to_code_points(name)));
    if (it != known.end()) character = it->second.character;
    for (const Variant& v : variants) {
      out.add(character, form, kind,
              "the author fields of " + std::to_string(variants.size()) + " linked passages name " + form + " where the other edition names " + name,
              to_a ? v.b.address : v.a.address);
    }
    if (it == known.end()) out.needs_character(character, form);
  }
}

// Whether `form` without its character `k` holds one that is no numeral:
// a near form must share the name, not only its numbers.
bool shares_more_than_numerals(const std::u32string& form, std::size_t k) {
  static constexpr std::u32string_view kNumerals = U"〇一二三四五六七八九十百千萬万兩两廿卅";
  for (std::size_t i = 0; i < form.size(); ++i) {
    if (i != k && kNumerals.find(form[i]) == std::u32string_view::npos) return true;
  }
  return false;
}

// Windows of the editions' text one character away from a known form that
// share a character of the name besides numerals: 张着麟 beside 张若麟,
// though both editions read it so, but not 七十二 beside 李十二, which
// shares only 十二.
void near_forms_in_text(Database& db, const std::string& s1, const std::string& s2,
                const std::multimap<std::u32string, KnownForm>& known, Suggestions& out) {
  // Each known form with one position masked (0) -> (the form, the position).
  std::map<std::u32string, std::vector<std::pair<const std::u32string*, std::size_t>>> masked;
  std::set<std::size_t> lengths;
  for (const auto& [form, who] : known) {
    if (form.size() < 3 || !looks_like_name(form)) continue;  // two-character names give too many near forms
    lengths.insert(form.size());
    for (std::size_t k = 0; k < form.size(); ++k) {
      std::u32string m = form;
      m[k] = 0;
      masked[m].emplace_back(&form, k);
    }
  }
  if (masked.empty()) return;
  // A window near a form shares all its characters but one: those that
  // cannot are passed over by counting, without building the window.
  std::set<char32_t> letters;
  for (const auto& [form, who] : known) letters.insert(form.begin(), form.end());
  std::vector<std::size_t> known_before;  // known_before[i]: characters of text[0, i) in letters
  for (const std::string& siglum : {s1, s2}) {
    SQLite::Statement q(db.sql(), "SELECT p.seq, p.text FROM passage p JOIN edition e ON e.id = p.edition_id WHERE e.siglum = ?");
    q.bind(1, siglum);
    while (q.executeStep()) {
      const std::u32string raw = to_code_points(q.getColumn(1).getString());
      const std::u32string text = fold_code_points(raw);
      known_before.assign(1, 0);
      for (char32_t c : text) known_before.push_back(known_before.back() + letters.count(c));
      for (std::size_t len : lengths) {
        for (std::size_t i = 0; i + len <= text.size(); ++i) {
          if (known_before[i + len] - known_before[i] + 1 < len) continue;
          const std::u32string window = text.substr(i, len);
          if (!looks_like_name(window) || known.count(window)) continue;
          for (std::size_t k = 0; k < len; ++k) {
            std::u32string m = window;
            m[k] = 0;
            auto it = masked.find(m);
            if (it == masked.end()) continue;
            for (const auto& [form, position] : it->second) {
              if (position != k || !shares_more_than_numerals(*form, k)) continue;
              const auto [lo, hi] = known.equal_range(*form);
              for (auto w = lo; w != hi; ++w) {
                out.add(w->second.character, to_utf8(raw.substr(i, len)), "error",
                        "differs from " + to_utf8(*form) + " by one character (" + to_utf8(raw.substr(i + k, 1)) +
                            " for " + to_utf8(form->substr(k, 1)) + "), a likely scribal error (in the text; the editions agree there)",
                        format_address(siglum, q.getColumn(0).getInt64()));
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace

std::vector<AliasSuggestion> PersonRepository::suggest(const std::string& s1, const std::string& s2,
                                                       bool include_dismissed) const {
  EditionRepository(db_).get(s1);
  EditionRepository(db_).get(s2);
  const auto known = known_forms(db_);
  Suggestions found;
  const std::vector<Variant> candidates = candidate_variants(db_, s1, s2, known);
  from_variants(candidates, known, found);
  near_forms(db_, candidates, known, found);
  near_forms_in_text(db_, s1, s2, known, found);
  from_author_fields(db_, s1, s2, known, found);
  const std::set<std::string> dismissed = detail::dismissed_suggestions(db_);
  std::vector<AliasSuggestion> out;
  for (AliasSuggestion& s : found.result()) {
    s.dismissed = dismissed.count(detail::alias_suggestion_uuid(character_uuid(db_, s.character), s.form)) > 0;
    if (include_dismissed || !s.dismissed) out.push_back(std::move(s));
  }
  return out;
}

void PersonRepository::dismiss_suggestion(const std::string& who, const std::string& form, bool dismissed,
                                          const std::string& note, const std::string& author) {
  if (auto fault = field_fault(Field::kPersonName, form)) throw UsageError("the form " + *fault);
  db_.write([&] {
    const Person p = get(who);
    detail::record_dismissal(db_, detail::alias_suggestion_uuid(p.uuid, form), dismissed, note, author);
  });
}

}  // namespace jiaozhu
