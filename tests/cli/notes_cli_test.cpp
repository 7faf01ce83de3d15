// End-to-end: notes through the built binary on the fixture, as a scholar
// works: add, list, edit, remove, restore, show across editions, export and
// import, and the errors on the way.
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <map>

#include "support.h"

using jz_test::run_jiaozhu;

namespace {


// No author from the environment or a config file: each test says who writes.
struct Songjin : jz_test::SongjinFile {
  int64_t line = 0;  // hans.txt's passage with 张着麟

  Songjin() {
    const auto lines = jz_test::lines_of(jz_test::corpus("songjin/hans.txt"));
    for (std::size_t i = 0; i < lines.size() && line == 0; ++i) {
      if (lines[i].find("张着麟") != std::string::npos) line = static_cast<int64_t>(i + 1);
    }
  }
  std::string b() const { return "B:" + std::to_string(line); }
  std::string add_note() const {
    const auto doc = json({"note", "add", b(), "--quote", "张着麟", "--text", "着当作若，形近而误。", "--tag", "訛誤",
                           "--author", jz_test::kTestAuthor});
    return doc["id"].get<std::string>();
  }
};

}  // namespace

TEST_CASE("note add, notes, edit, rm, restore and show through the CLI") {
  Songjin s;
  const std::string id = s.add_note();
  auto listed = s.json({"notes", s.b()});
  REQUIRE(listed["notes"].size() == 1);
  CHECK(listed["notes"][0]["quote"]["exact"] == "张着麟");
  CHECK(listed["notes"][0]["tags"] == nlohmann::json::array({"訛誤"}));

  CHECK(s.run({"note", "edit", id.substr(0, 6), "--text", "「着」當作「若」", "--tag", "+校勘", "--author", jz_test::kTestAuthor}).status == 0);
  CHECK(s.run({"note", "rm", id, "--author", jz_test::kTestAuthor}).status == 0);
  CHECK(s.json({"notes", s.b()})["notes"].empty());
  CHECK(s.json({"notes", s.b(), "--removed"})["notes"].size() == 1);
  CHECK(s.run({"note", "restore", id, "--author", jz_test::kTestAuthor}).status == 0);
  const auto shown = s.json({"note", "show", id});
  REQUIRE(shown["history"].size() == 4);
  CHECK(shown["history"][0]["body"] == "着当作若，形近而误。");
  CHECK(shown["history"][2]["deleted"] == true);
  CHECK(shown["tags"] == nlohmann::json::array({"校勘", "訛誤"}));

  const auto text = s.run({"note", "show", id.substr(0, 8)});
  CHECK_THAT(text.out, Catch::Contains("4 revisions"));
  const auto found = s.json({"note", "search", "形近而誤"});  // no longer the current text
  CHECK(found["notes"].empty());
  CHECK(s.json({"note", "search", "当作"})["notes"].size() == 1);
}

TEST_CASE("the note appears on the linked hant passage after align, its words marked") {
  Songjin s;
  s.add_note();
  REQUIRE(s.run({"align", "A", "B"}).status == 0);
  const auto hant = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
  std::size_t a = 0;
  while (a < hant.size() && hant[a].find("張着麟") == std::string::npos) ++a;
  REQUIRE(a < hant.size());
  const auto r = s.run({"show", "A:" + std::to_string(a + 1)});
  CHECK_THAT(r.out, Catch::Contains("⟨張着麟⟩[1]") && Catch::Contains("形近而误") && Catch::Contains("on " + s.b()));
}

TEST_CASE("parallel marks the note on both sides of the link, beside the variants") {
  Songjin s;
  s.add_note();
  REQUIRE(s.run({"align", "A", "B"}).status == 0);
  const auto r = s.run({"parallel", s.b()});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("⟨张着麟⟩[1]") && Catch::Contains("⟨張着麟⟩[1]") &&
                        Catch::Contains("(on " + s.b() + " 「张着麟」)"));
}

TEST_CASE("notes travel by W3C JSON-LD and CSV") {
  Songjin s;
  const std::string id = s.add_note();
  s.run({"note", "edit", id, "--text", "二稿", "--author", "Other"});
  const auto w3c = s.run({"export", "notes", "--format", "w3c"});
  REQUIRE(w3c.status == 0);
  const auto doc = nlohmann::json::parse(w3c.out);
  CHECK(doc["type"] == "AnnotationCollection");
  CHECK(doc["first"]["items"][0]["id"] == "urn:uuid:" + id);
  jz_test::write_file(s.dir / "notes.jsonld", w3c.out);

  Songjin other;
  CHECK(other.run({"import-notes", (s.dir / "notes.jsonld").string()}).status == 0);
  const auto copy = other.json({"note", "show", id});
  CHECK(copy["history"].size() == 2);
  CHECK(copy["body"] == "二稿");
  CHECK(copy["start"] == s.json({"note", "show", id})["start"]);

  const auto csv = s.run({"export", "notes", "--format", "csv"});
  CHECK_THAT(csv.out, Catch::StartsWith("id,target,address,start,end,quote") && Catch::Contains(id + ",span," + s.b()));
}

TEST_CASE("note errors: each one line, its exit status, nothing changed") {
  Songjin s;
  const std::string id = s.add_note();
  s.add_note();
  const std::string before = jz_test::file_sha256(s.db);
  auto refused = [&](std::vector<std::string> args, int status, const std::string& message) {
    const auto r = s.run(args);
    CHECK(r.status == status);
    CHECK_THAT(r.err, Catch::StartsWith("jiaozhu: ") && Catch::Contains(message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(jz_test::file_sha256(s.db) == before);
  };
  refused({"note", "add", s.b(), "--quote", "张着麟", "--text", "x"}, 2, "who is writing?");
  refused({"note", "add", s.b(), "--quote", "张若林", "--text", "x", "--author", "A"}, 4, "closest there: '张若麟'");
  refused({"note", "add", s.b(), "--quote", "，", "--text", "x", "--author", "A"}, 4, "choose one with --nth");
  refused({"note", "add", s.b(), "--start", "0", "--end", "99999", "--text", "x", "--author", "A"}, 2, "--start and --end");
  refused({"note", "add", "B", "--text", "x", "--author", "A"}, 2, "a note is on one passage");
  refused({"note", "add", "B:9999", "--text", "x", "--author", "A"}, 3, "has no passage 9999");
  refused({"note", "add", s.b(), "--text", "x", "--author", "A", "--motivation", "liking"}, 2, "unknown motivation");
  refused({"note", "show", "ffffffff"}, 3, "no note has id ffffffff");
  refused({"note", "edit", id, "--text", "着当作若，形近而误。", "--author", "A"}, 2, "nothing to change");
  refused({"note", "restore", id, "--author", "A"}, 6, "is not removed");
  refused({"note", "resolve", id, "--text", "x", "--author", "A"}, 6, "is not in conflict");
  refused({"import-notes", (s.dir / "absent.jsonld").string()}, 4, "absent.jsonld");
  jz_test::write_file(s.dir / "bad.jsonld", "{\"type\": \"AnnotationCollection\"}");
  refused({"import-notes", (s.dir / "bad.jsonld").string()}, 4, "neither an Annotation, an AnnotationCollection");
  jz_test::write_file(s.dir / "bad2.jsonld", "[{\"id\": \"urn:uuid:0f0e0d0c-0b0a-4908-8706-050403020100\", \"type\": \"Annotation\"}]");
  refused({"import-notes", (s.dir / "bad2.jsonld").string()}, 4, "annotation 1 has no target");
}

TEST_CASE("an ambiguous id prefix lists the candidates, and fewer than 4 characters are refused") {
  Songjin s;
  s.add_note();
  // Two notes whose ids share "abcd", brought in as another tool's
  // annotations (no jiaozhu history: each becomes a note of one revision).
  nlohmann::json doc = s.json({"export", "notes", "--format", "w3c"});
  nlohmann::json items = nlohmann::json::array();
  for (const char* id : {"abcd0000-0000-4000-8000-000000000001", "abcd1111-0000-4000-8000-000000000002"}) {
    nlohmann::json a = doc["first"]["items"][0];
    for (auto it = a.begin(); it != a.end();) it = it.key().rfind("jz:", 0) == 0 ? a.erase(it) : std::next(it);
    a["id"] = std::string("urn:uuid:") + id;
    items.push_back(a);
  }
  jz_test::write_file(s.dir / "twins.jsonld", items.dump());
  REQUIRE(s.run({"import-notes", (s.dir / "twins.jsonld").string()}).status == 0);
  const auto r = s.run({"note", "show", "abcd"});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("is ambiguous") && Catch::Contains("abcd0000") && Catch::Contains("abcd1111"));
  CHECK(s.run({"note", "show", "abcd1"}).status == 0);
  const auto short_id = s.run({"note", "show", "abc"});
  CHECK(short_id.status == 2);
  CHECK_THAT(short_id.err, Catch::Contains("at least 4 characters"));
}

TEST_CASE("the author comes from --author, $JIAOZHU_AUTHOR, or `jiaozhu config author`") {
  Songjin s;
  CHECK(s.run({"config", "author"}).status == 3);
  REQUIRE(s.run({"config", "author", "Config Person <c@example.org>"}).status == 0);
  CHECK_THAT(s.run({"config", "author"}).out, Catch::Contains("Config Person"));
  CHECK(s.json({"note", "add", s.b(), "--text", "整段"})["author"] == "Config Person <c@example.org>");
  ::setenv("JIAOZHU_AUTHOR", "Env Person", 1);
  CHECK(s.json({"note", "add", s.b(), "--text", "整段"})["author"] == "Env Person");
  ::unsetenv("JIAOZHU_AUTHOR");
  CHECK(s.json({"note", "add", s.b(), "--text", "整段", "--author", "Flag"})["author"] == "Flag");
  CHECK(s.run({"config", "colour", "x"}).status == 2);
}
