// End-to-end: the built binary on the real fixture, as a scholar runs it.
#include <SQLiteCpp/Database.h>
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "support.h"

using jz_test::run_jiaozhu;

namespace {

using Songjin = jz_test::SongjinFile;

}  // namespace

TEST_CASE("show round-trips both fixture editions byte for byte") {
  Songjin s;
  for (const auto& [siglum, file] : {std::pair{"A", "songjin/hant.txt"}, std::pair{"B", "songjin/hans.txt"}}) {
    const auto r = run_jiaozhu({"--db", s.db, "show", siglum, "--json"});
    REQUIRE(r.status == 0);
    const auto doc = nlohmann::json::parse(r.out);
    const auto lines = jz_test::lines_of(jz_test::corpus(file));
    REQUIRE(doc["passages"].size() == lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      CHECK(doc["passages"][i]["text"] == lines[i]);
      CHECK(doc["passages"][i]["address"] == std::string(siglum) + ":" + std::to_string(i + 1));
    }
  }
}

TEST_CASE("editions lists both fixture editions (golden output)") {
  Songjin s;
  const auto r = run_jiaozhu({"--db", s.db, "editions"});
  REQUIRE(r.status == 0);
  CHECK(r.out == jz_test::read_file(std::filesystem::path(JZ_SOURCE_DIR) / "tests/golden/editions.txt"));

  const auto doc = nlohmann::json::parse(run_jiaozhu({"--db", s.db, "editions", "--json"}).out);
  REQUIRE(doc["editions"].size() == 2);
  CHECK(doc["editions"][0]["passages"] == 24);
  CHECK(doc["editions"][0]["script"] == "hant");
  CHECK(doc["editions"][1]["passages"] == 76);
  CHECK(doc["editions"][1]["script"] == "hans");
}

TEST_CASE("show prints a range with its addresses") {
  Songjin s;
  const auto r = run_jiaozhu({"--db", s.db, "show", "A:3-4"});
  REQUIRE(r.status == 0);
  const auto lines = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
  CHECK(r.out == "A:3  " + lines[2] + "\nA:4  " + lines[3] + "\n");
}

TEST_CASE("check passes on a fresh import, stats counts it, and no -wal is left") {
  Songjin s;
  const auto check = run_jiaozhu({"--db", s.db, "check", "--json"});
  CHECK(check.status == 0);
  CHECK(nlohmann::json::parse(check.out)["ok"] == true);
  const auto stats = nlohmann::json::parse(run_jiaozhu({"--db", s.db, "stats", "--json"}).out);
  CHECK(stats["passages"] == 100);
  CHECK(stats["editions"] == 2);
  CHECK_FALSE(std::filesystem::exists(s.db + "-wal"));
  CHECK_FALSE(std::filesystem::exists(s.db + "-journal"));
}

TEST_CASE("check fails, exit 1, when passages no longer match their edition's hash") {
  Songjin s;
  // Tamper with the file behind jiaozhu's back, as a foreign tool could.
  {
    SQLite::Database raw(s.db, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE passage SET text = text || '。' WHERE seq = 5");
  }
  const auto r = run_jiaozhu({"--db", s.db, "check"});
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("FAULT content hashes"));
}

TEST_CASE("re-encoded fixtures import to identical passages") {
  Songjin s;
  const auto reference = nlohmann::json::parse(run_jiaozhu({"--db", s.db, "show", "B", "--json"}).out)["passages"];
  for (const char* charset : {"gb18030", "utf-16le"}) {
    INFO(charset);
    jz_test::TempDir dir;
    const auto file = dir / "x.txt";
    // With a BOM for UTF-16, as Windows tools write it.
    const std::string bom = std::string(charset) == "utf-16le" ? "\xFF\xFE" : "";
    jz_test::write_file(file, bom + jz_test::encode(jz_test::read_file(jz_test::corpus("songjin/hans.txt")), charset));
    const std::string db = (dir / "x.db").string();
    REQUIRE(run_jiaozhu({"--db", db, "init"}).status == 0);
    const auto r = run_jiaozhu({"--db", db, "import", file.string(), "--work", "w", "--siglum", "X", "--json"});
    REQUIRE(r.status == 0);
    CHECK(nlohmann::json::parse(r.out)["encodings"][0] == charset);
    const auto got = nlohmann::json::parse(run_jiaozhu({"--db", db, "show", "X", "--json"}).out)["passages"];
    REQUIRE(got.size() == reference.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i]["text"] == reference[i]["text"]);
  }
}

TEST_CASE("--help works on every command") {
  for (const char* cmd : {"init", "import", "editions", "show", "stats", "check"}) {
    INFO(cmd);
    const auto r = run_jiaozhu({cmd, "--help"});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Usage"));
  }
}

TEST_CASE("search is script-blind and prints a golden listing when piped") {
  Songjin s;
  const auto simplified = run_jiaozhu({"--db", s.db, "search", "张若麟", "--json"});
  const auto traditional = run_jiaozhu({"--db", s.db, "search", "張若麟", "--json"});
  REQUIRE(simplified.status == 0);
  const auto a = nlohmann::json::parse(simplified.out), b = nlohmann::json::parse(traditional.out);
  CHECK(a["hits"] == b["hits"]);
  CHECK(a["total"] == 10);
  CHECK(a["editions"] == nlohmann::json::parse(R"([{"siglum":"A","hits":5},{"siglum":"B","hits":5}])"));

  const auto r = run_jiaozhu({"--db", s.db, "search", "張若麟", "--edition", "A", "--limit", "3"});
  REQUIRE(r.status == 0);
  CHECK(r.out == jz_test::read_file(std::filesystem::path(JZ_SOURCE_DIR) / "tests/golden/search-zhang-ruolin.txt"));
}

TEST_CASE("search: malformed queries and unknown editions are clear errors") {
  Songjin s;
  for (const char* q : {"\"unbalanced", "NOT 张", "(张", "，", "张*"}) {
    INFO(q);
    const auto r = run_jiaozhu({"--db", s.db, "search", q});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("jiaozhu: cannot search for that: "));
    CHECK_THAT(r.err + r.out, !Catch::Contains("fts5", Catch::CaseSensitive::No));
  }
  CHECK(run_jiaozhu({"--db", s.db, "search", "张", "--edition", "Q"}).status == 3);
  const auto count = run_jiaozhu({"--db", s.db, "search", "豪格", "--count"});
  CHECK(count.out == "3 passages: A 1, B 2\n");
}

TEST_CASE("align, links, variants and parallel on the fixture") {
  Songjin s;
  const auto align = run_jiaozhu({"--db", s.db, "align", "A", "B", "--json"});
  REQUIRE(align.status == 0);
  const auto report = nlohmann::json::parse(align.out);
  CHECK(report["links"] == 23);
  CHECK(report["unmatched"][0]["passages"].empty());

  const auto links = nlohmann::json::parse(run_jiaozhu({"--db", s.db, "links", "A", "B", "--json"}).out);
  bool split = false;
  for (const auto& l : links["links"]) split |= l["kind"] == "2:1";
  CHECK(split);

  const auto variants = run_jiaozhu({"--db", s.db, "variants", "A", "B"});
  REQUIRE(variants.status == 0);
  CHECK(variants.out == jz_test::read_file(std::filesystem::path(JZ_SOURCE_DIR) / "tests/golden/variants-A-B.txt"));

  const auto parallel = run_jiaozhu({"--db", s.db, "parallel", "A:10"});
  REQUIRE(parallel.status == 0);
  CHECK_THAT(parallel.out, Catch::Contains("[太宗]") && Catch::Contains("[皇太极]") && Catch::Contains("B:25"));

  CHECK(run_jiaozhu({"--db", s.db, "variants", "A", "B", "--class", "nonsense"}).status == 2);
  CHECK(run_jiaozhu({"--db", s.db, "align", "A", "Q"}).status == 3);
  CHECK(run_jiaozhu({"--db", s.db, "link", "rm", "A:1", "B:1"}).status == 3);
  const auto added = run_jiaozhu({"--db", s.db, "link", "add", "A:1", "B:1"});
  CHECK(added.status == 0);
  CHECK_THAT(added.out, Catch::StartsWith("removed the link A:1") && Catch::Contains("linked A:1 ↔ B:1 by hand"));
  const auto refused = run_jiaozhu({"--db", s.db, "link", "add", "A:1", "B:2"});
  CHECK(refused.status == 6);
  CHECK_THAT(refused.err, Catch::Contains("would leave the manual link A:1 ↔ B:1") && Catch::Contains("--force"));
  CHECK(run_jiaozhu({"--db", s.db, "link", "add", "A:1", "B:2", "--force"}).status == 0);
  CHECK(run_jiaozhu({"--db", s.db, "check"}).status == 0);
}

TEST_CASE("characters: add, alias, mentions, show, suggest, search --person") {
  Songjin s;
  CHECK(run_jiaozhu({"--db", s.db, "character", "add", "皇太极"}).status == 0);
  CHECK(run_jiaozhu({"--db", s.db, "align", "A", "B"}).status == 0);
  const auto suggest = run_jiaozhu({"--db", s.db, "alias", "suggest", "A", "B"});
  CHECK_THAT(suggest.out, Catch::Contains("accept: jiaozhu alias add 皇太极 太宗 --kind temple"));
  CHECK(run_jiaozhu({"--db", s.db, "alias", "add", "皇太极", "太宗", "--kind", "temple"}).status == 0);
  const auto mentions = nlohmann::json::parse(run_jiaozhu({"--db", s.db, "mentions", "太宗", "--json"}).out);
  CHECK(mentions["character"] == "皇太极");
  int a = 0, b = 0;
  for (const auto& m : mentions["mentions"]) {
    const std::string address = m["address"];
    (address.starts_with("A:") ? a : b)++;
    CHECK(m["alias"] == (address.starts_with("A:") ? "太宗" : "皇太极"));
  }
  CHECK(a == 4);
  CHECK(b == 16);
  const auto person = run_jiaozhu({"--db", s.db, "search", "--person", "皇太极", "--count"});
  CHECK(person.out == "18 passages: A 4, B 14\n");
  CHECK(run_jiaozhu({"--db", s.db, "character", "show", "无名"}).status == 3);
  CHECK(run_jiaozhu({"--db", s.db, "check"}).status == 0);
}

TEST_CASE("structured sources on the command line: Kanripo with sections, JSON fields before the file, show --section") {
  Songjin s;
  const auto kr = s.run({"import", jz_test::corpus("kanripo/KR1a0001_001.txt").string(),
                         jz_test::corpus("kanripo/KR1a0001_002.txt").string(), "--work", "周易", "--siglum", "KR"});
  REQUIRE(kr.status == 0);
  const auto shown = s.run({"show", "KR:2-3"});
  REQUIRE(shown.status == 0);
  CHECK(shown.out == "§ 《乾第一》\n[p. KR1a0001_tls_001-2a]\nKR:2  《乾》元亨，利貞。\n[p. KR1a0001_tls_001-3a]\nKR:3  初九、潛龍勿用。\n");
  const auto section = s.json({"show", "KR", "--section", "坤第二"});
  CHECK(section["passages"][0]["section"] == "《坤第二》");
  CHECK(s.json({"search", "无咎", "--section", "坤第二", "--count"})["total"] == 3);
  const auto missing = s.run({"show", "KR", "--section", "屯第三"});
  CHECK(missing.status != 0);
  CHECK_THAT(missing.err, Catch::Contains("edition KR has no section headed 屯第三"));

  // --section-field takes one value each time: the file after it stays a file.
  const auto json = (s.dir / "lunyu.json").string();
  jz_test::write_file(json, R"([{"chapter": "學而篇", "paragraphs": ["子曰：學而時習之"]}, {"chapter": "為政篇", "paragraphs": ["子曰：為政以德"]}])");
  const auto ly = s.run({"import", "--section-field", "chapter", json, "--work", "論語", "--siglum", "LY"});
  REQUIRE(ly.status == 0);
  CHECK(s.json({"show", "LY:2"})["passages"][0]["section_path"] == nlohmann::json::array({"為政篇"}));
}

TEST_CASE("import-notes maps a web page to an edition, and says how when it is not mapped") {
  Songjin s;
  const auto file = (s.dir / "one.json").string();
  jz_test::write_file(file, R"({"@context": "http://www.w3.org/ns/anno.jsonld", "id": "https://example.org/anno/1", "type": "Annotation",
    "body": {"type": "TextualBody", "value": "外來之注"},
    "target": {"source": "https://example.org/sj", "selector": {"type": "TextQuoteSelector", "exact": "马绍愉", "prefix": "张若麟便与"}}})");
  const auto unmapped = s.run({"import-notes", file});
  CHECK(unmapped.status != 0);
  CHECK_THAT(unmapped.err, Catch::Contains("--edition S or --map https://example.org/sj=S"));
  CHECK(s.run({"import-notes", file, "--map", "no-equals-sign"}).status == 2);
  const auto r = s.json({"import-notes", file, "--map", "https://example.org/sj=A"});
  CHECK(r["placed"] == 1);
  CHECK(r["orphaned"].empty());
  CHECK(s.json({"notes", "A:3"})["notes"][0]["quote"]["exact"] == "馬紹愉");
}

TEST_CASE("character import --format cbdb brings typed aliases and the CBDB id") {
  Songjin s;
  const auto file = (s.dir / "alt.tsv").string();
  jz_test::write_file(file, "c_personid\tc_name_chn\tc_alt_name_chn\tc_alt_name_type\n999001\t皇太極\t太宗\t廟號\n");
  const auto r = s.json({"character", "import", file, "--format", "cbdb"});
  CHECK(r["added"] == 1);
  CHECK(r["cbdb_ids"] == 1);
  const auto c = s.json({"character", "show", "太宗"});
  CHECK(c["cbdb_id"] == "999001");
  CHECK(c["aliases"][1]["kind"] == "temple");
  const auto text = s.run({"character", "show", "皇太極"});
  CHECK_THAT(text.out, Catch::Contains("(CBDB 999001)"));
}

TEST_CASE("a repeatable option takes one value each time: what follows it is still an argument") {
  Songjin s;
  CHECK(s.json({"search", "--edition", "A", "张若麟", "--count"})["total"] == 5);
  const auto note = s.json({"note", "add", "--tag", "人名", "A:3", "--quote", "張若麟", "--text", "注", "--author", "T"});
  CHECK(note["tags"] == nlohmann::json::array({"人名"}));
  CHECK(note["address"] == "A:3");
}
