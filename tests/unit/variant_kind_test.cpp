// The 校勘 kinds on a generated witness with known answers: at least 30
// planted edits of each kind, and random substitutions that should get
// none of the named kinds; recall and precision per kind.
#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/variant_kind.h"
#include "jiaozhu/variant_kind_choices.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;

namespace {

// Pairs the 校勘 literature gives for each kind (first in the base, second
// in the witness). 避諱 pairs are Qing's: the witness is dated 清.
const std::map<VariantKind, std::vector<std::pair<char32_t, char32_t>>> kPairs = {
    {VariantKind::kGraphic, {{U'己', U'已'}, {U'未', U'末'}, {U'日', U'曰'}, {U'鳥', U'烏'}, {U'苦', U'若'}, {U'人', U'入'},
                             {U'王', U'玉'}, {U'大', U'太'}, {U'土', U'士'}, {U'戊', U'戌'}}},
    {VariantKind::kPhonetic, {{U'在', U'再'}, {U'是', U'事'}, {U'向', U'象'}, {U'知', U'之'}, {U'到', U'道'}, {U'上', U'尚'},
                              {U'和', U'何'}, {U'流', U'留'}}},
    {VariantKind::kLoan, {{U'說', U'悅'}, {U'女', U'汝'}}},  // not 清/情: alike in shape and sound, which the pair cannot tell
    {VariantKind::kTaboo, {{U'玄', U'元'}, {U'弘', U'宏'}, {U'胤', U'允'}, {U'曆', U'歷'}, {U'燁', U'煜'}}},
};

struct PlantedEdit {
  int64_t seq = 0, start = 0;  // in the base
  VariantKind kind = VariantKind::kOther;
};

bool han_run(const std::u32string& s, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k < to; ++k) if (k >= s.size() || !is_han(s[k])) return false;
  return true;
}

void import_lines_as(Database& db, const jz_test::TempDir& dir, const std::string& siglum, const std::vector<std::u32string>& lines) {
  std::string text;
  for (const auto& l : lines) text += jz_test::to_utf8(l) + "\n";
  const auto file = dir / (siglum + ".txt");
  jz_test::write_file(file, text);
  ImportOptions o;
  o.work = "songjin";
  o.siglum = siglum;
  import_edition(db, {&file, 1}, o, nullptr);
}

}  // namespace

TEST_CASE("planted edits of every kind get their kind: recall and precision per kind") {
  std::vector<std::u32string> base, wit;
  for (const std::string& l : jz_test::lines_of(jz_test::corpus("songjin/hant.txt"))) base.push_back(jz_test::to_u32(l));
  for (const std::string& l : jz_test::lines_of(jz_test::corpus("songjin/hans.txt"))) {
    base.push_back(jz_test::to_u32(jz_test::transliterated(l, "Hans-Hant")));
  }
  std::mt19937 rng(20);
  const std::vector<VariantKind> order = {VariantKind::kOmission, VariantKind::kAddition, VariantKind::kInversion,
                                          VariantKind::kGraphic,  VariantKind::kPhonetic, VariantKind::kLoan,
                                          VariantKind::kTaboo,    VariantKind::kOther};
  std::vector<PlantedEdit> planted;
  std::size_t turn = 0;
  for (std::size_t p = 0; p < base.size(); ++p) {
    std::u32string& a = base[p];
    std::u32string b = a;
    // Edits from the end, so that earlier positions in a and b stay equal.
    std::vector<std::pair<std::size_t, VariantKind>> edits;
    for (std::size_t i = 4; i + 6 < a.size(); i += 6) {
      if (!han_run(a, i - 2, i + 4) || a[i - 1] == a[i] || a[i] == a[i + 1] || a[i + 1] == a[i + 2]) continue;
      edits.emplace_back(i, order[turn++ % order.size()]);
    }
    for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
      const auto [i, kind] = *it;
      switch (kind) {
        case VariantKind::kOmission: b.erase(i, 1 + rng() % 2); break;
        case VariantKind::kAddition: b.insert(i, 1, a[i - 1] == U'之' || a[i] == U'之' ? U'也' : U'之'); break;
        case VariantKind::kInversion: std::swap(b[i], b[i + 1]); break;
        case VariantKind::kOther: {
          char32_t c;
          do c = a[rng() % a.size()]; while (!is_han(c) || c == a[i] || c == a[i - 1] || c == a[i + 1]);
          b[i] = c;
          break;
        }
        default: {
          const auto& pairs = kPairs.at(kind);
          const auto [x, y] = pairs[rng() % pairs.size()];
          a[i] = x;
          b[i] = y;
        }
      }
      planted.push_back({static_cast<int64_t>(p + 1), static_cast<int64_t>(i), kind});
    }
    wit.push_back(b);
  }
  std::map<VariantKind, int> per_kind;
  for (const PlantedEdit& p : planted) ++per_kind[p.kind];
  for (VariantKind k : order) REQUIRE(per_kind[k] >= 30);

  jz_test::TempDir dir;
  Database db = open_database(dir / "k.db", OpenMode::kCreate);
  import_lines_as(db, dir, "A", base);
  import_lines_as(db, dir, "W", wit);
  EditionDatingRepository(db).set("W", std::string("清"), "", "tester");
  align_editions(db, "A", "W");

  std::map<VariantKind, int> found, right;
  std::vector<bool> recalled(planted.size());
  CollationRepository(db).each_variant("A", "W", {{}, {VariantField::kText}, std::nullopt, 0, std::nullopt, {}, std::nullopt}, [&](Variant&& v) {
    if (!v.kind) return;
    ++found[*v.kind];
    const int64_t seq = parse_address(v.a.address).first;
    for (std::size_t k = 0; k < planted.size(); ++k) {
      const PlantedEdit& p = planted[k];
      if (p.seq == seq && v.a.start <= p.start && p.start <= v.a.end && p.kind == *v.kind && !recalled[k]) {
        recalled[k] = true;
        ++right[*v.kind];
        return;
      }
    }
    UNSCOPED_INFO("unplanted " << to_string(*v.kind) << " at " << v.a.address << " " << v.a.start << ": " << v.a.reading
                               << " / " << v.b.reading << " (" << v.kind_evidence << ")");
  });
  for (VariantKind k : order) {
    int recall = 0;
    for (std::size_t i = 0; i < planted.size(); ++i) recall += planted[i].kind == k && recalled[i];
    const int need = k == VariantKind::kOmission || k == VariantKind::kAddition || k == VariantKind::kInversion ? 99 : 90;
    INFO(to_string(k) << ": planted " << per_kind[k] << ", found " << found[k] << ", right " << right[k]);
    CHECK(recall * 100 >= per_kind[k] * need);
    if (k != VariantKind::kOther) CHECK(right[k] * 100 >= found[k] * need);
  }
}

TEST_CASE("a kind set by hand holds across a re-alignment, and --clear goes back to the proposal") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "k.db", OpenMode::kCreate);
  jz_test::import_songjin(db);
  align_editions(db, "A", "B");
  const auto readings = CollationRepository(db).variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);
  REQUIRE_FALSE(readings.empty());
  const Variant v = readings.front();
  CHECK(v.kind == VariantKind::kOther);  // 太宗 / 皇太极
  VariantKindChoices(db).set(v.uuid.substr(0, 10), VariantKind::kTaboo, "a temple name for the personal", "tester");
  align_editions(db, "A", "B");
  auto again = CollationRepository(db).variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);
  REQUIRE(again.front().uuid == v.uuid);
  CHECK(again.front().kind == VariantKind::kTaboo);
  CHECK(again.front().kind_chosen);
  CHECK(again.front().kind_evidence == "a temple name for the personal");
  VariantKindChoices(db).set(v.uuid, std::nullopt, "", "tester");
  again = CollationRepository(db).variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);
  CHECK(again.front().kind == VariantKind::kOther);
  CHECK_FALSE(again.front().kind_chosen);
  CHECK(VariantKindChoices(db).history(v.uuid).size() == 2);
  // Only readings take a kind.
  const auto punct = CollationRepository(db).variants("A", "B", {VariantClass::kPunct}, std::nullopt);
  REQUIRE_FALSE(punct.empty());
  CHECK_THROWS_AS(VariantKindChoices(db).set(punct.front().uuid, VariantKind::kOther, "", "tester"), UsageError);
}

TEST_CASE("kinds are proposed from the readings alone, taboo only where the dynasty fits") {
  auto kind = [](const char32_t* a, const char32_t* b, std::string_view da = "", std::string_view db = "") {
    const EditionDate date_a = read_dating(da), date_b = read_dating(db);
    return propose_kind({a, b, da.empty() ? nullptr : &date_a, db.empty() ? nullptr : &date_b}).kind;
  };
  CHECK(kind(U"太宗", U"") == VariantKind::kOmission);
  CHECK(kind(U"", U"之") == VariantKind::kAddition);
  CHECK(kind(U"山水", U"水山") == VariantKind::kInversion);
  // An apparatus writes an addition or omission with the word beside it (奘 / 奘奉詔).
  CHECK(kind(U"奘", U"奘奉詔") == VariantKind::kAddition);
  CHECK(propose_kind({U"奘", U"奘奉詔", nullptr, nullptr}).evidence == "+奉詔");
  CHECK(kind(U"三藏法師", U"法師") == VariantKind::kOmission);
  CHECK(kind(U"奘", U"玄奘奉") == VariantKind::kOther);  // more on both sides: not one addition
  CHECK(kind(U"玄", U"元", "", "清") == VariantKind::kTaboo);
  CHECK(kind(U"元", U"玄", "清", "") == VariantKind::kTaboo);  // the first edition avoided it
  CHECK(kind(U"玄", U"元", "", "唐") != VariantKind::kTaboo);
  CHECK(kind(U"世", U"代", "", "唐") == VariantKind::kTaboo);
  // By reign: 寧 was 道光's (1821); a 康熙 edition's 甯 avoided nothing.
  CHECK(kind(U"寧", U"甯", "", "1850") == VariantKind::kTaboo);
  CHECK(kind(U"寧", U"甯", "", "1705") != VariantKind::kTaboo);
  CHECK(kind(U"寧", U"甯", "", "康熙") != VariantKind::kTaboo);
  CHECK(kind(U"寧", U"甯", "", "道光") == VariantKind::kTaboo);
  CHECK(kind(U"玄", U"元", "", "1705") == VariantKind::kTaboo);   // 康熙's own name
  CHECK(kind(U"玄", U"元", "", "1930") != VariantKind::kTaboo);   // after the dynasty
  CHECK(read_dating("1705").reign == "康熙");
  CHECK(read_dating("1705").dynasty == "清");
  CHECK(read_dating("乾隆").year == 1736);
  CHECK(dating_known("-221"));
  CHECK_FALSE(dating_known("大清某年"));
  CHECK(kind(U"己", U"已") == VariantKind::kGraphic);
  CHECK(kind(U"流", U"留") == VariantKind::kPhonetic);
  CHECK(kind(U"說", U"悅") == VariantKind::kLoan);
  CHECK(kind(U"太宗", U"皇太极") == VariantKind::kOther);
  CHECK(kind(U"己未", U"已末") == VariantKind::kGraphic);  // every differing character agrees
  CHECK(kind(U"己流", U"已留") == VariantKind::kOther);    // they do not
  CHECK(parse_variant_kind("形近") == VariantKind::kGraphic);
  CHECK_THROWS_AS(parse_variant_kind("x"), UsageError);
}

TEST_CASE("a conversion difference takes no proposed kind, but a kind set by hand") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "c.db", OpenMode::kCreate);
  // Two Traditional editions: 白髮 against a Simplified→Traditional slip 白發.
  import_lines_as(db, dir, "A", {U"白髮三千丈，緣愁似箇長。不知明鏡裏，何處得秋霜。"});
  import_lines_as(db, dir, "W", {U"白發三千丈，緣愁似箇長。不知明鏡裏，何處得秋霜。"});
  align_editions(db, "A", "W");
  const auto found = CollationRepository(db).variants("A", "W", {VariantClass::kConversion}, std::nullopt);
  REQUIRE(found.size() == 1);
  CHECK(found.front().a.reading == "髮");
  CHECK_FALSE(found.front().kind);  // not 通假 or 音近: a conversion explains it
  VariantKindChoices(db).set(found.front().uuid, VariantKind::kGraphic, "the scholar's reading", "tester");
  const auto set = CollationRepository(db).variants("A", "W", {VariantClass::kConversion}, std::nullopt);
  CHECK(set.front().kind == VariantKind::kGraphic);
  CHECK(set.front().kind_chosen);
}
