#include <unicode/translit.h>

#include <catch2/catch.hpp>
#include <memory>
#include <random>
#include <set>

#include "jiaozhu/workflow.h"
#include "jiaozhu/address.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/import.h"
#include "support.h"

using namespace jiaozhu;

namespace {

struct Db {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  void import(const std::filesystem::path& file, const std::string& siglum) {
    ImportOptions o;
    o.work = "songjin";
    o.siglum = siglum;
    import_edition(db, {&file, 1}, o, nullptr);
  }
};

std::u32string to_hant(const std::u32string& text) {
  static std::unique_ptr<icu::Transliterator> t = [] {
    UErrorCode status = U_ZERO_ERROR;
    return std::unique_ptr<icu::Transliterator>(icu::Transliterator::createInstance("Hans-Hant", UTRANS_FORWARD, status));
  }();
  icu::UnicodeString s;
  for (char32_t c : text) s.append(static_cast<UChar32>(c));
  t->transliterate(s);
  return jz_test::to_u32([&] { std::string u; s.toUTF8String(u); return u; }());
}

// A known change: A passage `seq`, the span [start, end) of A it replaces.
struct Edit {
  int64_t seq;
  int64_t start, end;
  int length_change;  // +1 insertion, -1 deletion, 0 substitution
};

}  // namespace

TEST_CASE("the fixture: links, gaps, the 2:1 split and classified variants") {
  Db d;
  d.import(jz_test::corpus("songjin/hant.txt"), "A");
  d.import(jz_test::corpus("songjin/hans.txt"), "B");
  const AlignReport r = align_editions(d.db, "A", "B");
  CHECK(r.unmatched_a.empty());
  CHECK(r.unmatched_b.size() >= 40);
  CollationRepository repo(d.db);
  bool split = false;
  for (const Link& l : repo.links("A", "B")) split |= l.a.size() == 2 && l.b.size() == 1;
  CHECK(split);
  const auto sub = repo.variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);
  int taizong = 0;
  for (const Variant& v : sub) {
    taizong += v.a.reading == "太宗" && v.b.reading == "皇太极";
    CHECK(fold_text(v.a.reading) != fold_text(v.b.reading));  // no script-only difference is substantive
  }
  CHECK(taizong == 4);
  std::set<std::pair<std::string, std::string>> pinyin;
  for (const Variant& v : repo.variants("A", "B", {VariantClass::kPinyin}, std::nullopt)) pinyin.insert({v.a.reading, v.b.reading});
  CHECK(pinyin.count({"性", "xìng"}) == 1);
  CHECK(pinyin.count({"潮", "cháo"}) == 1);
  CHECK(pinyin.count({"精", "jīng"}) == 1);
  // Listing the pair the other way round swaps the sides.
  const auto reversed = repo.variants("B", "A", {VariantClass::kSubstantive}, std::nullopt);
  REQUIRE(reversed.size() == sub.size());
  CHECK(reversed.front().a.address.starts_with("B:"));
}

TEST_CASE("re-aligning replaces automatic links and keeps manual ones") {
  Db d;
  d.import(jz_test::corpus("songjin/hant.txt"), "A");
  d.import(jz_test::corpus("songjin/hans.txt"), "B");
  align_editions(d.db, "A", "B");
  CollationRepository repo(d.db);
  const auto before = repo.links("A", "B").size();
  // A:1 and B:1 sit in automatic links: they are taken out, and told of.
  const auto made = repo.add_manual_link("A:1", "B:1", jz_test::kTestAuthor);  // a scholar's (odd) decision
  CHECK_FALSE(made.broken.empty());
  for (const Link& l : made.broken) CHECK_FALSE(l.manual);
  // A passage in a manual link leaves it only when asked to.
  CHECK_THROWS_WITH(repo.add_manual_link("A:1", "B:2", jz_test::kTestAuthor), Catch::Contains("would leave the manual link A:1 ↔ B:1") &&
                                                          Catch::Contains("give --force"));
  CHECK_THROWS_WITH(repo.add_manual_link("A:1", "B:1", jz_test::kTestAuthor), Catch::Contains("linked already"));
  const AlignReport again = align_editions(d.db, "A", "B");
  CHECK(again.manual_links == 1);
  const auto links = repo.links("A", "B");
  CHECK(links.size() == before);  // A:1 moved from its automatic link to the manual one
  int manual = 0;
  for (const Link& l : links) manual += l.manual && l.a == std::vector<std::string>{"A:1"} && l.b == std::vector<std::string>{"B:1"};
  CHECK(manual == 1);
  CHECK(repo.remove_link("A:1", "B:1", jz_test::kTestAuthor) == 1);
  CHECK_THROWS_AS(repo.remove_link("A:1", "B:1", jz_test::kTestAuthor), NotFound);
}

TEST_CASE("editions of different works are not aligned") {
  Db d;
  d.import(jz_test::corpus("songjin/hant.txt"), "A");
  ImportOptions o;
  o.work = "other";
  o.siglum = "C";
  const auto file = jz_test::corpus("songjin/hans.txt");
  import_edition(d.db, {&file, 1}, o, nullptr);
  CHECK_THROWS_WITH(align_editions(d.db, "A", "C"), Catch::Contains("different works"));
  CHECK_THROWS_AS(align_editions(d.db, "A", "A"), ConflictError);
}

TEST_CASE("a generated edition: every substantive edit is found, and nothing else is substantive") {
  // A: the Simplified fixture. B: the same converted to Traditional by ICU,
  // with random substitutions, insertions and deletions, and some passages
  // split in two. Each edit is a known answer.
  std::mt19937 rng(20261202);
  const auto lines = jz_test::lines_of(jz_test::corpus("songjin/hans.txt"));
  std::u32string pool;  // characters to substitute and insert: the text's own
  for (const auto& l : lines) for (char32_t c : jz_test::to_u32(l)) if (is_han(c)) pool += c;

  std::vector<Edit> edits;
  std::string a_text, b_text;
  int splits = 0;
  for (std::size_t p = 0; p < lines.size(); ++p) {
    const std::u32string original = jz_test::to_u32(lines[p]);
    std::u32string edited = to_hant(original);
    a_text += lines[p] + "\n";
    if (edited.size() != original.size()) {
      b_text += jz_test::to_utf8(edited) + "\n";
      continue;
    }
    // Edit positions at least 4 apart, among Han characters with Han neighbours.
    auto han_around = [&](std::size_t i) {
      for (std::size_t k = i >= 2 ? i - 2 : 0; k <= std::min(i + 2, original.size() - 1); ++k) if (!is_han(original[k])) return false;
      return i >= 2 && i + 2 < original.size();
    };
    std::vector<std::size_t> at;
    for (std::size_t i = 2; i + 2 < original.size(); ++i) {
      if (han_around(i) && (at.empty() || i >= at.back() + 4) && std::uniform_int_distribution<int>(0, 2)(rng) == 0) at.push_back(i);
    }
    std::optional<std::size_t> split_at;
    for (auto it = at.rbegin(); it != at.rend(); ++it) {
      const std::size_t i = *it;
      const char32_t before = fold_han(original[i - 1]), here = fold_han(original[i]), after = fold_han(original[i + 1]);
      char32_t pick;
      do pick = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
      while (fold_han(pick) == before || fold_han(pick) == here || fold_han(pick) == after);
      const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
      const auto seq = static_cast<int64_t>(p + 1);
      if (kind == 0) {  // substitution
        edited[i] = pick;
        edits.push_back({seq, static_cast<int64_t>(i), static_cast<int64_t>(i + 1), 0});
      } else if (kind == 1) {  // insertion before i
        edited.insert(i, 1, pick);
        edits.push_back({seq, static_cast<int64_t>(i), static_cast<int64_t>(i), +1});
      } else if (kind == 2 && before != here && here != after) {  // deletion
        edited.erase(i, 1);
        edits.push_back({seq, static_cast<int64_t>(i), static_cast<int64_t>(i + 1), -1});
      } else if (!split_at) {  // a paragraph split, before i
        split_at = i;
        ++splits;
      }
    }
    if (split_at) {
      // Where the original position lies in the edited text: shifted by the
      // insertions and deletions before it.
      std::ptrdiff_t cut = static_cast<std::ptrdiff_t>(*split_at);
      for (const Edit& e : edits) {
        if (e.seq == static_cast<int64_t>(p + 1) && e.start < static_cast<int64_t>(*split_at)) cut += e.length_change;
      }
      b_text += jz_test::to_utf8(edited.substr(0, static_cast<std::size_t>(cut))) + "\n" +
                jz_test::to_utf8(edited.substr(static_cast<std::size_t>(cut))) + "\n";
    } else {
      b_text += jz_test::to_utf8(edited) + "\n";
    }
  }
  REQUIRE(edits.size() >= 200);
  REQUIRE(splits >= 5);

  Db d;
  jz_test::write_file(d.dir / "a.txt", a_text);
  jz_test::write_file(d.dir / "b.txt", b_text);
  d.import(d.dir / "a.txt", "A");
  d.import(d.dir / "b.txt", "B");
  align_editions(d.db, "A", "B");
  const auto found = CollationRepository(d.db).variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);

  std::vector<bool> edit_found(edits.size(), false);
  std::size_t true_positives = 0;
  for (const Variant& v : found) {
    const int64_t seq = parse_address(v.a.address).first;
    bool matched = false;
    for (std::size_t k = 0; k < edits.size(); ++k) {
      const Edit& e = edits[k];
      if (e.seq == seq && std::abs(e.start - v.a.start) <= 1 && std::abs(e.end - v.a.end) <= 1) {
        edit_found[k] = matched = true;
      }
    }
    if (!matched) UNSCOPED_INFO("unexpected substantive variant at " << v.a.address << " " << v.a.start << ": " << v.a.reading << " / " << v.b.reading);
    true_positives += matched;
  }
  const std::size_t recalled = static_cast<std::size_t>(std::count(edit_found.begin(), edit_found.end(), true));
  for (std::size_t k = 0; k < edits.size(); ++k) {
    if (!edit_found[k]) UNSCOPED_INFO("missed edit at A:" << edits[k].seq << " " << edits[k].start);
  }
  CHECK(true_positives == found.size());  // precision 100%
  CHECK(recalled == edits.size());        // recall 100%
}

TEST_CASE("a passage moved elsewhere is linked and marked moved, even when too short for an anchor") {
  Db d;
  jz_test::write_file(d.dir / "a.txt", "天地玄黃，宇宙洪荒。\n日月盈昃，辰宿列張。\n寒來暑往，秋收冬藏。\n閏餘成歲，律呂調陽。\n");
  jz_test::write_file(d.dir / "b.txt", "天地玄黄，宇宙洪荒。\n寒来暑往，秋收冬藏。\n闰余成岁，律吕调阳。\n日月盈昃，辰宿列张。\n");
  d.import(d.dir / "a.txt", "A");
  d.import(d.dir / "b.txt", "B");
  const AlignReport r = align_editions(d.db, "A", "B");
  CHECK(r.unmatched_a.empty());
  CHECK(r.unmatched_b.empty());
  CHECK(r.moved_links == 1);
  bool moved = false;
  for (const Link& l : CollationRepository(d.db).links("A", "B")) {
    if (l.moved) moved = l.a == std::vector<std::string>{"A:2"} && l.b == std::vector<std::string>{"B:4"};
  }
  CHECK(moved);
}

TEST_CASE("check finds a variant whose passage is not in its link, or whose span passes its text") {
  Db d;
  d.import(jz_test::corpus("songjin/hant.txt"), "A");
  d.import(jz_test::corpus("songjin/hans.txt"), "B");
  align_editions(d.db, "A", "B");
  auto variant_faults = [&] {
    for (const CheckResult& r : check_database(d.db)) {
      if (r.name == "variants") return r.faults;
    }
    FAIL("check ran no variants check");
    return std::vector<std::string>{};
  };
  CHECK(variant_faults().empty());
  // A variant moved onto a passage of another link: nothing else breaks
  // (variant has no foreign key to passage), so only this check can see it.
  d.db.sql().exec(
      "UPDATE variant SET passage_a = (SELECT max(id) FROM passage WHERE edition_id = "
      "(SELECT edition_id FROM passage WHERE id = variant.passage_a)) WHERE (link_id, n) = "
      "(SELECT link_id, n FROM variant ORDER BY link_id, n LIMIT 1)");
  const auto moved = variant_faults();
  REQUIRE(moved.size() == 1);
  CHECK_THAT(moved[0], Catch::Contains("1 variants name a passage that is not in their link"));
  d.db.sql().exec("UPDATE variant SET end_b = end_b + 100000");
  CHECK(variant_faults().size() == 2);
}
