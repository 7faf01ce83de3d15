// The apparatus over several witnesses against a base, on the fixture with
// planted readings (known answers): each reading with the right witnesses,
// readings that differ only in script grouped, omissions, additions and a
// missing passage as entries, script-only differences as none.
#include <catch2/catch.hpp>
#include <memory>
#include <sstream>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/people.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;

namespace {

std::string simplified_of(const std::string& text) { return jz_test::transliterated(text, "Hant-Hans"); }

void import_lines(Database& db, const jz_test::TempDir& dir, const std::string& siglum, const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  jz_test::write_file(dir / (siglum + ".txt"), text);
  const std::filesystem::path file = dir / (siglum + ".txt");
  ImportOptions o;
  o.work = "songjin";
  o.siglum = siglum;
  import_edition(db, {&file, 1}, o, nullptr);
}

// Replaces the character at code point `at` of line `n` with `with`.
void plant(std::vector<std::string>& lines, std::size_t n, std::size_t at, const std::u32string& with, std::size_t length = 1) {
  std::u32string s = jz_test::to_u32(lines[n]);
  s.replace(at, length, with);
  lines[n] = jz_test::to_utf8(s);
}

const ApparatusEntry* entry_at(const Apparatus& a, int64_t seq, int64_t start) {
  for (const ApparatusPassage& p : a.passages) {
    if (p.seq != seq) continue;
    for (const ApparatusEntry& e : p.entries) if (e.start == start) return &e;
  }
  return nullptr;
}

struct WitnessFixture {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  std::vector<std::string> base = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
};

}  // namespace

TEST_CASE("the apparatus groups each planted reading with its witnesses") {
  WitnessFixture f;
  import_lines(f.db, f.dir, "A", f.base);
  std::vector<std::string> c = f.base, d = f.base;
  plant(c, 2, 10, U"甲");             // C alone
  plant(c, 4, 10, U"乙");             // C and D
  plant(d, 4, 10, U"乙");
  plant(c, 6, 10, U"丙");             // C and D differ from each other
  plant(d, 6, 10, U"丁");
  plant(c, 8, 10, U"", 3);            // C omits three characters
  plant(d, 10, 10, U"戊己", 0);       // D adds two before the eleventh
  d.erase(d.begin() + 12);            // D lacks the thirteenth passage
  import_lines(f.db, f.dir, "C", c);
  import_lines(f.db, f.dir, "D", d);
  std::vector<std::string> e;         // E: C in Simplified script
  for (const std::string& l : c) e.push_back(simplified_of(l));
  import_lines(f.db, f.dir, "E", e);

  std::vector<std::string> aligned;
  const Apparatus a = make_apparatus(f.db, {"A", {"C", "D", "E"}, std::nullopt, {}, false}, &aligned);
  CHECK(aligned == std::vector<std::string>{"C", "D", "E"});

  const ApparatusEntry* alone = entry_at(a, 3, 10);
  REQUIRE(alone);
  REQUIRE(alone->readings.size() == 1);
  CHECK(alone->readings[0].text == "甲");
  CHECK(alone->readings[0].cause == VariantKind::kOther);
  CHECK(alone->readings[0].witnesses == std::vector<std::string>{"C", "E"});  // E's 甲 is C's, in another script
  CHECK(alone->lemma_witnesses == std::vector<std::string>{"D"});

  const ApparatusEntry* shared = entry_at(a, 5, 10);
  REQUIRE(shared);
  REQUIRE(shared->readings.size() == 1);
  CHECK(shared->readings[0].witnesses == std::vector<std::string>{"C", "D", "E"});
  CHECK(shared->lemma_witnesses.empty());

  const ApparatusEntry* split = entry_at(a, 7, 10);
  REQUIRE(split);
  REQUIRE(split->readings.size() == 2);
  CHECK(split->readings[0].witnesses == std::vector<std::string>{"C", "E"});
  CHECK(split->readings[1].witnesses == std::vector<std::string>{"D"});

  const ApparatusEntry* omitted = entry_at(a, 9, 10);
  REQUIRE(omitted);
  CHECK(omitted->end == 13);
  CHECK(omitted->readings[0].kind == ReadingKind::kOmission);
  CHECK(omitted->readings[0].cause == VariantKind::kOmission);  // 脫
  CHECK(omitted->readings[0].witnesses == std::vector<std::string>{"C", "E"});

  const ApparatusEntry* added = entry_at(a, 11, 10);
  REQUIRE(added);
  CHECK(added->lemma.empty());
  CHECK(added->readings[0].kind == ReadingKind::kAddition);
  CHECK(added->readings[0].cause == VariantKind::kAddition);  // 衍
  CHECK(added->readings[0].text == "戊己");
  CHECK(added->readings[0].witnesses == std::vector<std::string>{"D"});

  const ApparatusEntry* lacking = entry_at(a, 13, 0);
  REQUIRE(lacking);
  CHECK(lacking->readings[0].kind == ReadingKind::kLacuna);
  CHECK(lacking->readings[0].witnesses == std::vector<std::string>{"D"});

  // Nothing else: E's script differences and the rest make no entry.
  CHECK(a.entries == 6);
}

TEST_CASE("a witness's script-only differences make no entry unless asked") {
  WitnessFixture f;
  import_lines(f.db, f.dir, "A", f.base);
  std::vector<std::string> b;
  for (const std::string& l : f.base) b.push_back(simplified_of(l));
  import_lines(f.db, f.dir, "B", b);
  CHECK(make_apparatus(f.db, {"A", {"B"}, std::nullopt, {}, false}, nullptr).entries == 0);
  const Apparatus script = build_apparatus(f.db, {"A", {"B"}, std::string("A:1-3"), {VariantClass::kScript}, false});
  CHECK(script.entries > 0);
  CHECK(script.passages.size() == 3);
}

TEST_CASE("an apparatus refuses what it cannot collate") {
  WitnessFixture f;
  import_lines(f.db, f.dir, "A", f.base);
  CHECK_THROWS_AS(build_apparatus(f.db, {"A", {}, std::nullopt, {}, false}), UsageError);
  CHECK_THROWS_AS(build_apparatus(f.db, {"A", {"A"}, std::nullopt, {}, false}), UsageError);
  CHECK_THROWS_AS(build_apparatus(f.db, {"A", {"Z"}, std::nullopt, {}, false}), NotFound);
}

TEST_CASE("chinese_number writes a 校勘記's numbers") {
  CHECK(chinese_number(1) == "一");
  CHECK(chinese_number(10) == "十");
  CHECK(chinese_number(12) == "十二");
  CHECK(chinese_number(20) == "二十");
  CHECK(chinese_number(105) == "一百零五");
  CHECK(chinese_number(110) == "一百一十");
  CHECK(chinese_number(1001) == "一千零一");
  CHECK(chinese_number(10000) == "一萬");
}

TEST_CASE("a large apparatus splits into a page per top-level section, long sections into several, with an index") {
  Apparatus whole;
  whole.base.siglum = "A";
  whole.base.work = "周易";
  const std::vector<std::vector<std::string>> sections = {{"上經", "乾"}, {"上經", "坤"}, {"上經", "屯"}, {"下經"}, {}, {}};
  for (std::size_t i = 0; i < sections.size(); ++i) {
    ApparatusPassage p;
    p.seq = static_cast<int64_t>(i + 1);
    p.address = "A:" + std::to_string(i + 1);
    p.text = "元亨利貞";
    p.section = sections[i];
    p.entries.resize(i % 2 + 1);
    whole.entries += static_cast<int64_t>(p.entries.size());
    whole.passages.push_back(std::move(p));
  }
  const std::vector<ApparatusPart> parts = split_apparatus(whole, 2);
  REQUIRE(parts.size() == 4);
  CHECK(parts[0].heading == "上經");
  CHECK(parts[1].heading == "上經 (2)");
  CHECK(parts[1].apparatus.passages.size() == 1);
  CHECK(parts[2].heading == "下經");
  CHECK(parts[3].heading == "A:5–A:6");  // passages under no section
  CHECK(parts[3].file_name == "004.html");
  int64_t entries = 0;
  for (const ApparatusPart& p : parts) entries += p.apparatus.entries;
  CHECK(entries == whole.entries);
  std::ostringstream index, page;
  write_apparatus_html_index(parts, index);
  CHECK_THAT(index.str(), Catch::Contains("<a href=\"002.html\">上經 (2)</a>") && Catch::Contains("6 passages, 9 entries in 4 pages"));
  write_apparatus_html_part(parts, 1, page);
  CHECK_THAT(page.str(), Catch::Contains("href=\"index.html\"") && Catch::Contains("href=\"001.html\"") &&
                             Catch::Contains("href=\"003.html\"") && Catch::Contains("A:3"));
}

TEST_CASE("a note whose words cross a line break stands on one line of the 校勘記, the break as ／") {
  Apparatus a;
  a.base.siglum = "Q";
  a.base.work = "李太白集";
  ApparatusPassage p;
  p.seq = 2;
  p.address = "Q:2";
  p.text = "開國何茫然。\n爾來四萬八千歲";
  p.notes.push_back({"u", VariantField::kText, 2, 10, "何茫然。\n爾來四", "跨行之注", "T", {}});
  a.passages.push_back(p);
  std::ostringstream out;
  write_apparatus_text(a, out);
  CHECK_THAT(out.str(), Catch::Contains("【注】「何茫然。／爾來四」：跨行之注（T）\n"));
}

TEST_CASE("a note on a title's words is cited as the title's, in every format") {
  Apparatus a;
  a.base.siglum = "Q";
  ApparatusPassage p;
  p.seq = 1;
  p.address = "Q:1";
  p.title = "靜夜思";
  p.text = "床前明月光";
  p.notes.push_back({"u", VariantField::kTitle, 0, 2, "靜夜", "題下之注", "T", {}});
  a.passages.push_back(p);
  std::ostringstream text, csv, tei, html;
  write_apparatus_text(a, text);
  CHECK_THAT(text.str(), Catch::Contains("【注】題「靜夜」：題下之注（T）\n"));
  write_apparatus_csv(a, csv);
  CHECK_THAT(csv.str(), Catch::Contains(",Q:1,0,2,靜夜,題下之注,T,,note,,title\r\n"));
  write_apparatus_tei(a, tei);
  CHECK_THAT(tei.str(), Catch::Contains("<head>靜夜思<note type=\"annotation\""));
  write_apparatus_html(a, html);
  CHECK_THAT(html.str(), Catch::Contains("題「靜夜」"));
}

TEST_CASE("two persons of one name both stand in the apparatus's persons") {
  WitnessFixture f;
  import_lines(f.db, f.dir, "A", f.base);
  std::vector<std::string> b = f.base;
  plant(b, 0, 0, U"甲");
  import_lines(f.db, f.dir, "B", b);
  PersonRepository people(f.db, jz_test::kTestAuthor);
  people.add("張若麟", "");
  people.add("張若麟", "another of the name");
  ApparatusRequest r;
  r.base = "A";
  r.witnesses = {"B"};
  const Apparatus a = make_apparatus(f.db, r, nullptr);  // threw "'張若麟' names 2 characters" before
  CHECK(a.persons.size() == 2);
}
