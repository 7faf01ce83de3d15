// schema/schema.sql is the documentation of what migrations/ builds: this
// test keeps the two from drifting, comparing structure (tables, columns,
// types, constraints, indexes, foreign keys), not text.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>
#include <map>

#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "db/schema_verifier.h"
#include "fts/fts5_tokenizer.h"
#include "support.h"

namespace {

// A description of every object in `db`, one line each, sorted.
std::map<std::string, std::string> structure(SQLite::Database& db) {
  std::map<std::string, std::string> out;
  SQLite::Statement objects(db,
                            "SELECT type, name, tbl_name FROM sqlite_schema "
                            "WHERE name NOT LIKE 'sqlite_%' ORDER BY name");
  while (objects.executeStep()) {
    const std::string type = objects.getColumn(0).getString(), name = objects.getColumn(1).getString();
    std::string d = type + " on " + objects.getColumn(2).getString();
    auto describe = [&](const std::string& pragma) {
      SQLite::Statement q(db, "SELECT * FROM pragma_" + pragma + "(?)");
      q.bind(1, name);
      while (q.executeStep()) {
        d += "\n  " + pragma + ":";
        for (int c = 0; c < q.getColumnCount(); ++c) d += " " + q.getColumn(c).getString();
      }
    };
    if (type == "table") {
      describe("table_xinfo");
      describe("foreign_key_list");
      describe("index_list");
    } else if (type == "index") {
      describe("index_xinfo");
    }
    out[name] = d;
  }
  // CHECK constraints are not visible through pragmas: compare the table SQL
  // with comments and white space removed.
  SQLite::Statement sql(db, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  while (sql.executeStep()) {
    std::string text = sql.getColumn(1).getString(), squeezed;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text.compare(i, 2, "--") == 0) { i = text.find('\n', i); if (i == std::string::npos) break; continue; }
      if (!std::isspace(static_cast<unsigned char>(text[i]))) squeezed += text[i];
    }
    out[sql.getColumn(0).getString()] += "\n  sql: " + squeezed;
  }
  return out;
}

}  // namespace

TEST_CASE("migrating an empty database yields exactly schema/schema.sql") {
  jz_test::TempDir dir;
  jiaozhu::Database migrated = jiaozhu::open_database(dir / "m.db", jiaozhu::OpenMode::kCreate);
  CHECK(migrated.schema_version() == jiaozhu::current_schema_version());

  SQLite::Database documented((dir / "s.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  jiaozhu::detail::register_fts5_tokenizer(documented.getHandle());
  documented.exec(jz_test::read_file(std::filesystem::path(JZ_SOURCE_DIR) / "schema/schema.sql"));

  const auto want = structure(documented);
  const auto got = structure(migrated.sql());
  REQUIRE(!want.empty());
  for (const auto& [name, description] : want) {
    INFO(name);
    REQUIRE(got.count(name) == 1);
    CHECK(got.at(name) == description);
  }
  CHECK(got.size() == want.size());
}

TEST_CASE("schema.sql states the current version") {
  const std::string text = jz_test::read_file(std::filesystem::path(JZ_SOURCE_DIR) / "schema/schema.sql");
  CHECK_THAT(text, Catch::Contains("current version: " + std::to_string(jiaozhu::current_schema_version()) + "."));
}

TEST_CASE("the reference schema generated at build time is the one the migrations make with jiaozhu's tokenizer") {
  using namespace jiaozhu;
  CHECK(detail::newest_reference_version() == current_schema_version());
  const auto generated = detail::newest_reference();
  const auto built = detail::built_reference(current_schema_version());
  CHECK(generated.size() > 20);
  CHECK(generated == built);
}
