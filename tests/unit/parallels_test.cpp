// Parallel passages (#43): runs on a diagonal, the gram index kept current
// by import, correction and merge, quotations found across works with their
// spans (exact, one character changed, in the other script), and nothing
// where nothing is shared.
#include <catch2/catch.hpp>

#include <filesystem>

#include "jiaozhu/corrections.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/parallels.h"
#include "jiaozhu/workflow.h"
#include "parallels/gram_index.h"
#include "parallels/run_extension.h"
#include "support.h"

using namespace jiaozhu;
using namespace jiaozhu::detail;

namespace {

void import_lines(Database& db, const jz_test::TempDir& dir, const std::string& siglum, const std::string& work,
                  const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  const std::filesystem::path file = dir / (siglum + ".txt");
  jz_test::write_file(file, text);
  ImportOptions o;
  o.work = work;
  o.siglum = siglum;
  import_edition(db, {&file, 1}, o, nullptr);
}

// 詩經 and two later works that quote it: exactly, with a character
// changed, and in Simplified script; and a passage that quotes nothing.
const std::vector<std::string> kShijing = {"關關雎鳩，在河之洲。窈窕淑女，君子好逑。參差荇菜，左右流之。",
                                           "桃之夭夭，灼灼其華。之子于歸，宜其室家。",
                                           "蒹葭蒼蒼，白露為霜。所謂伊人，在水一方。溯洄從之，道阻且長。"};
const std::vector<std::string> kLater = {"古人有言曰窈窕淑女君子好逑，此之謂也。",          // exact, no punctuation
                                         "詩云：「蒹葭蒼蒼，白露為霜，所謂伊人，在山一方。」",  // 水 → 山
                                         "诗曰：桃之夭夭，灼灼其华。之子于归，宜其室家。",      // Simplified
                                         "天寒地凍，行人絕跡，唯見孤鴻影。"};

}  // namespace

TEST_CASE("a run on a diagonal bridges a single difference and stops at a second close by") {
  const std::u32string own = U"甲乙丙丁戊己庚辛壬癸子丑", other = U"ＸＸ甲乙丙丁戊Ａ庚辛壬癸子丑";
  const auto runs = runs_on_diagonal(own, other, 2, 8);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].own_start == 0);
  CHECK(runs[0].own_end == 12);
  CHECK(runs[0].differences == std::vector<int32_t>{5});
  CHECK(runs_on_diagonal(U"甲乙丙丁戊己", U"甲乙丙丁戊己", 0, 8).empty());  // shorter than asked
  CHECK(runs_on_diagonal(U"甲乙ＡＢ丙丁ＣＤ戊己", U"甲乙ＸＹ丙丁ＺＷ戊己", 0, 4).empty());  // more differences than agreement
}

TEST_CASE("postings survive their encoding, and a damaged blob is refused") {
  const std::vector<Posting> p = {{1, 0, 7}, {1, 5, 9}, {300, 2, 0}, {300, 70000, 255}};
  const std::vector<Posting> back = decode_postings(encode_postings(p));
  REQUIRE(back.size() == p.size());
  for (std::size_t i = 0; i < p.size(); ++i) {
    CHECK(back[i].seq == p[i].seq);
    CHECK(back[i].pos == p[i].pos);
    CHECK(back[i].check == p[i].check);
  }
  CHECK_THROWS_AS(decode_postings(std::string("\x81\x81\x81", 3)), DatabaseError);
}

TEST_CASE("quotations across works are found with their spans, and nothing where nothing is shared") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "p.db", OpenMode::kCreate);
  import_lines(db, dir, "S", "詩經", kShijing);
  import_lines(db, dir, "L", "後書", kLater);
  ParallelRepository parallels(db);

  const auto exact = parallels.of_passage("L:1", {});
  REQUIRE(exact.size() == 1);
  CHECK(exact[0].other.address == "S:1");
  CHECK(exact[0].other.text == "窈窕淑女，君子好逑");
  CHECK(exact[0].own.text == "窈窕淑女君子好逑");
  CHECK(exact[0].differences.empty());
  CHECK(exact[0].other_work == "詩經");

  const auto changed = parallels.of_passage("L:2", {});
  REQUIRE(changed.size() == 1);
  CHECK(changed[0].other.address == "S:3");
  REQUIRE(changed[0].differences.size() == 1);
  CHECK(changed[0].differences[0].reading == "山");
  CHECK(changed[0].differences[0].other_reading == "水");

  const auto simplified = parallels.of_passage("L:3", {});
  REQUIRE(simplified.size() == 1);
  CHECK(simplified[0].other.address == "S:2");
  CHECK(simplified[0].differences.empty());

  CHECK(parallels.of_passage("L:4", {}).empty());
  CHECK(parallels.of_passage("S:2", {}).size() == 1);  // the other way round
  ParallelOptions only;
  only.in = {"後書"};
  CHECK(parallels.of_passage("S:1", only).size() == 1);
  only.in = {"詩經"};
  CHECK(parallels.of_passage("S:1", only).empty());
  only.in = {"無此書"};
  CHECK_THROWS_AS(parallels.of_passage("S:1", only), NotFound);
  ParallelOptions longer;
  longer.min_length = 30;
  CHECK(parallels.of_passage("L:1", longer).empty());
  longer.min_length = 2;
  CHECK_THROWS_AS(parallels.of_passage("L:1", longer), UsageError);

  const auto pairs = parallels.between("L", "S", {});
  CHECK(pairs.size() == 3);
  CHECK(parallels.between("S", "S", {}).empty());
  CHECK(GramIndex(db).faults().empty());
}

TEST_CASE("the index follows a correction and a merge, and check sees it fall behind") {
  jz_test::TempDir dir;
  {
    Database db = open_database(dir / "a.db", OpenMode::kCreate);
    import_lines(db, dir, "S", "詩經", kShijing);
    import_lines(db, dir, "L", "後書", kLater);
  }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  {
    Database b = open_database(dir / "b.db", OpenMode::kExisting);
    CorrectionRepository(b).correct("L:4", "天寒地凍，在河之洲，窈窕淑女，行人絕跡。", "據別本", jz_test::kTestAuthor);
    CHECK(ParallelRepository(b).of_passage("L:4", {}).size() == 1);
  }
  Database a = open_database(dir / "a.db", OpenMode::kExisting);
  CHECK(ParallelRepository(a).of_passage("L:4", {}).empty());
  merge_database(a, dir / "b.db", false);
  CHECK(ParallelRepository(a).of_passage("L:4", {}).size() == 1);
  CHECK(jz_test::passes_check(a));
  // A row dropped by hand: not current, said by check and by parallels, mended by reindex.
  a.sql().exec("UPDATE parallel_index SET digest = 'old'");
  CHECK_FALSE(GramIndex(a).faults().empty());
  CHECK_THROWS_AS(ParallelRepository(a).of_passage("L:1", {}), DatabaseError);
  reindex(a);
  CHECK(GramIndex(a).faults().empty());
  CHECK(ParallelRepository(a).of_passage("L:1", {}).size() == 1);
}
