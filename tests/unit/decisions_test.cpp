// The editor's decisions: places named alike by every build of the
// apparatus, each kind of decision, policies and their override, the edited
// text and its offset map, decisions made apart in two copies and merged,
// and the rows `check` and merge refuse.
#include <SQLiteCpp/Database.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/check.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/database.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/search.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;

namespace {

// 諫太宗十思疏, as the base and two witnesses with planted readings.
const std::vector<std::string> kBase = {
    "臣聞求木之長者，必固其根本；欲流之遠者，必浚其泉源。",
    "人君當神器之重，居域中之太，將崇極天之峻，永保無疆之休。",
    "凡百元首，承天景命，莫不殷憂而道著，功成而德衰。",
    "為人君者，可不慎乎。",
};

std::string joined(std::vector<std::string> lines, const std::function<void(std::vector<std::string>&)>& change) {
  change(lines);
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

void replace(std::string& s, const std::string& from, const std::string& to) { s.replace(s.find(from), from.size(), to); }

struct Editions {
  jz_test::TempDir dir;
  Database db = open_database(dir / "d.db", OpenMode::kCreate);

  Editions() {
    import("A", joined(kBase, [](auto&) {}));
    import("B", joined(kBase, [](auto& l) {
             replace(l[1], "之太", "之大");
             replace(l[1], "之峻", "之竣");
             replace(l[2], "德衰", "德微");
             replace(l[3], "為", "爲");
           }));
    import("C", joined(kBase, [](auto& l) { l[2] += "善始者實繁，克終者蓋寡。"; }));
  }

  void import(const std::string& siglum, const std::string& text, bool replace = false) {
    const auto file = dir / (siglum + ".txt");
    jz_test::write_file(file, text);
    ImportOptions o;
    o.work = "諫太宗十思疏";
    o.siglum = siglum;
    o.replace = replace;
    import_edition(db, {&file, 1}, o, nullptr);
  }

  Apparatus apparatus(bool undecided_only = false) {
    ApparatusRequest r;
    r.base = "A";
    r.witnesses = {"B", "C"};
    r.classes = parse_classes_all();
    r.undecided_only = undecided_only;
    return make_apparatus(db, r, nullptr);
  }

  static std::vector<VariantClass> parse_classes_all() {
    std::vector<VariantClass> all;
    for (std::size_t c = 0; c < kVariantClassCount; ++c) all.push_back(static_cast<VariantClass>(c));
    return all;
  }

  // The entry of passage A:n whose lemma is `lemma` (and, for an addition,
  // whose reading holds `reading`).
  ApparatusEntry entry(int64_t n, const std::string& lemma, const std::string& reading = "") {
    for (const ApparatusPassage& p : apparatus().passages) {
      if (p.seq != n) continue;
      for (const ApparatusEntry& e : p.entries) {
        const bool reads = reading.empty() || std::any_of(e.readings.begin(), e.readings.end(), [&](const ApparatusReading& r) {
                             return r.text.find(reading) != std::string::npos;
                           });
        if (e.lemma == lemma && reads) return e;
      }
    }
    FAIL("no entry at A:" << n << " for 「" << lemma << "」");
    return {};
  }

  PlaceDecision decide(const std::string& id, std::optional<DecisionAction> action, const std::string& witness = "",
                       const std::string& reading = "", const std::string& reason = "",
                       const std::string& author = jz_test::kTestAuthor) {
    DecisionRequest r;
    r.place = id;
    r.action = action;
    r.witness = witness;
    r.reading = reading;
    r.reason = reason;
    r.author = author;
    return DecisionRepository(db).decide(r);
  }

  std::string edited(int64_t n) {
    Passage p = PassageRepository(db).get(Address{"A", n, n}).front();
    return edited_passages(db, {p}).front().passage.text;
  }
};

std::string text_apparatus(const Apparatus& a) {
  std::ostringstream out;
  write_apparatus_text(a, out);
  return out.str();
}

}  // namespace

TEST_CASE("a place keeps its id through a second apparatus and a new alignment, and ids are distinct") {
  Editions f;
  const ApparatusEntry e = f.entry(2, "太");
  CHECK(e.id.size() == 36);
  CHECK(f.entry(2, "太").id == e.id);
  align_editions(f.db, "A", "B");
  CHECK(f.entry(2, "太").id == e.id);
  CHECK(f.entry(2, "峻").id != e.id);
  CHECK(DecisionRepository(f.db).place(e.id.substr(0, 8)).lemma == "太");
  CHECK_THROWS_AS(DecisionRepository(f.db).place("ab"), UsageError);
  CHECK_THROWS_AS(DecisionRepository(f.db).place("00000000"), NotFound);
}

TEST_CASE("each decision is kept with its author, and the edited text takes what is adopted and emended") {
  Editions f;
  const std::string adopt = f.entry(2, "太").id, emend = f.entry(2, "峻").id, supply = f.entry(3, "", "善始者").id;
  CHECK(f.decide(adopt, DecisionAction::kAdopt, "B").current.reading == "大");
  CHECK(f.decide(emend, DecisionAction::kEmend, "", "嶠", "據文義改").current.reason == "據文義改");
  // The aligner pairs the base's 。 with C's last one: the addition is the words between.
  CHECK(f.decide(supply, DecisionAction::kAdopt, "C").current.reading == "善始者實繁，克終者蓋寡");
  CHECK(f.edited(2) == "人君當神器之重，居域中之大，將崇極天之嶠，永保無疆之休。");
  CHECK(f.edited(3) == "凡百元首，承天景命，莫不殷憂而道著，功成而德衰善始者實繁，克終者蓋寡。");
  CHECK(PassageRepository(f.db).get(Address{"A", 2, 2}).front().text == kBase[1]);  // the base is untouched

  SECTION("a place whose base text was replaced since is refused, and the new apparatus names it anew") {
    const std::string before = f.entry(4, "為").id;
    f.import("A", joined(kBase, [](auto& l) { l[3] = "凡" + l[3]; }), true);  // 凡為人君者: the place moves by one
    CHECK_THROWS_WITH(f.decide(before, DecisionAction::kRecord), Catch::Contains("no longer reads"));
    CHECK(f.entry(4, "為").id != before);
  }
  SECTION("adopting needs a witness that reads otherwise; emending needs a reason") {
    CHECK_THROWS_WITH(f.decide(adopt, DecisionAction::kAdopt, "C"), Catch::Contains("reads as the base"));
    CHECK_THROWS_WITH(f.decide(emend, DecisionAction::kEmend, "", "嶠", ""), Catch::Contains("--reason"));
    CHECK_THROWS_AS(f.decide(adopt, DecisionAction::kAdopt, "Z"), NotFound);
    CHECK_THROWS_AS(f.decide(adopt, DecisionAction::kRecord, "", "", "", ""), NoAuthor);
  }
  SECTION("the history keeps every decision; undo leaves the place undecided") {
    f.decide(adopt, DecisionAction::kDoubt);
    f.decide(adopt, std::nullopt);
    const auto history = DecisionRepository(f.db).history(adopt);
    REQUIRE(history.size() == 3);
    CHECK(history[1].parents == std::vector<std::string>{history[0].uuid});
    CHECK_FALSE(history[2].action);
    CHECK(f.edited(2).find("之太") != std::string::npos);
    CHECK_FALSE(f.entry(2, "太").action());
  }
  SECTION("search finds the edited reading only when asked for the edited text") {
    SearchRequest r;
    r.editions = {"A"};
    r.query = "極天之嶠";
    CHECK(search(f.db, r).total == 0);
    r.edited = true;
    const SearchResult found = search(f.db, r);
    REQUIRE(found.total == 1);
    CHECK(found.hits.front().seq == 2);
    CHECK(found.hits.front().text.find("極天之嶠") != std::string::npos);
    r.query = "極天之峻";  // the base's reading, replaced there
    CHECK(search(f.db, r).total == 0);
  }
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("a policy decides a class of places, a decision on one place overrides it, and the worklist shrinks") {
  Editions f;
  const int64_t before = f.apparatus().undecided;
  const Policy p = DecisionRepository(f.db).add_policy(DecisionAction::kOmit, VariantClass::kGlyph, "", "", jz_test::kTestAuthor);
  CHECK(policy_sentence(p) == "異體字，不出校。");
  const ApparatusEntry form = f.entry(4, "為");
  REQUIRE(form.policy);
  CHECK(form.omitted());
  CHECK(f.apparatus().undecided == before - 1);
  CHECK(text_apparatus(f.apparatus()).find("爲") == std::string::npos);
  for (const ApparatusPassage& passage : f.apparatus(true).passages) {
    for (const ApparatusEntry& e : passage.entries) CHECK_FALSE(e.action());
  }
  f.decide(form.id, DecisionAction::kRecord);
  CHECK_FALSE(f.entry(4, "為").omitted());
  CHECK(text_apparatus(f.apparatus()).find("爲") != std::string::npos);
  CHECK_THROWS_AS(DecisionRepository(f.db).add_policy(DecisionAction::kAdopt, VariantClass::kGlyph, "", "", "T"), UsageError);
  DecisionRepository(f.db).remove_policy(p.uuid.substr(0, 6), jz_test::kTestAuthor);
  CHECK(DecisionRepository(f.db).policies().empty());
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("the 校勘記 says each decision in 點校本 form and numbers only what it records") {
  Editions f;
  f.decide(f.entry(2, "太").id, DecisionAction::kAdopt, "B");
  f.decide(f.entry(2, "峻").id, DecisionAction::kEmend, "", "嶠", "據文義改");
  f.decide(f.entry(3, "衰").id, DecisionAction::kDoubt);
  f.decide(f.entry(3, "", "善始者").id, DecisionAction::kAdopt, "C");
  f.decide(f.entry(4, "為").id, DecisionAction::kOmit);
  const std::string text = text_apparatus(f.apparatus());
  CHECK_THAT(text, Catch::Contains("居域中之大〔一〕，將崇極天之嶠〔二〕"));  // numbered against the edited text
  CHECK_THAT(text, Catch::Contains("〔一〕「大」，原作「太」，據B本改。"));
  CHECK_THAT(text, Catch::Contains("〔二〕「嶠」，原作「峻」，B本作「竣」"));
  CHECK_THAT(text, Catch::Contains("據文義改。"));
  CHECK_THAT(text, Catch::Contains("「衰」，B本作「微」；C本同底本，未知孰是。"));
  CHECK_THAT(text, Catch::Contains("「善始者實繁，克終者蓋寡」，原無，據C本補。"));
  CHECK_THAT(text, !Catch::Contains("爲"));
  CHECK_THAT(text, Catch::Contains("校記 4 條"));
}

TEST_CASE("a witness's long omission is cited by its ends and length, whole lines of verse by 句") {
  ApparatusEntry e;
  e.lemma = "知其不可，而況於明哲乎";
  e.readings.push_back({"", {"B"}, VariantClass::kSubstantive, ReadingKind::kOmission, std::nullopt, ""});
  const std::u32string prose = U"臣雖下愚，知其不可，而況於明哲乎！";
  Apparatus a;
  a.base.siglum = "A";
  ApparatusPassage p;
  p.seq = 1;
  p.address = "A:1";
  p.text = to_utf8(prose);
  e.start = 5;
  e.end = 16;
  e.number = 1;
  p.entries.push_back(e);
  a.passages.push_back(p);
  CHECK_THAT(text_apparatus(a), Catch::Contains("B本無「知其不可」至「於明哲乎」凡10字"));
  a.passages.front().text = "床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。";
  a.passages.front().entries.front().lemma = "疑是地上霜。舉頭望明月，";
  a.passages.front().entries.front().start = 6;
  a.passages.front().entries.front().end = 18;
  CHECK_THAT(text_apparatus(a), Catch::Contains("B本無「疑是地上」至「頭望明月」凡2句"));
}

TEST_CASE("the edited text maps base offsets: before, inside and after a change, and past an insertion") {
  EditedText e;
  e.text = "居域中之大大，極";
  e.changes = {{4, 5, 4, 6}, {8, 8, 9, 12}};  // 太 -> 大大; an insertion at 8
  CHECK(e.map(0) == 0);
  CHECK(e.map(4) == 4);
  CHECK(e.map(5) == 6);
  CHECK(e.map(7) == 8);
  CHECK(e.map(8) == 12);
  CHECK(e.map(9) == 13);
}

TEST_CASE("decisions made apart in two copies merge: different ones are a conflict settled by deciding again") {
  Editions f;
  const std::string place = f.entry(3, "衰").id, other_place = f.entry(2, "太").id;
  f.apparatus();
  const auto copy = f.dir / "copy.db";
  std::filesystem::copy_file(f.dir / "d.db", copy);
  f.decide(place, DecisionAction::kAdopt, "B", "", "", "Jia <j@x>");
  f.decide(other_place, DecisionAction::kRecord, "", "", "", "Jia <j@x>");
  {
    Database theirs = open_database(copy, OpenMode::kExisting);
    DecisionRequest r{place, DecisionAction::kDoubt, "", "", "", "", "Yi <y@x>"};
    DecisionRepository(theirs).decide(r);
    DecisionRequest same{other_place, DecisionAction::kRecord, "", "", "", "", "Yi <y@x>"};
    DecisionRepository(theirs).decide(same);
  }
  const MergeReport report = merge_database(f.db, copy, false);
  CHECK(report.decisions == 2);
  CHECK(report.conflicts_remaining == 1);  // the same decision made twice is one
  const Conflicts c = list_conflicts(f.db);
  REQUIRE(c.decisions.size() == 1);
  CHECK(c.decisions.front().place.uuid == place);
  CHECK(merge_database(f.db, copy, false).decisions == 0);  // idempotent
  const PlaceDecision settled = f.decide(place, DecisionAction::kAdopt, "B", "", "", "Jia <j@x>");
  CHECK_FALSE(settled.conflict());
  CHECK(settled.current.parents.size() == 2);
  CHECK(count_conflicts(f.db) == 0);
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("a decision edited by hand is a fault for check, and merge refuses a copy holding one") {
  Editions f;
  f.decide(f.entry(2, "太").id, DecisionAction::kAdopt, "B");
  const auto copy = f.dir / "copy.db";
  std::filesystem::copy_file(f.dir / "d.db", copy);
  {
    SQLite::Database raw(copy.string(), SQLite::OPEN_READWRITE);
    raw.exec("UPDATE decision SET reading = '泰'");
  }
  {
    Database tampered = open_database(copy, OpenMode::kExisting);
    CHECK_FALSE(jz_test::passes_check(tampered));
  }
  jz_test::TempDir other;
  Database fresh = open_database(other / "o.db", OpenMode::kCreate);
  CHECK_THROWS_WITH(merge_database(fresh, copy, false), Catch::Contains("not derived from its content"));
  CHECK(DecisionRepository(fresh).of_edition("").empty());  // nothing was merged
}
