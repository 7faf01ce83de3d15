#include <SQLiteCpp/Database.h>

#include <algorithm>
#include <catch2/catch.hpp>

#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/passage.h"
#include "support.h"

using namespace jiaozhu;

namespace {

struct Fixture {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);

  ImportReport import(const std::vector<std::filesystem::path>& files, const std::string& siglum,
                      ImportOptions o = {}) {
    o.work = o.work.empty() ? "songjin" : o.work;
    o.siglum = siglum;
    return import_edition(db, files, o, nullptr);
  }
  int64_t count(const char* table) {
    return db.sql().execAndGet(std::string("SELECT count(*) FROM ") + table).getInt64();
  }
};

}  // namespace

TEST_CASE("both fixture editions import whole, numbered from 1, with their script") {
  Fixture f;
  const auto a = f.import({jz_test::corpus("songjin/hant.txt")}, "A");
  const auto b = f.import({jz_test::corpus("songjin/hans.txt")}, "B");
  CHECK(a.passages == 24);
  CHECK(b.passages == 76);
  CHECK(a.script == Script::kHant);
  CHECK(b.script == Script::kHans);

  // The stored text is the source line for line (the fixture is NFC already).
  const auto lines = jz_test::lines_of(jz_test::corpus("songjin/hans.txt"));
  const auto passages = PassageRepository(f.db).get(parse_address("B"));
  REQUIRE(passages.size() == lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    CHECK(passages[i].seq == static_cast<int64_t>(i + 1));
    CHECK(passages[i].text == lines[i]);
  }
  // Counts come with the listing; a lookup by siglum leaves them out (it is
  // made by every command and must not read every passage).
  const auto listed = EditionRepository(f.db).list();
  const auto listed_a = std::find_if(listed.begin(), listed.end(), [](const Edition& e) { return e.siglum == "A"; });
  REQUIRE(listed_a != listed.end());
  CHECK(listed_a->code_points == a.code_points);
  CHECK(listed_a->passages == a.passages);
  CHECK(EditionRepository(f.db).get("A").passages == 0);
  CHECK(EditionRepository(f.db).passage_count(listed_a->id) == a.passages);
}

TEST_CASE("the same source imported into two databases is the same edition") {
  Fixture one, two;
  one.import({jz_test::corpus("songjin/hant.txt")}, "A");
  two.import({jz_test::corpus("songjin/hant.txt")}, "A");
  const Edition e1 = EditionRepository(one.db).get("A"), e2 = EditionRepository(two.db).get("A");
  CHECK(e1.uuid == e2.uuid);
  CHECK(e1.content_hash == e2.content_hash);
  CHECK(one.db.sql().execAndGet("SELECT uuid FROM work").getString() ==
        two.db.sql().execAndGet("SELECT uuid FROM work").getString());
}

TEST_CASE("re-importing is a no-op, other content under a taken siglum is a conflict") {
  Fixture f;
  f.import({jz_test::corpus("songjin/hant.txt")}, "A");
  CHECK(f.import({jz_test::corpus("songjin/hant.txt")}, "A").unchanged);
  CHECK_THROWS_AS(f.import({jz_test::corpus("songjin/hans.txt")}, "A"), ConflictError);
  CHECK_THROWS_WITH(f.import({jz_test::corpus("songjin/hant.txt")}, "C"), Catch::Contains("already edition A"));
  CHECK(f.count("edition") == 1);
  CHECK(f.count("passage") == 24);
}

TEST_CASE("a failing file among several writes nothing at all") {
  Fixture f;
  jz_test::write_file(f.dir / "bad.txt", "好的\n\xff\xfe\xfa\n");
  CHECK_THROWS_AS(f.import({jz_test::corpus("songjin/hant.txt"), f.dir / "bad.txt"}, "A"), InputError);
  CHECK(f.count("work") == 0);
  CHECK(f.count("edition") == 0);
  CHECK(f.count("passage") == 0);
}

TEST_CASE("text sources: blank lines are skipped, CRLF is not text, NFC is applied") {
  Fixture f;
  // U+F900 is a CJK compatibility ideograph: NFC maps it to U+8C48.
  jz_test::write_file(f.dir / "t.txt", "第一\r\n\r\n\u3000\u3000\n  第二 \n\uF900\n");
  f.import({f.dir / "t.txt"}, "T");
  const auto p = PassageRepository(f.db).get(parse_address("T"));
  REQUIRE(p.size() == 3);
  CHECK(p[0].text == "第一");
  CHECK(p[1].text == "  第二 ");
  CHECK(p[1].source_line == 4);
  CHECK(p[2].text == "\u8C48");
}

TEST_CASE("JSON sources: object, array and JSON Lines, with metadata kept") {
  Fixture f;
  jz_test::write_file(f.dir / "one.json", R"({"title":"三字經","author":"王應麟","paragraphs":["人之初，性本善。","性相近，習相遠。"]})");
  jz_test::write_file(f.dir / "many.json", R"([{"title":"日詩","id":"x1","paragraphs":["欲出未出光辣達"]},{"text":"未離海底千山黑","ref":7},{"title":"empty","paragraphs":[]}])");
  jz_test::write_file(f.dir / "lines.jsonl", "{\"text\":\"一\"}\n\n{\"text\":\"二\"}\n");

  f.import({f.dir / "one.json"}, "J1");
  auto p = PassageRepository(f.db).get(parse_address("J1"));
  REQUIRE(p.size() == 1);
  CHECK(p[0].text == "人之初，性本善。\n性相近，習相遠。");
  CHECK(p[0].title == "三字經");
  CHECK(p[0].author == "王應麟");

  ImportOptions split;
  split.split_paragraphs = true;
  split.work = "other";
  f.import({f.dir / "one.json"}, "J2", split);
  CHECK(PassageRepository(f.db).get(parse_address("J2")).size() == 2);

  const auto report = f.import({f.dir / "many.json"}, "J3");
  CHECK(report.passages == 2);
  REQUIRE(report.warnings.size() == 1);
  CHECK_THAT(report.warnings[0], Catch::Contains("element 3"));
  p = PassageRepository(f.db).get(parse_address("J3"));
  CHECK(p[0].ref == "x1");
  CHECK(p[1].ref == "7");

  CHECK(f.import({f.dir / "lines.jsonl"}, "J4").passages == 2);
}

TEST_CASE("bad JSON is refused with line and column") {
  Fixture f;
  jz_test::write_file(f.dir / "bad.json", "[\n  {\"text\": \"一\"},\n  {\"text\": }\n]");
  CHECK_THROWS_WITH(f.import({f.dir / "bad.json"}, "J"), Catch::StartsWith((f.dir / "bad.json").string() + ": line 3"));
  jz_test::write_file(f.dir / "num.json", "[1, 2]");
  CHECK_THROWS_WITH(f.import({f.dir / "num.json"}, "J"), Catch::Contains("expected a JSON object"));
}

TEST_CASE("empty, blank and over-long inputs are refused by name") {
  Fixture f;
  jz_test::write_file(f.dir / "empty.txt", "");
  CHECK_THROWS_WITH(f.import({f.dir / "empty.txt"}, "E"), Catch::Contains("is empty"));
  jz_test::write_file(f.dir / "blank.txt", "\n \n\u3000\n");
  CHECK_THROWS_WITH(f.import({f.dir / "blank.txt"}, "E"), Catch::Contains("no text"));
  jz_test::write_file(f.dir / "long.txt", "短\n" + std::string(kMaxPassageCodePoints + 1, 'a') + "\n");
  CHECK_THROWS_WITH(f.import({f.dir / "long.txt"}, "E"), Catch::Contains("line 2 is 1000001 characters long"));
  CHECK_THROWS_AS(f.import({f.dir / "missing.txt"}, "E"), InputError);
  CHECK(f.count("edition") == 0);
}

TEST_CASE("invalid sigla and work names are usage errors") {
  Fixture f;
  CHECK_THROWS_AS(f.import({jz_test::corpus("songjin/hant.txt")}, "1A"), UsageError);
  CHECK_THROWS_AS(f.import({jz_test::corpus("songjin/hant.txt")}, "A:B"), UsageError);
}

TEST_CASE("many files stream in order, a bad one in the middle writes nothing") {
  Fixture f;
  std::vector<std::filesystem::path> files;
  for (int i = 1; i <= 40; ++i) {
    files.push_back(f.dir / ("p" + std::to_string(i) + ".txt"));
    jz_test::write_file(files.back(), "第" + std::to_string(i) + "篇之一\n第" + std::to_string(i) + "篇之二\n");
  }
  SECTION("all good: passages numbered across files in the order given") {
    CHECK(f.import(files, "M").passages == 80);
    const auto p = PassageRepository(f.db).get(parse_address("M:79-80"));
    CHECK(p[0].text == "第40篇之一");
    CHECK(p[1].text == "第40篇之二");
    CHECK(f.count("source_file") == 40);
  }
  SECTION("the 23rd is not UTF-8") {
    jz_test::write_file(files[22], "\xff\xfe\xfd\n");
    ImportOptions o;
    o.encoding = Encoding::kUtf8;
    CHECK_THROWS_WITH(f.import(files, "M", o), Catch::Contains("p23.txt"));
    CHECK(f.count("edition") == 0);
    CHECK(f.count("passage") == 0);
    CHECK(f.count("source_file") == 0);
  }
}

TEST_CASE("JSON records ignore nested values they do not use") {
  Fixture f;
  jz_test::write_file(f.dir / "n.json", R"([{"title":"甲","notes":{"text":"not this","paragraphs":["nor this"]},)"
                                        R"("tags":["x",{"y":1}],"paragraphs":["一","二"],"id":12}])");
  f.import({f.dir / "n.json"}, "N");
  const auto p = PassageRepository(f.db).get(parse_address("N"));
  REQUIRE(p.size() == 1);
  CHECK(p[0].text == "一\n二");
  CHECK(p[0].ref == "12");
}

TEST_CASE("JSON records at any depth: the levels around them become sections, a record's own nesting stays its own") {
  Fixture f;
  jz_test::write_file(f.dir / "t300.json",
                      R"({"title": "唐詩三百首", "content": [)"
                      R"({"type": "五言絕句", "content": [{"chapter": "靜夜思", "author": "李白", "paragraphs": ["床前明月光，疑是地上霜。"]},)"
                      R"({"chapter": "相思", "author": "王維", "paragraphs": ["紅豆生南國，春來發幾枝。"]}]},)"
                      R"({"content": [{"title": "早發白帝城", "paragraphs": ["朝辭白帝彩雲間"], "notes": {"text": "not a poem"}}], "type": "七言絕句"}]})");
  const auto report = f.import({f.dir / "t300.json"}, "T");
  CHECK(report.passages == 3);
  CHECK(report.warnings.empty());
  const auto p = PassageRepository(f.db).get(parse_address("T"));
  REQUIRE(p.size() == 3);
  CHECK(p[0].title == "靜夜思");
  CHECK(p[0].author == "李白");
  CHECK(p[0].section == std::vector<std::string>{"五言絕句"});
  CHECK(p[1].text == "紅豆生南國，春來發幾枝。");
  CHECK(p[2].title == "早發白帝城");
  CHECK(p[2].section == std::vector<std::string>{"七言絕句"});  // the level's name given after its records
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += "{\"content\": [";
  jz_test::write_file(f.dir / "deep.json", deep);
  CHECK_THROWS_WITH(f.import({f.dir / "deep.json"}, "D"), Catch::Contains("nested more than 256 deep"));
}

TEST_CASE("a full disk (max_page_count) refuses the import with one message and writes nothing") {
  Fixture f;
  f.import({jz_test::corpus("songjin/hant.txt")}, "A");
  const int64_t pages = f.db.sql().execAndGet("PRAGMA page_count").getInt64();
  const std::string sha = jz_test::file_sha256(f.dir / "t.db");
  // Room for a few pages only: the hans edition needs more.
  f.db.sql().execAndGet("PRAGMA max_page_count = " + std::to_string(pages + 3));
  try {
    f.import({jz_test::corpus("songjin/hans.txt")}, "B");
    FAIL("the import fitted in three pages");
  } catch (const DatabaseError& e) {
    CHECK_THAT(e.what(), Catch::Contains("t.db: the disk or the database is full: nothing was changed"));
  }
  CHECK(f.count("edition") == 1);
  CHECK(jz_test::file_sha256(f.dir / "t.db") == sha);
}

TEST_CASE("JSON fields are held to the rules merge holds them to: no NUL, no escape, no 50,000-character title") {
  Fixture f;
  const std::pair<const char*, const char*> hostile[] = {
      {R"([{"title": "t", "paragraphs": ["天\u0000地"]}])", "its text holds the control character U+0000"},
      {R"([{"title": "t", "paragraphs": ["天\u001b[2J地"]}])", "its text holds the control character U+001B"},
      {R"([{"title": "t\u202e", "author": "李\u0007", "paragraphs": ["天地"]}])", "its author holds the control character U+0007"},
  };
  for (const auto& [json, why] : hostile) {
    jz_test::write_file(f.dir / "h.json", json);
    CHECK_THROWS_WITH(f.import({f.dir / "h.json"}, "H"), Catch::Contains("h.json: passage 1: ") && Catch::Contains(why));
  }
  jz_test::write_file(f.dir / "long.json", "[{\"title\": \"" + std::string(50000, 'x') + "\", \"paragraphs\": [\"天\"]}]");
  CHECK_THROWS_WITH(f.import({f.dir / "long.json"}, "L"), Catch::Contains("its title is longer than 1000 characters"));
  CHECK(f.count("edition") == 0);
  CHECK(f.count("passage") == 0);
}
