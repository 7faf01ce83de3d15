// Collaboration through the built binary: copies edited apart and merged,
// as two scholars would.
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>
#include <cstdlib>

#include "support.h"

using jz_test::run_jiaozhu;

namespace {

struct Copies {
  jz_test::TempDir dir;
  std::string db = (dir / "a.db").string();

  Copies() {
    ::setenv("JIAOZHU_AUTHOR", "Tester <t@example.org>", 1);
    ::setenv("JIAOZHU_CONFIG", (dir / "config.json").c_str(), 1);
    REQUIRE(run({"init"}).status == 0);
    REQUIRE(run({"import", jz_test::corpus("songjin/hant.txt"), "--work", "songjin", "--siglum", "A"}).status == 0);
    REQUIRE(run({"import", jz_test::corpus("songjin/hans.txt"), "--work", "songjin", "--siglum", "B"}).status == 0);
  }
  ~Copies() { ::unsetenv("JIAOZHU_AUTHOR"); }
  jz_test::RunResult run(std::vector<std::string> args, const std::string& path = "") const {
    args.insert(args.begin(), {"--db", path.empty() ? db : path});
    return run_jiaozhu(args);
  }
  std::string copy(const std::string& name) const {
    const auto to = dir / name;
    std::filesystem::copy_file(db, to);
    return to.string();
  }
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
  CHECK(merged.err == "jiaozhu: 1 note is in conflict; see `jiaozhu conflicts`\n");
  const auto json = c.run({"merge", other, "--json"});
  CHECK(json.status == 1);
  CHECK(nlohmann::json::parse(json.out)["conflicts_remaining"] == 1);

  REQUIRE(c.run({"note", "resolve", id, "--text", "甲乙"}).status == 0);
  CHECK(c.run({"merge", other}).status == 0);
  std::filesystem::create_directories(c.dir / "sync");
  CHECK(c.run({"sync", (c.dir / "sync").string()}).status == 0);
}
