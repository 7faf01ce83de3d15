// Readings a scholar can trust (#41): editorial matter, phrase-level
// conversion, vetted variant forms, and persons' ambiguous aliases.
#include <catch2/catch.hpp>
#include <filesystem>

#include "align/editorial_matter.h"
#include "align/phrase_conversion.h"
#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/people.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;
using namespace jiaozhu::detail;

TEST_CASE("a title's part number, an unknown author and a speaker tag are editorial matter") {
  const std::u32string title = U"山居雜詠三首 二";
  CHECK(is_title_apparatus(title, 7, 8, true));
  CHECK(is_title_apparatus(title, 4, 8, true));        // 三首 二 against nothing
  CHECK(is_title_apparatus(U"雜詩（三）", 3, 4, true));
  CHECK(is_title_apparatus(U"古意其二", 2, 3, false)); // 其 against 五首 in the other
  CHECK(is_title_apparatus(U"雜詩二十首", 2, 4, true));
  CHECK_FALSE(is_title_apparatus(U"三", 0, 1, true));         // a title that is only a number
  CHECK_FALSE(is_title_apparatus(U"春望", 1, 2, true));
  CHECK_FALSE(is_title_apparatus(U"題李凝幽居", 0, 1, true));  // 題 is the title's own word
  CHECK(is_title_apparatus(U"相和歌辭 王昭君", 0, 4, true));    // a heading set apart
  CHECK_FALSE(is_title_apparatus(U"相和歌辭 王昭君", 0, 4, false));
  CHECK(is_unknown_author(U"不詳"));
  CHECK(is_unknown_author(U" 佚名 "));
  CHECK_FALSE(is_unknown_author(U"李白"));
  const std::u32string line = U"竹影金瑣碎，泉音玉淙琤。——韓愈\n瑣碎不相識";
  CHECK(is_attribution_tag(line, 14, 16));
  CHECK_FALSE(is_attribution_tag(line, 0, 2));       // no dash before
  CHECK_FALSE(is_attribution_tag(U"——韓愈曰可", 2, 4));  // the line goes on
}

TEST_CASE("a Taiwan-phrase conversion is found around the characters that differ") {
  const std::u32string a = U"天道循環無已時", b = U"天道迴圈無已時";
  CHECK(phrase_converted(a, 2, 4, b, 2, 4));
  CHECK(phrase_converted(b, 2, 4, a, 2, 4));         // either way round
  const std::u32string c = U"天道循序無已時";
  CHECK_FALSE(phrase_converted(a, 3, 4, c, 3, 4));   // 環/序 is a reading
  CHECK(phrase_converted(U"元音", 0, 1, U"母音", 0, 1));  // only 元/母 differs inside the phrase
}

TEST_CASE("the 1955 variant groups and OpenCC's variant tables fold as variant forms") {
  for (const auto& [a, b] : {std::pair(U'艣', U'櫓'), std::pair(U'駈', U'驅'), std::pair(U'琖', U'盞'), std::pair(U'朂', U'勖'),
                             std::pair(U'髪', U'髮')}) {
    INFO(static_cast<uint32_t>(a));
    CHECK(variant_forms(a, b));
    CHECK(fold_han(a) == fold_han(b));
  }
  CHECK_FALSE(variant_forms(U'髪', U'發'));  // a variant form and a merge: folded alike, yet a reading
  CHECK(fold_han(U'髪') == fold_han(U'發'));
}

TEST_CASE("a mention rejected in one copy is rejected in the copy that merges it") {
  jz_test::TempDir dir;
  {
    Database db = open_database(dir / "a.db", OpenMode::kCreate);
    jz_test::import_songjin(db);
    PersonRepository people(db, jz_test::kTestAuthor);
    people.add("张若麟", "");
    people.add_alias("张若麟", "张着麟", "error", "", true);
  }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  Database b = open_database(dir / "b.db", OpenMode::kExisting);
  PersonRepository in_b(b, jz_test::kTestAuthor);
  const auto before = in_b.mentions("张若麟", std::string("A"));
  const auto unconfirmed = std::find_if(before.begin(), before.end(), [](const Mention& m) { return m.status == "unconfirmed"; });
  REQUIRE(unconfirmed != before.end());
  CHECK_THROWS_AS(in_b.choose_mention(unconfirmed->address, "张若麟", 999, std::string("rejected"), ""), NotFound);
  in_b.choose_mention(unconfirmed->address, "张若麟", unconfirmed->start, std::string("rejected"), "");
  CHECK(in_b.mentions("张若麟", std::string("A")).size() == before.size() - 1);

  Database a = open_database(dir / "a.db", OpenMode::kExisting);
  const MergeReport r = merge_database(a, dir / "b.db", false);
  CHECK(r.mention_choices == 1);
  const auto merged = PersonRepository(a).mentions("张若麟", std::string("A"), true);
  CHECK(std::count_if(merged.begin(), merged.end(), [](const Mention& m) { return m.status == "rejected"; }) == 1);
  CHECK(merge_database(a, dir / "b.db", false).mention_choices == 0);  // a union: nothing twice
}
