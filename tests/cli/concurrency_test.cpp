// Several jiaozhu processes on one database at once: writers wait for each
// other (busy timeout) instead of failing, readers are never refused, and no
// write is lost.
#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>
#include <memory>
#include <set>

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

// Notes written by 2 and then 4 processes at once, in rounds, while another
// process imports an edition and another searches the notes: every note
// written is there at the end and no "locked" error reaches anyone.
TEST_CASE("2 and 4 processes adding notes at once, beside an import and a search: no note is lost") {
  for (const int writers : {2, 4}) {
    jz_test::TempDir dir;
    const std::string db = (dir / "n.db").string();
    REQUIRE(run_jiaozhu({"--db", db, "init"}).status == 0);
    REQUIRE(run_jiaozhu({"--db", db, "import", jz_test::corpus("songjin/hans.txt"), "--work", "w", "--siglum", "B"}).status == 0);
    const auto lines = jz_test::lines_of(jz_test::corpus("songjin/hans.txt"));
    std::string text;
    for (int i = 0; i < 2000; ++i) text += std::to_string(i) + " " + lines[static_cast<std::size_t>(i) % lines.size()] + "\n";
    const auto edition = dir / "e.txt";
    jz_test::write_file(edition, text);
    constexpr int kRounds = 12;
    std::set<std::string> bodies;
    for (int round = 0; round < kRounds; ++round) {
      std::vector<std::unique_ptr<jz_test::RunningJiaozhu>> running;
      for (int w = 0; w < writers; ++w) {
        const std::string body = "第" + std::to_string(round) + "輪 寫者" + std::to_string(w);
        bodies.insert(body);
        const std::string at = "B:" + std::to_string(1 + (round * writers + w) % static_cast<int>(lines.size()));
        std::vector<std::string> args{"--db", db, "note", "add", at, "--text", body, "--author", "W" + std::to_string(w)};
        if (w % 2) args.insert(args.end(), {"--start", "0", "--end", "2"});
        running.push_back(std::make_unique<jz_test::RunningJiaozhu>(args));
      }
      if (round == 0) {
        running.push_back(std::make_unique<jz_test::RunningJiaozhu>(
            std::vector<std::string>{"--db", db, "import", edition.string(), "--work", "w", "--siglum", "E"}));
      }
      running.push_back(std::make_unique<jz_test::RunningJiaozhu>(std::vector<std::string>{"--db", db, "note", "search", "寫者"}));
      for (auto& r : running) {
        const auto result = r->finish();
        INFO(writers << " writers, round " << round << ": " << result.err);
        CHECK(result.status == 0);
        CHECK_THAT(result.err, !Catch::Contains("locked"));
      }
    }
    const auto notes = nlohmann::json::parse(run_jiaozhu({"--db", db, "notes", "--json"}).out)["notes"];
    std::set<std::string> stored;
    for (const auto& n : notes) stored.insert(n["body"].get<std::string>());
    CHECK(stored == bodies);
    CHECK(notes.size() == bodies.size());
    CHECK(run_jiaozhu({"--db", db, "check"}).status == 0);
  }
}
