// Collaboration through the built binary: copies edited apart and merged,
// as two scholars would.
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

#include "support.h"

using jz_test::run_jiaozhu;

namespace {

struct Copies : jz_test::SongjinFile {
  Copies() : SongjinFile(jz_test::SongjinOptions{2, false, jz_test::kTestAuthor}) {}
};

}  // namespace

TEST_CASE("merge exits 0 when clean and 1 while a conflict remains, as git merge does") {
  Copies c;
  const auto added = c.run({"note", "add", "B:20", "--text", "底", "--json"});
  REQUIRE(added.status == 0);
  const std::string id = nlohmann::json::parse(added.out)["id"].get<std::string>().substr(0, 8);
  const std::string other = c.copy("other.db");
  CHECK(c.run({"merge", other}).status == 0);

  REQUIRE(c.run({"note", "edit", id, "--text", "甲"}).status == 0);
  REQUIRE(c.run({"note", "edit", id, "--text", "乙"}, other).status == 0);
  const auto merged = c.run({"merge", other});
  CHECK(merged.status == 1);
  CHECK_THAT(merged.out, Catch::Contains("conflict: note " + id));
  CHECK(merged.err == "jiaozhu: 1 conflict remains; see `jiaozhu conflicts`\n");
  const auto json = c.run({"merge", other, "--json"});
  CHECK(json.status == 1);
  CHECK(nlohmann::json::parse(json.out)["conflicts_remaining"] == 1);

  REQUIRE(c.run({"note", "resolve", id, "--text", "甲乙"}).status == 0);
  CHECK(c.run({"merge", other}).status == 0);
  std::filesystem::create_directories(c.dir / "sync");
  CHECK(c.run({"sync", (c.dir / "sync").string()}).status == 0);
}

TEST_CASE("removals and character merges made here survive merging an older copy, both ways") {
  Copies c;
  REQUIRE(c.run({"align", "A", "B"}).status == 0);
  REQUIRE(c.run({"character", "add", "皇太极"}).status == 0);
  REQUIRE(c.run({"alias", "add", "皇太极", "太宗", "--kind", "temple"}).status == 0);
  REQUIRE(c.run({"character", "add", "张若麟"}).status == 0);
  REQUIRE(c.run({"character", "add", "张着麟"}).status == 0);
  REQUIRE(c.run({"link", "add", "A:1", "B:1", "--force"}).status == 0);
  const std::string old = c.copy("old.db");

  REQUIRE(c.run({"alias", "rm", "皇太极", "太宗"}).status == 0);
  REQUIRE(c.run({"link", "rm", "A:1", "B:1"}).status == 0);
  REQUIRE(c.run({"character", "merge", "张若麟", "张着麟"}).status == 0);
  auto people = [&](const std::string& path) {
    return nlohmann::json::parse(c.run({"characters", "--json"}, path).out).dump();
  };
  const std::string before = people("");

  CHECK(c.run({"merge", old}).status == 0);
  CHECK(c.run({"character", "show", "皇太极", "--json"}).out.find("太宗") == std::string::npos);
  CHECK(c.run({"links", "A", "B", "--json"}).out.find("\"manual\": true") == std::string::npos);
  CHECK(people("") == before);
  CHECK(c.run({"check"}).status == 0);

  // And the older copy learns them.
  const auto learned = c.run({"merge", c.db, "--json"}, old);
  CHECK(learned.status == 0);
  CHECK(nlohmann::json::parse(learned.out)["removed"] == 3);
  CHECK(c.run({"character", "show", "皇太极", "--json"}, old).out.find("太宗") == std::string::npos);
  CHECK(people(old) == before);
  CHECK(c.run({"character", "show", "张着麟"}, old).status == 0);  // the form still finds the person it became
  CHECK(c.run({"check"}, old).status == 0);
}

TEST_CASE("two characters of one name from two copies are told apart and joined by id") {
  Copies c;
  const std::string other = c.copy("other.db");
  REQUIRE(c.run({"character", "add", "梁惠王"}).status == 0);
  REQUIRE(c.run({"character", "add", "梁惠王"}, other).status == 0);
  REQUIRE(c.run({"merge", other}).status == 0);
  const auto listed = nlohmann::json::parse(c.run({"characters", "--json"}).out);
  std::vector<std::string> ids;
  for (const auto& p : listed["characters"]) {
    if (p["name"] == "梁惠王") ids.push_back(p["uuid"].get<std::string>());
  }
  REQUIRE(ids.size() == 2);
  CHECK(c.run({"character", "merge", "梁惠王"}).status != 0);
  const auto joined = c.run({"character", "merge", ids[0].substr(0, 8), ids[1].substr(0, 8)});
  CHECK(joined.status == 0);
  CHECK(c.run({"character", "show", ids[0].substr(0, 8)}).status == 0);
  CHECK(c.run({"character", "show", ids[1].substr(0, 8)}).status == 3);
}

TEST_CASE("an edition corrected by import --replace in one copy shows the correction in both after merging") {
  Copies c;
  const std::string col = c.copy("col.db");
  REQUIRE(c.run({"note", "add", "A:3", "--quote", "張若麟", "--text", "同事之注"}, col).status == 0);
  std::string fixed = jz_test::read_file(jz_test::corpus("songjin/hant.txt"));
  for (std::size_t at = fixed.find("張着麟"); at != std::string::npos; at = fixed.find("張着麟", at)) {
    fixed.replace(at, std::string("張着麟").size(), "張若麟");
  }
  jz_test::write_file(c.dir / "fixed.txt", fixed);
  REQUIRE(c.run({"import", (c.dir / "fixed.txt").string(), "--work", "songjin", "--siglum", "A", "--replace"}).status == 0);

  const auto into_col = c.run({"merge", c.db, "--json"}, col);
  CHECK(into_col.status == 0);
  // The same passages, one corrected: a correction of that passage, not a new text of A.
  CHECK(nlohmann::json::parse(into_col.out)["editions_replaced"] == 0);
  CHECK(nlohmann::json::parse(into_col.out)["passages_corrected"] == 1);
  CHECK(c.run({"merge", col}).status == 0);
  for (const std::string& path : {c.db, col}) {
    const auto editions = nlohmann::json::parse(c.run({"editions", "--json"}, path).out)["editions"];
    std::vector<std::string> sigla;
    for (const auto& e : editions) sigla.push_back(e["siglum"]);
    CHECK(sigla == std::vector<std::string>{"A", "B"});
    CHECK(c.run({"notes", "A:3"}, path).out.find("同事之注") != std::string::npos);
    CHECK(c.run({"check"}, path).status == 0);
  }
  CHECK(c.run({"show", "A:1-24", "--json"}).out == c.run({"show", "A:1-24", "--json"}, col).out);
  CHECK(c.run({"show", "A:1-24"}).out.find("張着麟") == std::string::npos);
}

TEST_CASE("an edition replaced in two copies from one text: both copies show the newer, the other beside, until resolved") {
  Copies c;
  REQUIRE(c.run({"note", "add", "A:3", "--quote", "張若麟", "--text", "原注"}).status == 0);
  const std::string other = c.copy("other.db");
  const std::string text = jz_test::read_file(jz_test::corpus("songjin/hant.txt"));
  jz_test::write_file(c.dir / "mine.txt", "此本甲。\n" + text);
  jz_test::write_file(c.dir / "theirs.txt", "此本乙。\n" + text);
  REQUIRE(c.run({"import", (c.dir / "mine.txt").string(), "--work", "songjin", "--siglum", "A", "--replace"}).status == 0);
  REQUIRE(c.run({"import", (c.dir / "theirs.txt").string(), "--work", "songjin", "--siglum", "A", "--replace"}, other).status == 0);
  const auto merged = c.run({"merge", other, "--json"});
  CHECK(merged.status == 1);  // a conflict remains
  CHECK(nlohmann::json::parse(merged.out)["differences"].dump().find("replaced in two copies") != std::string::npos);
  CHECK(c.run({"merge", c.db}, other).status == 1);

  auto editions = [&](const std::string& path) { return c.run({"editions", "--json"}, path).out; };
  CHECK(editions("") == editions(other));
  CHECK(c.run({"show", "A:1"}).out == c.run({"show", "A:1"}, other).out);  // the newer text: theirs
  CHECK_THAT(c.run({"show", "A:1"}).out, Catch::Contains("此本乙"));
  const auto listed = nlohmann::json::parse(c.run({"conflicts", "--json"}).out);
  REQUIRE(listed["editions"].size() == 1);
  const std::string rival = listed["editions"][0]["rivals"][0];
  CHECK_THAT(c.run({"show", rival + ":1"}).out, Catch::Contains("此本甲"));
  CHECK_THAT(c.run({"notes", "A:4"}).out, Catch::Contains("原注"));  // on the text shown, placed by its quote
  CHECK(c.run({"check"}).status == 0);

  // Mine is kept: in this copy, then in the other by merge.
  REQUIRE(c.run({"edition", "resolve", "A", "--keep", rival}).status == 0);
  CHECK_THAT(c.run({"show", "A:1"}).out, Catch::Contains("此本甲"));
  CHECK(c.run({"conflicts"}).out == "no conflicts\n");
  CHECK(c.run({"merge", c.db}, other).status == 0);
  CHECK(editions("") == editions(other));
  CHECK(c.run({"show", "A:1-3"}).out == c.run({"show", "A:1-3"}, other).out);
  CHECK(c.run({"merge", other}).status == 0);
  CHECK(editions("") == editions(other));
  CHECK_THAT(c.run({"notes", "A:4"}, other).out, Catch::Contains("原注"));
  CHECK(c.run({"check"}).status == 0);
  CHECK(c.run({"check"}, other).status == 0);
}

TEST_CASE("the same alias set apart in two copies keeps both values as a conflict, which `alias edit` settles") {
  Copies c;
  REQUIRE(c.run({"character", "add", "皇太极"}).status == 0);
  const std::string x = c.copy("x.db"), y = c.copy("y.db");
  REQUIRE(c.run({"alias", "add", "皇太极", "四貝勒", "--kind", "title", "--note", "甲說"}, x).status == 0);
  REQUIRE(c.run({"alias", "add", "皇太极", "四貝勒", "--kind", "style", "--note", "乙說"}, y).status == 0);
  REQUIRE(c.run({"character", "edit", "皇太极", "--note", "清太宗"}, x).status == 0);
  REQUIRE(c.run({"character", "edit", "皇太极", "--note", "後金汗"}, y).status == 0);

  CHECK(c.run({"merge", y}, x).status == 1);
  CHECK(c.run({"merge", x}, y).status == 1);
  const auto listed = nlohmann::json::parse(c.run({"conflicts", "--json"}, x).out);
  REQUIRE(listed["records"].size() == 2);
  CHECK(listed == nlohmann::json::parse(c.run({"conflicts", "--json"}, y).out));  // both copies agree
  const std::string shown = c.run({"character", "show", "皇太极"}, x).out;
  for (const char* value : {"甲說", "乙說", "清太宗", "後金汗"}) CHECK_THAT(shown, Catch::Contains(value));

  REQUIRE(c.run({"alias", "edit", "皇太极", "四貝勒", "--kind", "title", "--note", "甲說；乙說"}, x).status == 0);
  REQUIRE(c.run({"character", "edit", "皇太极", "--note", "清太宗，即後金汗"}, x).status == 0);
  CHECK(c.run({"conflicts"}, x).out == "no conflicts\n");
  CHECK(c.run({"merge", x}, y).status == 0);  // the settling revisions travel too
  CHECK(c.run({"conflicts"}, y).out == "no conflicts\n");
  CHECK_THAT(c.run({"character", "show", "皇太极"}, y).out, Catch::Contains("甲說；乙說"));
  CHECK(c.run({"check"}, x).status == 0);
  CHECK(c.run({"check"}, y).status == 0);
}

TEST_CASE("a passage note follows its passage past an inserted heading, a variant note follows re-alignment") {
  Copies c;
  REQUIRE(c.run({"align", "A", "B"}).status == 0);
  REQUIRE(c.run({"note", "add", "A:3", "--text", "整段之注"}).status == 0);
  const auto variants = nlohmann::json::parse(c.run({"variants", "A", "B", "--class", "substantive", "--json"}).out);
  std::string uuid;
  for (const auto& v : variants["variants"]) {
    if (v["a"]["reading"] == "太宗") uuid = v["uuid"];
  }
  REQUIRE(!uuid.empty());
  REQUIRE(c.run({"note", "add", "--on-variant", uuid, "--text", "異文之注"}).status == 0);

  const auto head = c.dir / "hant-head.txt";
  std::ifstream in(jz_test::corpus("songjin/hant.txt"));
  std::ofstream(head) << "松錦之戰（節選）\n" << in.rdbuf();
  REQUIRE(c.run({"import", head.string(), "--work", "songjin", "--siglum", "A", "--replace"}).status == 0);
  CHECK_THAT(c.run({"notes", "A:4"}).out, Catch::Contains("整段之注"));
  CHECK(c.run({"notes", "A:3"}).out.find("整段之注") == std::string::npos);
  REQUIRE(c.run({"align", "A", "B"}).status == 0);
  CHECK(c.run({"notes", "--orphaned"}).out.find("異文之注") == std::string::npos);
  CHECK_THAT(c.run({"notes"}).out, Catch::Contains("太宗"));
  CHECK(c.run({"check"}).status == 0);
}

TEST_CASE("`note move` re-targets a note as a revision: copies merged either way put it where the newest move says") {
  Copies c;
  REQUIRE(c.run({"align", "A", "B"}).status == 0);
  const auto added = nlohmann::json::parse(c.run({"note", "add", "A:3", "--text", "放錯了", "--json"}).out);
  const std::string id = added["id"];
  const std::string other = c.copy("other.db");

  const auto moved = c.run({"note", "move", id.substr(0, 8), "--to", "B:17", "--quote", "张着麟", "--json"});
  REQUIRE(moved.status == 0);
  CHECK(nlohmann::json::parse(moved.out)["address"] == "B:17");
  CHECK(nlohmann::json::parse(moved.out)["quote"]["exact"] == "张着麟");
  REQUIRE(c.run({"note", "edit", id.substr(0, 8), "--text", "放錯了，今移"}, other).status == 0);

  CHECK(c.run({"merge", other}).status == 1);  // the edit and the move were made apart: a conflict
  CHECK(c.run({"merge", c.db}, other).status == 1);
  for (const std::string& path : {std::string(), other}) {
    const auto shown = nlohmann::json::parse(c.run({"note", "show", id, "--json"}, path).out);
    CHECK(shown["address"] == "B:17");
    CHECK(shown["quote"]["exact"] == "张着麟");
  }
  REQUIRE(c.run({"note", "resolve", id.substr(0, 8), "--text", "放錯了，今移"}).status == 0);

  // A later move anywhere wins everywhere; the history says who moved it.
  CHECK(c.run({"note", "move", id.substr(0, 8), "--to", "character:皇太极"}, other).status != 0);  // no such person there
  REQUIRE(c.run({"merge", c.db}, other).status == 0);
  REQUIRE(c.run({"note", "move", id.substr(0, 8), "--to", "A:2"}, other).status == 0);
  CHECK(c.run({"merge", other}).status == 0);
  CHECK(nlohmann::json::parse(c.run({"note", "show", id, "--json"}).out)["address"] == "A:2");

  // The move travels through W3C export and import too.
  const std::string fresh = (c.dir / "fresh.db").string();
  REQUIRE(c.run({"init"}, fresh).status == 0);
  REQUIRE(c.run({"import", jz_test::corpus("songjin/hant.txt"), "--work", "songjin", "--siglum", "A"}, fresh).status == 0);
  REQUIRE(c.run({"import", jz_test::corpus("songjin/hans.txt"), "--work", "songjin", "--siglum", "B"}, fresh).status == 0);
  jz_test::write_file(c.dir / "notes.jsonld", c.run({"export", "notes"}).out);
  REQUIRE(c.run({"import-notes", (c.dir / "notes.jsonld").string()}, fresh).status == 0);
  CHECK(nlohmann::json::parse(c.run({"note", "show", id, "--json"}, fresh).out)["address"] == "A:2");
  REQUIRE(c.run({"import-notes", (c.dir / "notes.jsonld").string()}, fresh).status == 0);  // again: nothing differs
  CHECK(c.run({"check"}).status == 0);
  CHECK(c.run({"check"}, other).status == 0);
  CHECK(c.run({"check"}, fresh).status == 0);
}
