#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include "db/migration_list.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "support.h"

using jiaozhu::Database;
using jiaozhu::DatabaseError;
using jiaozhu::OpenMode;

TEST_CASE("a missing database is an error that suggests init") {
  jz_test::TempDir dir;
  CHECK_THROWS_WITH(open_database(dir / "none.db", OpenMode::kExisting), Catch::Contains("jiaozhu init"));
  CHECK_FALSE(std::filesystem::exists(dir / "none.db"));
}

TEST_CASE("init creates a versioned database once") {
  jz_test::TempDir dir;
  CHECK(open_database(dir / "a.db", OpenMode::kCreate).created());
  Database again = open_database(dir / "a.db", OpenMode::kCreate);
  CHECK_FALSE(again.created());
  CHECK(again.schema_version() == jiaozhu::current_schema_version());
  CHECK(again.sql().execAndGet("PRAGMA foreign_keys").getInt() == 1);
}

TEST_CASE("files that are not jiaozhu databases are refused untouched") {
  jz_test::TempDir dir;
  SECTION("not SQLite at all") {
    jz_test::write_file(dir / "x.db", std::string(500, 'x'));
    CHECK_THROWS_WITH(open_database(dir / "x.db", OpenMode::kExisting), Catch::Contains("not a SQLite database"));
  }
  SECTION("another application's SQLite file") {
    { SQLite::Database other((dir / "x.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
      other.exec("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)"); }
    const std::string before = jz_test::file_sha256(dir / "x.db");
    CHECK_THROWS_WITH(open_database(dir / "x.db", OpenMode::kCreate), Catch::Contains("another application"));
    CHECK(jz_test::file_sha256(dir / "x.db") == before);
  }
  SECTION("a truncated copy") {
    { Database db = open_database(dir / "full.db", OpenMode::kCreate); }
    const std::string bytes = jz_test::read_file(dir / "full.db");
    jz_test::write_file(dir / "x.db", bytes.substr(0, bytes.size() / 2));
    CHECK_THROWS_WITH(open_database(dir / "x.db", OpenMode::kExisting), Catch::Contains("truncated"));
  }
}

TEST_CASE("a database from a newer jiaozhu is refused with both versions named") {
  jz_test::TempDir dir;
  { Database db = open_database(dir / "n.db", OpenMode::kCreate);
    db.sql().exec("PRAGMA user_version = 9999"); }
  const std::string before = jz_test::file_sha256(dir / "n.db");
  CHECK_THROWS_WITH(open_database(dir / "n.db", OpenMode::kExisting),
                    Catch::Contains("newer jiaozhu: schema 9999, this build knows " +
                                    std::to_string(jiaozhu::current_schema_version())));
  CHECK(jz_test::file_sha256(dir / "n.db") == before);
}

TEST_CASE("a database at schema 0 is initialized without a backup") {
  jz_test::TempDir dir;
  // Schema 0 with jiaozhu's application id: the state before migration 1.
  { SQLite::Database old((dir / "o.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    old.exec("PRAGMA application_id = 0x4A5A4442"); }
  Database db = open_database(dir / "o.db", OpenMode::kExisting);
  CHECK(db.schema_version() == jiaozhu::current_schema_version());
  CHECK_FALSE(std::filesystem::exists(dir / "o.db.bak-v0"));  // version 0 held no jiaozhu data
}

TEST_CASE("a file holding a table jiaozhu does not make is refused, naming it, and left as it was") {
  jz_test::TempDir dir;
  { SQLite::Database old((dir / "o.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    old.exec("PRAGMA application_id = 0x4A5A4442; CREATE TABLE scratch (x)"); }
  const std::string before = jz_test::file_sha256(dir / "o.db");
  CHECK_THROWS_WITH(open_database(dir / "o.db", OpenMode::kExisting), Catch::Contains("holds table scratch"));
  CHECK(jz_test::file_sha256(dir / "o.db") == before);
  Database inspected = open_database(dir / "o.db", OpenMode::kInspect);
  CHECK(inspected.read_only());
  REQUIRE(inspected.schema_drift());
  CHECK_THAT(*inspected.schema_drift(), Catch::Contains("table scratch"));
}

TEST_CASE("a trigger planted in a database is refused on open and never runs") {
  jz_test::TempDir dir;
  const auto path = dir / "t.db";
  { Database db = open_database(path, OpenMode::kCreate); }
  { SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE);
    raw.exec("CREATE TRIGGER evil AFTER INSERT ON work BEGIN DELETE FROM edition; END"); }
  CHECK_THROWS_WITH(open_database(path, OpenMode::kExisting), Catch::Contains("holds trigger evil"));
  Database inspected = open_database(path, OpenMode::kInspect);
  CHECK_THROWS(inspected.write([] {}));
  const auto results = jiaozhu::check_database(inspected);
  bool reported = false;
  for (const auto& r : results) reported = reported || (r.name == "schema" && !r.faults.empty());
  CHECK(reported);
}

TEST_CASE("a changed column definition is schema drift") {
  jz_test::TempDir dir;
  const auto path = dir / "c.db";
  { Database db = open_database(path, OpenMode::kCreate); }
  { SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA writable_schema = ON");
    raw.exec("UPDATE sqlite_schema SET sql = replace(sql, 'siglum       TEXT NOT NULL UNIQUE', 'siglum       TEXT UNIQUE') "
             "WHERE name = 'edition'");
  }
  CHECK_THROWS_WITH(open_database(path, OpenMode::kExisting), Catch::Contains("table edition is not as jiaozhu makes it"));
}

TEST_CASE("a read-only file opens for reading and refuses writes") {
  jz_test::TempDir dir;
  { Database db = open_database(dir / "r.db", OpenMode::kCreate); }
  std::filesystem::permissions(dir / "r.db", std::filesystem::perms::owner_read | std::filesystem::perms::group_read);
  Database db = open_database(dir / "r.db", OpenMode::kExisting);
  CHECK(db.read_only());
  CHECK(jiaozhu::EditionRepository(db).list().empty());
  CHECK_THROWS_WITH(db.write([] {}), Catch::Contains("read-only"));
}

TEST_CASE("a write that throws leaves nothing behind") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  CHECK_THROWS_AS(db.write([&] {
    db.sql().exec("INSERT INTO work (uuid, name, created_at) VALUES ('u', 'w', 'now')");
    throw jiaozhu::InputError("stop");
  }), jiaozhu::InputError);
  CHECK(db.sql().execAndGet("SELECT count(*) FROM work").getInt() == 0);
}

TEST_CASE("a v1 database keeps its data through every later migration, after a backup") {
  jz_test::TempDir dir;
  const auto path = dir / "v1.db";
  {
    // Build schema 1 as a v1 build of jiaozhu left it, with one edition.
    SQLite::Database v1(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    v1.exec("PRAGMA application_id = 0x4A5A4442");
    v1.exec(std::string(jiaozhu::detail::kMigrations.at(0).sql));
    v1.exec("PRAGMA user_version = 1");
    v1.exec("INSERT INTO work VALUES (1, 'w-uuid', 'songjin', '2026-01-01T00:00:00Z');"
            "INSERT INTO edition VALUES (1, 'e-uuid', 1, 'A', NULL, 'hant', printf('%064d', 0), '2026-01-01T00:00:00Z');"
            "INSERT INTO source_file VALUES (1, 1, 1, 'a.txt', printf('%064d', 0), 10, 'utf-8', 'text');"
            "INSERT INTO passage VALUES (1, 1, 1, '張若麟便與馬紹愉', NULL, NULL, NULL, 1, 1);");
  }
  Database db = open_database(path, OpenMode::kExisting);
  CHECK(db.schema_version() == jiaozhu::current_schema_version());
  {
    // The backup is the database as it was: schema 1, its passage.
    SQLite::Database backup((dir / "v1.db.bak-v1").string(), SQLite::OPEN_READONLY);
    CHECK(backup.execAndGet("PRAGMA user_version").getInt() == 1);
    CHECK(backup.execAndGet("SELECT text FROM passage").getString() == "張若麟便與馬紹愉");
    CHECK_FALSE(backup.tableExists("setting"));
  }
  CHECK(db.sql().execAndGet("SELECT text FROM passage WHERE seq = 1").getString() == "張若麟便與馬紹愉");
  // The search index added by migration 2 covers the old passages.
  CHECK(db.sql().execAndGet("SELECT count(*) FROM passage_fts WHERE passage_fts MATCH '\"张若麟\"'").getInt() == 1);
  // A second open finds nothing to do and writes no second backup.
  { Database again = open_database(path, OpenMode::kExisting); }
  CHECK_FALSE(std::filesystem::exists(dir / "v1.db.bak-v1.2"));
}

TEST_CASE("a cached statement is reused, reset after each use, and refuses a nested use") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "c.db", OpenMode::kCreate);
  static const char* const kSql = "SELECT ? + 1";
  for (int i = 0; i < 3; ++i) {
    auto q = db.cached(kSql);
    q->bind(1, i);
    REQUIRE(q->executeStep());
    CHECK(q->getColumn(0).getInt() == i + 1);
  }
  {
    auto q = db.cached(kSql);
    REQUIRE(q->executeStep());
    CHECK(q->getColumn(0).isNull());  // the last binding was cleared
    CHECK_THROWS_AS(db.cached(kSql), std::logic_error);
  }
  CHECK_NOTHROW(db.cached(kSql));  // free again once the handle is gone
}
