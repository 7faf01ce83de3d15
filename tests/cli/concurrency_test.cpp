// Several jiaozhu processes on one database at once: writers wait for each
// other (busy timeout) instead of failing, readers are never refused, and no
// write is lost.
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>
#include <memory>

#include "support.h"

using jz_test::run_jiaozhu;

TEST_CASE("four imports and four searches at once: none fails, every edition is there") {
  jz_test::TempDir dir;
  const std::string db = (dir / "c.db").string();
  REQUIRE(run_jiaozhu({"--db", db, "init"}).status == 0);
  REQUIRE(run_jiaozhu({"--db", db, "import", jz_test::corpus("songjin/hans.txt"), "--work", "w", "--siglum", "B"}).status == 0);
  const auto lines = jz_test::lines_of(jz_test::corpus("songjin/hans.txt"));
  std::vector<std::unique_ptr<jz_test::RunningJiaozhu>> running;
  for (int k = 0; k < 4; ++k) {
    // Distinct content per process: an edition is its content.
    std::string text;
    for (int i = 0; i < 3000; ++i) text += std::to_string(k) + "." + std::to_string(i) + " " + lines[static_cast<std::size_t>(i) % lines.size()] + "\n";
    const auto file = dir / ("e" + std::to_string(k) + ".txt");
    jz_test::write_file(file, text);
    running.push_back(std::make_unique<jz_test::RunningJiaozhu>(
        std::vector<std::string>{"--db", db, "import", file.string(), "--work", "w", "--siglum", "E" + std::to_string(k)}));
    running.push_back(std::make_unique<jz_test::RunningJiaozhu>(std::vector<std::string>{"--db", db, "search", "张若麟", "--count"}));
  }
  for (auto& r : running) {
    const auto result = r->finish();
    INFO(result.err);
    CHECK(result.status == 0);
    CHECK_THAT(result.err, !Catch::Contains("locked"));
  }
  const auto editions = nlohmann::json::parse(run_jiaozhu({"--db", db, "editions", "--json"}).out)["editions"];
  CHECK(editions.size() == 5);
  for (const auto& e : editions) {
    if (e["siglum"] != "B") CHECK(e["passages"] == 3000);
  }
  CHECK(run_jiaozhu({"--db", db, "check"}).status == 0);
}
