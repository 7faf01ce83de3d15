// End-to-end: the editor's decisions through the built binary on the
// fixture's two editions, as an editor works: the worklist, a decision of
// each kind by id prefix, a policy, the edited text, the history, the
// errors on the way, and two copies decided apart.
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "support.h"

namespace {

struct Decided : jz_test::SongjinFile {
  Decided() : jz_test::SongjinFile(jz_test::SongjinOptions{2, true, jz_test::kTestAuthor}) {}

  nlohmann::json apparatus(const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> args{"apparatus", "A", "B", "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run(args);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(r.out);
  }
  // The first entry of the apparatus whose readings are substitutions.
  nlohmann::json substitution() const {
    const nlohmann::json doc = apparatus();
    for (const auto& e : doc["entries"]) {
      if (!e["lemma"].get<std::string>().empty() && e["readings"][0]["type"] == "substitution") return e;
    }
    FAIL("no substitution in the apparatus");
    return {};
  }
};

}  // namespace

TEST_CASE("decide: the worklist shrinks, each decision is kept with its history, the edited text takes the reading") {
  Decided s;
  const auto first = s.apparatus();
  const int64_t undecided = first["undecided"];
  REQUIRE(undecided > 2);
  const auto place = s.substitution();
  const std::string id = place["id"], address = place["passage"];
  const std::string reading = place["readings"][0]["text"];

  const auto adopted = s.json({"decide", id.substr(0, 8), "--adopt", "B", "--note", "依B本"});
  CHECK(adopted["decision"]["label"] == "據B本改");
  CHECK(adopted["decision"]["reading"] == reading);
  CHECK(s.apparatus()["undecided"] == undecided - 1);
  const auto worklist = s.run({"apparatus", "A", "B", "--undecided", "--format", "json"});
  CHECK_THAT(worklist.err, Catch::Contains(std::to_string(undecided - 1) + " places to decide"));
  CHECK(worklist.out.find(id) == std::string::npos);
  // At a terminal the worklist names each place's id, to decide it by.
  const std::string next = s.apparatus({"--undecided"})["entries"][0]["id"];
  CHECK_THAT(s.run({"apparatus", "A", "B", "--undecided"}).out, Catch::Contains("  decide " + next.substr(0, 8)));
  CHECK_THAT(s.run({"apparatus", "A", "B"}).out, !Catch::Contains("  decide "));

  const auto edited = s.json({"show", address, "--edited"});
  CHECK(edited["passages"][0]["text"].get<std::string>().find(reading) != std::string::npos);
  CHECK(s.run({"decide", id.substr(0, 8), "--doubt"}).status == 0);
  const auto history = s.json({"decide", id.substr(0, 8)});
  REQUIRE(history["history"].size() == 2);
  CHECK(history["history"][1]["parents"][0] == history["history"][0]["uuid"]);
  CHECK_THAT(s.run({"decide", id.substr(0, 8)}).out, Catch::Contains("存疑"));
  CHECK_THAT(s.run({"apparatus", "A", "B"}).out, Catch::Contains("未知孰是"));

  SECTION("errors are one sentence and an exit code") {
    CHECK(s.run({"decide", "ffffffff", "--omit"}).status == 3);
    CHECK(s.run({"decide", id, "--omit", "--record"}).status == 2);
    CHECK(s.run({"decide", id, "--emend", "某"}).status == 2);  // no reason
    CHECK(s.run({"decide", id, "--adopt", "Z"}).status == 3);
    CHECK(s.run({"decide", "ab", "--omit"}).status == 2);
    const auto r = s.run({"decide", id, "--reason", "據文義改"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("--reason goes with --emend"));
  }
  SECTION("a policy omits a class; `policy list` is the 凡例; the 校勘記 prints it") {
    const auto added = s.json({"policy", "add", "omit", "--class", "pinyin,glyph"});
    CHECK(added["policies"].size() == 2);
    CHECK_THAT(s.run({"policy", "list"}).out, Catch::Contains("異體字，不出校。"));
    CHECK_THAT(s.run({"apparatus", "A", "B"}).out, Catch::Contains("凡例："));
    const std::string policy = added["policies"][0]["id"];
    CHECK(s.run({"policy", "rm", policy.substr(0, 8)}).status == 0);
    CHECK(s.json({"policy", "list"})["policies"].size() == 1);
    CHECK(s.run({"policy", "add", "adopt", "--class", "glyph"}).status == 2);
  }
}

TEST_CASE("two copies decide one place apart: merge exits 1, conflicts lists it, deciding again settles it") {
  Decided s;
  const std::string id = s.substitution()["id"];
  const std::string other = s.copy("other.db");
  CHECK(s.run({"decide", id, "--record"}).status == 0);
  CHECK(s.run({"decide", id, "--omit"}, other).status == 0);
  const auto merged = s.run({"merge", other});
  CHECK(merged.status == 1);
  CHECK_THAT(merged.out, Catch::Contains("1 decisions on apparatus places"));
  CHECK_THAT(s.run({"conflicts"}).out, Catch::Contains("decided differently in two copies"));
  CHECK(s.json({"conflicts"})["decisions"].size() == 1);
  CHECK(s.run({"decide", id, "--omit"}).status == 0);
  CHECK(s.json({"conflicts"})["decisions"].empty());
  CHECK(s.run({"check"}).status == 0);
}
