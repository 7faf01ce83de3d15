// The classes that depend on the editions' scripts and on the file's fold
// rules: glyph (a rule's variant form), conversion (between two Traditional
// editions, a pair only simplification merges) and placeholder, on a
// generated witness with known answers.
#include <catch2/catch.hpp>
#include <memory>
#include <map>
#include <random>

#include "jiaozhu/address.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/search.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;

namespace {

// Pairs that only Traditional-Simplified conversion merges: both are
// Traditional characters of their own.
const std::map<char32_t, char32_t> kConversion = {{U'發', U'髮'}, {U'後', U'后'}, {U'復', U'複'}, {U'雲', U'云'},
                                                  {U'鐘', U'鍾'}, {U'松', U'鬆'}, {U'幹', U'干'}, {U'穀', U'谷'},
                                                  {U'面', U'麵'}, {U'範', U'范'}, {U'佔', U'占'}};
// Variant forms that the script folding also merges: between two Traditional
// editions a glyph difference, not a script one.
const std::map<char32_t, char32_t> kScriptFoldedForms = {{U'為', U'爲'}, {U'裡', U'裏'}, {U'群', U'羣'}};
const char32_t kPlaceholders[] = {U'□', U'〓', U'■', 0xE000};

std::string to_hant(const std::string& text) { return jz_test::transliterated(text, "Hans-Hant"); }

struct Planted {
  int64_t seq, start;
  VariantClass expected;
};

void import(Database& db, const std::filesystem::path& file, const std::string& siglum) {
  ImportOptions o;
  o.work = "songjin";
  o.siglum = siglum;
  import_edition(db, {&file, 1}, o, nullptr);
}

}  // namespace

TEST_CASE("variant forms by rule, conversion pairs and placeholders are classed, with no false ones") {
  std::mt19937 rng(20261205);
  // Both editions Traditional: the fixture's Traditional text, and its
  // Simplified one converted by ICU.
  auto lines = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
  for (const std::string& l : jz_test::lines_of(jz_test::corpus("songjin/hans.txt"))) lines.push_back(to_hant(l));
  std::vector<Planted> planted;
  std::vector<FoldRuleDraft> rules;
  std::string a_text, b_text;
  char32_t next_form = 0x3400;  // Extension A: characters the fixture never writes
  for (std::size_t p = 0; p < lines.size(); ++p) {
    std::u32string text = jz_test::to_u32(lines[p]);
    a_text += lines[p] + "\n";
    std::size_t last = 0;
    for (std::size_t i = 2; i + 2 < text.size(); ++i) {
      bool han_around = true;
      for (std::size_t k = i - 2; k <= i + 2; ++k) han_around = han_around && is_han(text[k]);
      if (!han_around || (last && i < last + 4)) continue;
      const auto seq = static_cast<int64_t>(p + 1);
      const auto start = static_cast<int64_t>(i);
      if (const auto c = kConversion.find(text[i]); c != kConversion.end()) {
        text[i] = c->second;
        planted.push_back({seq, start, VariantClass::kConversion});
      } else if (const auto f = kScriptFoldedForms.find(text[i]); f != kScriptFoldedForms.end()) {
        text[i] = f->second;
        planted.push_back({seq, start, VariantClass::kGlyph});
      } else if (const int dice = std::uniform_int_distribution<int>(0, 3)(rng); dice == 0) {
        const char32_t form = next_form++;
        rules.push_back({jz_test::to_utf8(std::u32string(1, form)), jz_test::to_utf8(std::u32string(1, text[i])), "test", ""});
        text[i] = form;
        planted.push_back({seq, start, VariantClass::kGlyph});
      } else if (dice == 1) {
        text[i] = kPlaceholders[rng() % std::size(kPlaceholders)];
        planted.push_back({seq, start, VariantClass::kPlaceholder});
      } else {
        continue;
      }
      last = i;
    }
    b_text += jz_test::to_utf8(text) + "\n";
  }
  std::map<VariantClass, int> per_class;
  for (const Planted& p : planted) ++per_class[p.expected];
  REQUIRE(per_class[VariantClass::kGlyph] >= 200);
  REQUIRE(per_class[VariantClass::kPlaceholder] >= 200);
  REQUIRE(per_class[VariantClass::kConversion] >= 15);

  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  jz_test::write_file(dir / "a.txt", a_text);
  jz_test::write_file(dir / "b.txt", b_text);
  import(db, dir / "a.txt", "A");
  import(db, dir / "b.txt", "B");
  add_fold_rules(db, rules, jz_test::kTestAuthor);
  align_editions(db, "A", "B");

  // Every variant but punctuation is one planted edit of its class.
  std::map<VariantClass, int> found, right;
  std::vector<bool> recalled(planted.size(), false);
  for (const Variant& v : CollationRepository(db).variants("A", "B", {}, std::nullopt)) {
    if (v.variant_class == VariantClass::kPunct) continue;
    ++found[v.variant_class];
    const int64_t seq = parse_address(v.a.address).first;
    for (std::size_t k = 0; k < planted.size(); ++k) {
      if (planted[k].seq == seq && planted[k].start == v.a.start && v.a.end == v.a.start + 1 &&
          planted[k].expected == v.variant_class) {
        recalled[k] = true;
        ++right[v.variant_class];
      }
    }
    if (right[v.variant_class] == 0 || found[v.variant_class] != right[v.variant_class]) {
      UNSCOPED_INFO("unexpected " << to_string(v.variant_class) << " at " << v.a.address << " " << v.a.start << ": "
                                  << v.a.reading << " / " << v.b.reading);
    }
  }
  for (VariantClass c : {VariantClass::kGlyph, VariantClass::kConversion, VariantClass::kPlaceholder}) {
    int recall = 0;
    for (std::size_t k = 0; k < planted.size(); ++k) recall += planted[k].expected == c && recalled[k];
    INFO(to_string(c) << ": planted " << per_class[c] << ", found " << found[c] << ", right " << right[c]);
    CHECK(right[c] * 100 >= found[c] * 99);    // precision >= 99%
    CHECK(recall * 100 >= per_class[c] * 99);  // recall >= 99%
  }
  CHECK(found[VariantClass::kSubstantive] == 0);
  CHECK(found[VariantClass::kScript] == 0);
}

TEST_CASE("a rule joins two classes, folded to the standard's, whatever order the rules come in") {
  const auto c = [](const char* s) { return jz_test::to_u32(s).at(0); };
  const Folding none;
  const Folding one({{c("邉"), c("邊")}});
  CHECK(one.han(c("邉")) == fold_han(c("邊")));
  CHECK(one.han(c("边")) == fold_han(c("邊")));  // the standard's whole class
  CHECK(one.han(c("明")) == fold_han(c("明")));
  CHECK(one.version() != none.version());
  const Folding chain({{c("眀"), c("明")}, {c("朙"), c("眀")}});
  const Folding reversed({{c("朙"), c("眀")}, {c("眀"), c("明")}});
  CHECK(chain.han(c("朙")) == chain.han(c("明")));
  CHECK(chain.version() == reversed.version());
  CHECK(reversed.han(c("朙")) == chain.han(c("朙")));
  // What changes when a rule comes or goes: the search forms under which the
  // passages to re-index are found.
  CHECK(changed_forms(none, one) == std::vector<char32_t>{fold_han(c("邉"))});
  CHECK(changed_forms(one, none) == std::vector<char32_t>{fold_han(c("邊"))});
  CHECK(changed_forms(one, one).empty());
}

TEST_CASE("placeholders are tokens, and a rule reaches search at once and leaves with its removal") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  jz_test::write_file(dir / "a.txt", "洪承□至松山\n邉關多事\n");
  import(db, dir / "a.txt", "A");
  const auto hits = [&](const std::string& q) {
    SearchRequest r;
    r.query = q;
    return search(db, r).total;
  };
  CHECK(hits("□") == 1);
  CHECK(hits("邊關") == 0);
  const FoldRuleDraft rule{"邉", "邊", "漢語大字典", ""};
  const FoldChange added = add_fold_rules(db, {&rule, 1}, jz_test::kTestAuthor);
  CHECK(added.rules == 1);
  CHECK(added.passages == 1);
  CHECK(hits("邊關") == 1);
  CHECK(hits("边关") == 1);
  CHECK(add_fold_rules(db, {&rule, 1}, jz_test::kTestAuthor).rules == 0);  // the same rule again changes nothing
  // Reopened, the file folds with its rules and its index is current.
  Database again = open_database(dir / "t.db", OpenMode::kExisting);
  CHECK(again.folding().version() == db.folding().version());
  remove_fold_rule(db, "邉", "邊", jz_test::kTestAuthor);
  CHECK(hits("邊關") == 0);
  CHECK_THROWS_AS(remove_fold_rule(db, "邉", "邊", jz_test::kTestAuthor), NotFound);
  CHECK_THROWS_AS(add_fold_rules(db, std::vector<FoldRuleDraft>{{"邉邉", "邊", "", ""}}, jz_test::kTestAuthor), UsageError);
}

TEST_CASE("a link collates its passages' authors and titles, and the text's variants stay as they were") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  jz_test::write_file(dir / "p.json", R"([{"title": "帝京篇", "author": "太宗皇帝", "paragraphs": ["秦川雄帝宅，函谷壯皇居。"]},
                                         {"title": "詠雨", "author": "太宗皇帝", "paragraphs": ["和氣吹綠野，梅雨灑芳田。"]}])");
  jz_test::write_file(dir / "q.json", R"([{"title": "帝京篇", "author": "李世民", "paragraphs": ["秦川雄帝宅，函谷壯皇居。"]},
                                         {"author": "太宗皇帝", "paragraphs": ["和氣吹綠野，梅雨落芳田。"]}])");
  import(db, dir / "p.json", "P");
  import(db, dir / "q.json", "Q");
  align_editions(db, "P", "Q");
  const auto all = CollationRepository(db).variants("P", "Q", {}, std::nullopt);
  std::vector<std::string> seen;
  for (const Variant& v : all) {
    seen.push_back(std::string(to_string(v.field)) + " " + v.a.address + " " + v.a.reading + "/" + v.b.reading + " " +
                   std::string(to_string(v.variant_class)));
  }
  CHECK(seen == std::vector<std::string>{"author P:1 太宗皇帝/李世民 substantive", "title P:2 詠雨/ substantive",
                                         "text P:2 灑/落 substantive"});
  // Only the authors, as `variants --field author` asks.
  CollationRepository::VariantQuery q;
  q.fields = {VariantField::kAuthor};
  int authors = 0;
  CollationRepository(db).each_variant("P", "Q", q, [&](Variant&& v) { authors += v.field == VariantField::kAuthor; });
  CHECK(authors == 1);
  for (const CheckResult& c : check_database(db)) {
    INFO(c.name);
    CHECK(c.faults.empty());
  }
}

TEST_CASE("a digitisation's code of a few letters amid Han text is a placeholder, a longer Latin run a reading") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "p.db", OpenMode::kCreate);
  jz_test::write_file(dir / "a.txt", "寶刀鈒鏤文，夜夜鳴匣中。\n白日依山盡，黃河入海流。\n欲窮千里目，更上一層樓。\n");
  jz_test::write_file(dir / "b.txt", "寶刀fk鏤文，夜夜鳴匣中。\n白日依山z5，黃河入海流。\n欲窮千里目，更上abcdef樓。\n");
  import(db, dir / "a.txt", "A");
  import(db, dir / "b.txt", "B");
  align_editions(db, "A", "B");
  std::map<std::string, VariantClass> by_reading;
  for (const Variant& v : CollationRepository(db).variants("A", "B", {}, std::nullopt)) by_reading[v.b.reading] = v.variant_class;
  CHECK(by_reading.at("fk") == VariantClass::kPlaceholder);      // 2 letters for 鈒
  CHECK(by_reading.at("z5") == VariantClass::kPlaceholder);      // a letter and a digit for 盡
  CHECK(by_reading.at("abcdef") == VariantClass::kSubstantive);  // six letters for 一層: no stand-in
}
