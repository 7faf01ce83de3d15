#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include "jiaozhu/error.h"
#include "jiaozhu/query.h"
#include "fts/fts5_tokenizer.h"

using namespace jiaozhu;

TEST_CASE("terms become quoted FTS5 strings") {
  CHECK(to_fts5_query("张若") == "\"张若\"");
  CHECK(to_fts5_query("洪承畴  曹变蛟") == "\"洪承畴\" AND \"曹变蛟\"");
  CHECK(to_fts5_query("a OR b NOT c") == "\"a\" OR \"b\" NOT \"c\"");
  CHECK(to_fts5_query("(甲 OR 乙) 丙") == "(\"甲\" OR \"乙\") AND \"丙\"");
  // Found by fuzz_query: FTS5 refuses a phrase beside a parenthesis without AND.
  CHECK(to_fts5_query("0(i)") == "\"0\" AND (\"i\")");
  CHECK(to_fts5_query("(a)(b)") == "(\"a\") AND (\"b\")");
  CHECK(to_fts5_query("\"张 若\"") == "\"张 若\"");
  CHECK(to_fts5_query("xin*") == "\"xin\" *");
  CHECK(to_fts5_query("甲 ， 乙") == "\"甲\" AND \"乙\"");  // punctuation-only terms are dropped
  CHECK(to_fts5_query("NEAR(a b)") == "\"NEAR\" AND (\"a\" AND \"b\")");  // no FTS5 function reaches FTS5
}

TEST_CASE("malformed queries are usage errors that do not mention FTS5") {
  for (const char* bad : {"\"unbalanced", "(甲", "甲)", "NOT 甲", "甲 OR", "OR", "()", "，。", "", "张*", "张若*"}) {
    INFO(bad);
    CHECK_THROWS_AS(to_fts5_query(bad), UsageError);
    try {
      to_fts5_query(bad);
    } catch (const UsageError& e) {
      CHECK_THAT(e.what(), !Catch::Contains("fts5", Catch::CaseSensitive::No));
    }
  }
  CHECK_THROWS_WITH(to_fts5_query(std::string(kMaxQueryCodePoints + 1, 'a')), Catch::Contains("longer than"));
  CHECK_THROWS_WITH(to_fts5_query("\xff"), Catch::Contains("UTF-8"));
  // Found by fuzz_query: a NUL or control character inside a quoted term
  // reached FTS5, which refused it with a syntax error.
  CHECK_THROWS_WITH(to_fts5_query(std::string("张若 OR \"x\xc3\xac\x01\0\0\x1cng\"", 17)), Catch::Contains("control character"));
  CHECK_THROWS_AS(to_fts5_query(std::string("a\0b", 3)), UsageError);
}

// Found by fuzz_query in CI: parentheses nested about 30 deep overflowed
// FTS5's parser stack ("fts5: parser stack overflow"). The deepest nesting
// allowed, with every operator open at each level, must still parse.
TEST_CASE("nesting is limited below what FTS5's parser can hold") {
  SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  detail::register_fts5_tokenizer(db.getHandle());
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'jiaozhu'); INSERT INTO t VALUES ('張若麟')");
  auto nested = [](int depth) {
    std::string q;
    for (int i = 0; i < depth; ++i) q += "张 OR 若 AND 麟 NOT (";
    return q + "若" + std::string(static_cast<std::size_t>(depth), ')');
  };
  SQLite::Statement match(db, "SELECT count(*) FROM t WHERE t MATCH ?");
  match.bind(1, to_fts5_query(nested(kMaxQueryNesting)));
  CHECK_NOTHROW(match.executeStep());
  CHECK_THROWS_WITH(to_fts5_query(nested(kMaxQueryNesting + 1)), Catch::Contains("nests parentheses more than"));
  CHECK_THROWS_AS(to_fts5_query(std::string(40, '(') + "张" + std::string(40, ')')), UsageError);
}
