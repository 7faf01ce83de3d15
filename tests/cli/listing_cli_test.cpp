// End-to-end: listings that read well at any size, colour only where asked,
// and the conventions of git and sqlite3 (global options after the command,
// --json everywhere, errors that name the command's help).
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "support.h"

using jz_test::run_jiaozhu;

namespace {

struct Aligned : jz_test::SongjinFile {
  Aligned() : SongjinFile(true) {}
};

}  // namespace

TEST_CASE("variants --limit and --offset page through the listing the whole one gives") {
  Aligned s;
  const auto all = s.json({"variants", "A", "B", "--class", "all", "--json"});
  const auto total = all["variants"].size();
  REQUIRE(total > 20);
  CHECK(all["total"] == total);
  const auto page = s.json({"variants", "A", "B", "--class", "all", "--json", "--offset", "10", "--limit", "5"});
  REQUIRE(page["variants"].size() == 5);
  for (std::size_t i = 0; i < 5; ++i) CHECK(page["variants"][i] == all["variants"][10 + i]);
  CHECK(page["total"] == total);
  const auto text = run_jiaozhu({"--db", s.db, "variants", "A", "B", "--class", "all", "--offset", "10", "--limit", "5"});
  CHECK(text.out.find("rows 11–15 of ") != std::string::npos);
}

TEST_CASE("the variants of one passage are those of the whole listing that touch it") {
  Aligned s;
  const auto all = s.json({"variants", "A", "B", "--class", "all", "--json"});
  const auto one = s.json({"variants", "A", "B", "--class", "all", "--json", "--passage", "A:3"});
  nlohmann::json expected = nlohmann::json::array();
  for (const auto& v : all["variants"]) {
    if (v["a"]["address"] == "A:3") expected.push_back(v);
  }
  REQUIRE(!expected.empty());
  CHECK(one["variants"] == expected);
}

TEST_CASE("links shows runs of passages as ranges and pages with --limit") {
  Aligned s;
  REQUIRE(run_jiaozhu({"--db", s.db, "link", "add", "A:1-3", "B:16"}).status == 0);
  const auto r = run_jiaozhu({"--db", s.db, "links", "A", "B"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("A:1–3 (3)  ↔  B:16") != std::string::npos);
  const auto page = s.json({"links", "A", "B", "--json", "--limit", "2"});
  CHECK(page["links"].size() == 2);
  CHECK(page["total"] > 2);
}

TEST_CASE("escape codes reach stdout only with colour: --color always, never, NO_COLOR") {
  Aligned s;
  const auto always = run_jiaozhu({"--db", s.db, "search", "張若麟", "--color", "always"});
  CHECK(always.out.find("\x1b[1m") != std::string::npos);
  CHECK(always.out.find("\\x1b") == std::string::npos);
  CHECK(run_jiaozhu({"--db", s.db, "search", "張若麟", "--color", "never"}).out.find('\x1b') == std::string::npos);
  // Into a pipe (as here) auto means none.
  CHECK(run_jiaozhu({"--db", s.db, "search", "張若麟"}).out.find('\x1b') == std::string::npos);
}

TEST_CASE("global options may follow the command, and --json before it is the command's --json") {
  Aligned s;
  const auto after = run_jiaozhu({"editions", "--db", s.db});
  CHECK(after.status == 0);
  CHECK(after.out.find("songjin") != std::string::npos);
  const auto before = run_jiaozhu({"--json", "--db", s.db, "editions"});
  const auto own = run_jiaozhu({"--db", s.db, "editions", "--json"});
  CHECK(before.status == 0);
  CHECK(before.out == own.out);
}

TEST_CASE("parallel --json gives the passage, its links, their passages and variants") {
  Aligned s;
  const auto doc = s.json({"parallel", "A:3", "--json"});
  CHECK(doc["address"] == "A:3");
  REQUIRE(!doc["links"].empty());
  CHECK(doc["links"][0]["passages"].size() >= 2);
  CHECK(doc["links"][0].contains("variants"));
  const auto none = s.json({"parallel", "A:3", "--json", "--edition", "Z"});
  CHECK(none["links"].empty());
}

TEST_CASE("a usage error names the command's own help, and jiaozhu help CMD prints it") {
  Aligned s;
  const auto bad = run_jiaozhu({"--db", s.db, "variants", "A"});
  CHECK(bad.status == 2);
  CHECK(bad.err.find("see `jiaozhu variants --help`") != std::string::npos);
  const auto help = run_jiaozhu({"help", "note", "add"});
  CHECK(help.status == 0);
  CHECK(help.out == run_jiaozhu({"note", "add", "--help"}).out);
  CHECK(run_jiaozhu({"help", "nonesuch"}).status == 2);
}

TEST_CASE("writes answer --json too: link rm, alias add, note rm") {
  Aligned s;
  const auto links = s.json({"links", "A", "B", "--json", "--limit", "1"});
  const std::string a = links["links"][0]["a"][0], b = links["links"][0]["b"][0];
  CHECK(s.json({"link", "rm", a, b, "--json"})["removed"] == 1);
  REQUIRE(run_jiaozhu({"--db", s.db, "character", "add", "張若麟"}).status == 0);
  CHECK(s.json({"alias", "add", "張若麟", "张着麟", "--json"})["form"] == "张着麟");
  const auto note = s.json({"note", "add", "A:1", "--text", "注", "--author", "T <t@example.org>", "--json"});
  const auto removed = s.json({"note", "rm", note["id"], "--author", "T <t@example.org>", "--json"});
  CHECK(removed["id"] == note["id"]);
}

TEST_CASE("a page that is not a whole number is a one-line usage error that names it, the file untouched") {
  Aligned s;
  const auto before = jz_test::file_sha256(s.db);
  for (const char* bad : {"-1", "x", "1.5"}) {
    const auto r = s.run({"links", "A", "B", "--limit", bad});
    CHECK(r.status == 2);
    CHECK(r.err == std::string("jiaozhu: --limit: takes a whole number from 0, not '") + bad +
                       "'; see `jiaozhu links --help`\n");
  }
  CHECK(jz_test::file_sha256(s.db) == before);
}

TEST_CASE("export -o writes the very bytes standard output gets, and the variants CSV carries each reading's kind") {
  Aligned s;
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"export", "variants", "A", "B", "--format", "csv"}, {"export", "variants", "A", "B", "--format", "json"},
           {"export", "notes"}, {"export", "notes", "--format", "csv"}, {"apparatus", "A", "B", "--format", "tei"}}) {
    INFO(args[1] + " " + args.back());
    const auto piped = s.run(args);
    REQUIRE(piped.status == 0);
    const std::string file = (s.dir / "out").string();
    auto with_file = args;
    with_file.insert(with_file.end(), {"-o", file});
    REQUIRE(s.run(with_file).status == 0);
    CHECK(jz_test::read_file(file) == piped.out);
  }
  const auto csv = s.run({"export", "variants", "A", "B", "--format", "csv"}).out;
  const std::string header = csv.substr(0, csv.find("\r\n"));
  CHECK_THAT(header, Catch::EndsWith(",kind,kind_zh"));
  // Each substantive reading with a kind in --json has it in its CSV row.
  const auto doc = s.json({"export", "variants", "A", "B", "--format", "json"});
  int with_kind = 0;
  for (const auto& v : doc["variants"]) {
    if (v["kind"].is_null()) continue;
    ++with_kind;
    const auto row_at = csv.find(v["uuid"].get<std::string>());
    REQUIRE(row_at != std::string::npos);
    const std::string row = csv.substr(row_at, csv.find("\r\n", row_at) - row_at);
    CHECK_THAT(row, Catch::EndsWith("," + v["kind"].get<std::string>() + "," + v["kind_zh"].get<std::string>()));
  }
  CHECK(with_kind > 0);
}
