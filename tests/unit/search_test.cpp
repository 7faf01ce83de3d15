#include <SQLiteCpp/Database.h>
#include <unicode/utf8.h>

#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/import.h"
#include "jiaozhu/search.h"
#include "jiaozhu/unicode.h"
#include "support.h"

using namespace jiaozhu;

namespace {

using Hits = std::set<std::string>;

struct SongjinSearch {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  SongjinSearch() { jz_test::import_songjin(db); }
  Hits hits(const std::string& query, std::vector<std::string> editions = {}) {
    SearchRequest r;
    r.query = query;
    r.limit = 10000;
    r.editions = std::move(editions);
    const SearchResult result = search(db, r);
    Hits out;
    for (const SearchHit& h : result.hits) out.insert(h.siglum + ":" + std::to_string(h.seq));
    CHECK(result.total == static_cast<int64_t>(out.size()));
    return out;
  }
};

// The brute-force side, written without the tokenizer or FTS5: a passage's
// Han characters folded, in order, with a break (U+0000) for each run of
// Latin letters or digits; punctuation and spaces dropped.
std::u32string search_form(const std::string& text) {
  std::u32string out;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto n = static_cast<int32_t>(text.size());
  bool in_latin = false;
  for (int32_t i = 0; i < n;) {
    UChar32 c;
    U8_NEXT(s, i, n, c);
    const bool latin = (c < 0x80 && std::isalnum(c)) || (c >= 0xC0 && c <= 0x24F) || (c >= 0x1E00 && c <= 0x1EFF);
    if (latin && !in_latin) out += U'\0';
    in_latin = latin;
    if (is_han(static_cast<char32_t>(c))) out += fold_han(static_cast<char32_t>(c));
  }
  return out;
}

std::map<std::string, std::u32string> brute_corpus() {
  std::map<std::string, std::u32string> out;
  for (const auto& [siglum, file] : {std::pair{"A", "songjin/hant.txt"}, std::pair{"B", "songjin/hans.txt"}}) {
    int n = 0;
    for (const std::string& line : jz_test::lines_of(jz_test::corpus(file))) {
      out[std::string(siglum) + ":" + std::to_string(++n)] = search_form(line);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("search finds exactly what a brute-force scan finds, for every 1-, 2- and 3-character substring") {
  SongjinSearch s;
  const auto corpus = brute_corpus();
  std::set<std::u32string> queries;
  for (const auto& [address, form] : corpus) {
    if (!address.starts_with("B:")) continue;
    for (std::size_t len = 1; len <= 3; ++len) {
      for (std::size_t i = 0; i + len <= form.size(); ++i) {
        const std::u32string q = form.substr(i, len);
        if (q.find(U'\0') == std::u32string::npos) queries.insert(q);
      }
    }
  }
  REQUIRE(queries.size() > 5000);
  std::size_t expected_total = 0;
  for (const std::u32string& q : queries) {
    Hits want;
    for (const auto& [address, form] : corpus) {
      if (form.find(q) != std::u32string::npos) want.insert(address);
    }
    expected_total += want.size();
    const Hits got = s.hits(jz_test::to_utf8(q));
    if (got != want) FAIL("query " << jz_test::to_utf8(q) << ": " << got.size() << " hits, a scan finds " << want.size());
  }
  CHECK(expected_total > queries.size());
}

TEST_CASE("a name is found in both scripts, and a reading only where it stands") {
  SongjinSearch s;
  const Hits simplified = s.hits("张若麟"), traditional = s.hits("張若麟");
  CHECK(simplified == traditional);
  CHECK(simplified.count("A:3") == 1);
  CHECK(simplified.count("B:18") == 1);
  for (const std::string& a : s.hits("皇太极")) CHECK(a.starts_with("B:"));  // A says 太宗
  CHECK_FALSE(s.hits("皇太极").empty());
  // The pinyin corruption xìng is found by xing, and only in the web edition.
  const Hits xing = s.hits("xing");
  CHECK(xing == Hits{"B:19", "B:20"});
  CHECK(s.hits("张若麟", {"A"}) == Hits{"A:2", "A:3", "A:4", "A:5", "A:8"});
}

TEST_CASE("single characters are found and ranked") {
  SongjinSearch s;
  SearchRequest r;
  r.query = "清";
  r.limit = 5;
  r.ranked = true;
  const SearchResult result = search(s.db, r);
  CHECK(result.total > 5);
  REQUIRE(result.hits.size() == 5);
  for (const SearchHit& h : result.hits) REQUIRE(h.score.has_value());
  for (std::size_t i = 1; i < result.hits.size(); ++i) CHECK(*result.hits[i - 1].score <= *result.hits[i].score);
  for (const SearchHit& h : result.hits) CHECK_FALSE(h.matches.empty());
}

TEST_CASE("unranked, hits come in passage order, pages follow one another, and the counts are whole") {
  SongjinSearch s;
  SearchRequest r;
  r.query = "清";
  r.limit = 1000;
  const SearchResult all = search(s.db, r);
  REQUIRE(all.hits.size() == static_cast<std::size_t>(all.total));
  for (std::size_t i = 1; i < all.hits.size(); ++i) {
    const auto& x = all.hits[i - 1];
    const auto& y = all.hits[i];
    CHECK((x.siglum < y.siglum || (x.siglum == y.siglum && x.seq < y.seq)));
    CHECK_FALSE(y.score.has_value());
  }
  r.limit = 3;
  r.offset = 2;
  const SearchResult page = search(s.db, r);
  CHECK(page.total == all.total);
  CHECK(page.per_edition == all.per_edition);
  REQUIRE(page.hits.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) CHECK(page.hits[i].seq == all.hits[2 + i].seq);
  r.ranked = true;
  r.limit = 1000;
  r.offset = 0;
  const SearchResult ranked = search(s.db, r);
  CHECK(ranked.total == all.total);
  CHECK(ranked.hits.size() == all.hits.size());
}

TEST_CASE("match offsets are code points into the stored passage") {
  SongjinSearch s;
  SearchRequest r;
  r.query = "张若麟";
  r.editions = {"A"};
  const SearchResult result = search(s.db, r);
  REQUIRE_FALSE(result.hits.empty());
  for (const SearchHit& h : result.hits) {
    const std::u32string text = jz_test::to_u32(h.text);
    for (const Span& m : h.matches) CHECK(jz_test::to_utf8(text.substr(m.begin, m.end - m.begin)) == "張若麟");
  }
}

TEST_CASE("the index stays exact as editions come, and check sees it drift") {
  SongjinSearch s;
  auto faults = [&] {
    for (const CheckResult& r : check_database(s.db)) {
      if (r.name == "search index") return r.faults;
    }
    FAIL("no search index check");
    return std::vector<std::string>{};
  };
  CHECK(faults().empty());
  // A change behind jiaozhu's back (no index update) is caught...
  s.db.sql().exec("UPDATE passage SET text = '無關的文字' WHERE seq = 1 AND edition_id = 1");
  CHECK_FALSE(faults().empty());
  // ...and reindex repairs it.
  reindex(s.db);
  CHECK(faults().empty());
  CHECK(s.hits("無關的文字") == Hits{"A:1"});
}

TEST_CASE("unknown editions and works are not found, bad queries are usage errors") {
  SongjinSearch s;
  SearchRequest r;
  r.query = "张";
  r.editions = {"Z"};
  CHECK_THROWS_AS(search(s.db, r), NotFound);
  r.editions = {};
  r.work = "nowhere";
  CHECK_THROWS_AS(search(s.db, r), NotFound);
  r.work = "songjin";
  r.query = "\"open";
  CHECK_THROWS_AS(search(s.db, r), UsageError);
}

TEST_CASE("make_snippet cuts on characters around the first match") {
  const std::string text = "一二三四五六七八九十甲乙丙丁";
  const Snippet s = make_snippet(text, {{10, 12}}, 6);
  CHECK(s.text == "九十甲乙丙丁");
  CHECK(s.start == 8);
  CHECK(s.cut_before);
  CHECK_FALSE(s.cut_after);
  CHECK(s.matches == std::vector<Span>{{2, 4}});
  CHECK(make_snippet("短", {{0, 1}}, 6).text == "短");
}

TEST_CASE("searching some editions leaves out the ones whose passages lie between") {
  SongjinSearch s;  // A then B
  jz_test::write_file(s.dir / "c.txt", "張若麟一\n無關\n张若麟二\n");
  ImportOptions o;
  o.work = "songjin";
  o.siglum = "C";
  const std::filesystem::path c = s.dir / "c.txt";
  import_edition(s.db, {&c, 1}, o, nullptr);
  const Hits ac = s.hits("张若麟", {"A", "C"});
  CHECK(ac == Hits{"A:2", "A:3", "A:4", "A:5", "A:8", "C:1", "C:3"});
  CHECK(s.hits("张若麟", {"C"}) == Hits{"C:1", "C:3"});
  CHECK(s.hits("张若麟").size() == 12);
}

TEST_CASE("check reports passage ids that are no longer consecutive") {
  SongjinSearch s;
  s.db.sql().exec("PRAGMA foreign_keys = OFF; UPDATE passage SET id = 100000 WHERE edition_id = 1 AND seq = 3");
  bool reported = false;
  for (const CheckResult& r : check_database(s.db)) {
    for (const std::string& f : r.faults) reported |= f.find("not consecutive") != std::string::npos;
  }
  CHECK(reported);
}

TEST_CASE("titles and authors are searched as text is, and a hit says where its words stand") {
  SongjinSearch s;
  jz_test::write_file(s.dir / "q.json", R"([{"title": "靜夜思", "author": "李白", "paragraphs": ["床前明月光，疑是地上霜。"]},)"
                                        R"({"title": "春曉", "author": "孟浩然", "paragraphs": ["春眠不覺曉，處處聞啼鳥。"]}])");
  ImportOptions o;
  o.work = "poems";
  o.siglum = "Q";
  const std::filesystem::path q = s.dir / "q.json";
  import_edition(s.db, {&q, 1}, o, nullptr);
  CHECK(s.hits("静夜思") == Hits{"Q:1"});  // Simplified query, Traditional title
  CHECK(s.hits("孟浩然") == Hits{"Q:2"});
  CHECK(s.hits("李白 霜") == Hits{"Q:1"});  // one term in the author, one in the text
  SearchRequest r;
  r.query = "靜夜思";
  const SearchResult found = search(s.db, r);
  REQUIRE(found.hits.size() == 1);
  CHECK(found.hits[0].title == "靜夜思");
  CHECK(found.hits[0].title_matches == std::vector<Span>{{0, 3}});
  CHECK(found.hits[0].matches.empty());
  CHECK(found.hits[0].author == "李白");
  CHECK(found.hits[0].author_matches.empty());
  CHECK(jz_test::passes_check(s.db));
}
