// Untrusted input at every boundary, through the built binary: arguments
// from a terminal that is not UTF-8, a received .db that carries code or
// breaks jiaozhu's invariants, hostile note files, stored text that would
// drive the terminal, and the files jiaozhu writes for others.
#include <SQLiteCpp/Database.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <catch2/catch.hpp>
#include <set>
#include <algorithm>
#include <cstdlib>
#include <regex>

#include "db/migration_list.h"
#include "fts/fts5_tokenizer.h"
#include "support.h"

using jz_test::run_jiaozhu;

namespace {


struct Fixture {
  jz_test::TempDir dir;
  std::string db = (dir / "t.db").string();

  Fixture() {
    ::unsetenv("JIAOZHU_AUTHOR");
    ::setenv("JIAOZHU_CONFIG", (dir / "config.json").c_str(), 1);
    REQUIRE(run({"init"}).status == 0);
    REQUIRE(run({"import", jz_test::corpus("songjin/hant.txt"), "--work", "songjin", "--siglum", "A"}).status == 0);
    REQUIRE(run({"import", jz_test::corpus("songjin/hans.txt"), "--work", "songjin", "--siglum", "B"}).status == 0);
    REQUIRE(run({"note", "add", "B:20", "--text", "底稿", "--author", jz_test::kTestAuthor}).status == 0);
  }
  jz_test::RunResult run(std::vector<std::string> args, const std::string& path = "") const {
    args.insert(args.begin(), {"--db", path.empty() ? db : path});
    return run_jiaozhu(args);
  }
  // `args` fails with `status` and a one-line message holding `message`,
  // and `path` (default: the fixture's database) is byte for byte as it was.
  void refused(const std::vector<std::string>& args, int status, const std::string& message,
               const std::string& path = "") const {
    const std::string file = path.empty() ? db : path;
    const std::string before = jz_test::file_sha256(file);
    const auto r = run(args, file);
    CHECK(r.status == status);
    CHECK_THAT(r.err, Catch::StartsWith("jiaozhu: ") && Catch::Contains(message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(jz_test::file_sha256(file) == before);
  }
  std::string copy(const std::string& name) const {
    const auto to = dir / name;
    std::filesystem::copy_file(db, to);
    return to.string();
  }
  std::string note_id() const {
    const auto r = run({"notes", "--json"});
    return nlohmann::json::parse(r.out)["notes"][0]["id"].get<std::string>();
  }
};

void sql(const std::string& path, const std::string& statements) {
  SQLite::Database(path, SQLite::OPEN_READWRITE).exec(statements);
}

std::string gb18030(const std::string& utf8) { return jz_test::encode(utf8, "gb18030"); }

}  // namespace

TEST_CASE("arguments that are not UTF-8 are refused before anything is stored") {
  Fixture f;
  const std::string gb = gb18030("着当作若");
  f.refused({"note", "add", "B:17", "--text", gb, "--author", jz_test::kTestAuthor}, 2, "is not valid UTF-8");
  f.refused({"note", "add", "B:17", "--text", "x", "--tag", gb, "--author", jz_test::kTestAuthor}, 2, "GB18030");
  f.refused({"import", jz_test::corpus("songjin/hant.txt"), "--work", gb, "--siglum", "G"}, 2, "not valid UTF-8");
  f.refused({"import", jz_test::corpus("songjin/hant.txt"), "--work", "w", "--siglum", "G", "--title", gb}, 2,
            "not valid UTF-8");
  f.refused({"character", "add", gb}, 2, "not valid UTF-8");
  ::setenv("JIAOZHU_AUTHOR", (gb + " <g@x>").c_str(), 1);
  f.refused({"note", "add", "B:17", "--text", "x"}, 2, "$JIAOZHU_AUTHOR is not valid UTF-8");
  ::unsetenv("JIAOZHU_AUTHOR");
}

TEST_CASE("control characters in an argument are refused where the field has no place for them") {
  Fixture f;
  f.refused({"note", "add", "B:17", "--text", "注\x1b]0;owned\x07", "--author", jz_test::kTestAuthor}, 2,
            "the note's text holds the control character U+001B");
  f.refused({"note", "add", "B:17", "--text", "x", "--tag", "a\nb", "--author", jz_test::kTestAuthor}, 2, "the tag holds");
  f.refused({"note", "add", "B:17", "--text", "x", "--author", "Evil\x1b[31m"}, 2, "--author holds the control character");
  f.refused({"character", "add", "張\x1b[2J"}, 2, "holds the control character");
  // A line break is part of a note's text.
  CHECK(f.run({"note", "add", "B:17", "--text", "一行\n二行", "--author", jz_test::kTestAuthor}).status == 0);
}

TEST_CASE("a file whose name is not UTF-8 is still read: the file system chose those bytes") {
  Fixture f;
  const auto odd = f.dir / gb18030("松錦.txt");
  jz_test::write_file(odd, "此本之首。\n" + jz_test::read_file(jz_test::corpus("songjin/hant.txt")));
  const auto r = f.run({"import", odd.string(), "--work", "songjin2", "--siglum", "G"});
  CHECK(r.status == 0);
}

TEST_CASE("a received file with a trigger of its own is refused by every command, check reports it") {
  Fixture f;
  const std::string evil = f.copy("evil.db");
  sql(evil, "CREATE TRIGGER evil_t AFTER INSERT ON note_revision BEGIN DELETE FROM passage; END;");
  f.refused({"note", "add", "A:1", "--text", "試", "--author", jz_test::kTestAuthor}, 5, "holds trigger evil_t", evil);
  f.refused({"stats"}, 5, "holds trigger evil_t", evil);
  f.refused({"merge", evil}, 5, "holds trigger evil_t");
  const std::string before = jz_test::file_sha256(evil);
  const auto r = f.run({"check"}, evil);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("FAULT schema") && Catch::Contains("trigger evil_t"));
  CHECK(jz_test::file_sha256(evil) == before);
}

TEST_CASE("a view, an extra index or a changed column is refused on open") {
  Fixture f;
  const std::string view = f.copy("view.db");
  sql(view, "CREATE VIEW v AS SELECT * FROM passage");
  f.refused({"editions"}, 5, "holds view v", view);
  const std::string index = f.copy("index.db");
  sql(index, "CREATE INDEX extra ON passage(text)");
  f.refused({"editions"}, 5, "holds index extra", index);
}

TEST_CASE("import-notes refuses hostile W3C files cleanly and changes nothing") {
  Fixture f;
  const auto exported = f.run({"export", "notes", "--format", "w3c"});
  REQUIRE(exported.status == 0);
  const auto doc = nlohmann::json::parse(exported.out);
  const nlohmann::json a = doc["first"]["items"][0];
  auto write = [&](const std::string& name, const std::string& text) {
    jz_test::write_file(f.dir / name, text);
    return (f.dir / name).string();
  };

  SECTION("the same annotation twice under two ids") {
    nlohmann::json twin = a;
    twin["id"] = "urn:uuid:0f0e0d0c-0b0a-4908-8706-050403020100";
    f.refused({"import-notes", write("twin.json", nlohmann::json::array({a, twin}).dump())}, 4,
              "is stored here as a revision of note");
    CHECK(f.run({"check"}).status == 0);
    CHECK(f.run({"export", "notes", "--format", "w3c"}).status == 0);
  }
  SECTION("selectors nested 100,000 deep") {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += R"({"type":"RangeSelector","refinedBy":)";
    deep += R"({"type":"TextQuoteSelector","exact":"x"})" + std::string(100000, '}');
    f.refused({"import-notes", write("deep.json", R"([{"type":"Annotation","id":"urn:uuid:11111111-2222-4333-8444-555555555555","body":"x","target":{"source":"s","selector":)" + deep + "}}]")},
              4, "nests objects deeper than 32 levels");
  }
  SECTION("fields of the wrong JSON type") {
    for (const auto& [field, value] : std::vector<std::pair<std::string, nlohmann::json>>{
             {"created", 5}, {"modified", nlohmann::json::array({1})}, {"jz:deleted", "yes"}}) {
      nlohmann::json bad = a;
      bad[field] = value;
      bad["id"] = "urn:uuid:22222222-3333-4444-8555-666666666666";
      f.refused({"import-notes", write("type.json", nlohmann::json::array({bad}).dump())}, 4, "annotation 1");
    }
  }
  SECTION("a revision whose id is stored here with other text") {
    nlohmann::json changed = a;
    changed["jz:revisions"][0]["jz:body"] = "偷改";
    f.refused({"import-notes", write("changed.json", nlohmann::json::array({changed}).dump())}, 4,
              "is stored here with other content");
  }
  SECTION("a revision list that repeats an id or names a parent it lacks") {
    nlohmann::json twice = a;
    twice["id"] = "urn:uuid:33333333-3333-4444-8555-666666666666";
    twice["jz:revisions"].push_back(twice["jz:revisions"][0]);
    f.refused({"import-notes", write("twice.json", nlohmann::json::array({twice}).dump())}, 4, "twice");
  }
}

TEST_CASE("a note imported with an upper-case uuid is stored in lower case and reachable by either") {
  Fixture f;
  const auto doc = nlohmann::json::parse(f.run({"export", "notes", "--format", "w3c"}).out);
  nlohmann::json up = doc["first"]["items"][0];
  up["id"] = "urn:uuid:ABCDEF01-2345-4678-89AB-CDEF01234567";
  for (auto& r : up["jz:revisions"]) r["id"] = "urn:uuid:ABCDEF01-2345-4678-89AB-CDEF0123456" + std::string("8");
  jz_test::write_file(f.dir / "up.json", nlohmann::json::array({up}).dump());
  REQUIRE(f.run({"import-notes", (f.dir / "up.json").string()}).status == 0);
  CHECK(f.run({"note", "show", "abcdef01"}).status == 0);
  CHECK(f.run({"note", "show", "ABCDEF01"}).status == 0);
  CHECK(f.run({"check"}).status == 0);
}

TEST_CASE("merge refuses a copy whose rows break jiaozhu's invariants, leaving this file as it was") {
  Fixture f;
  REQUIRE(f.run({"align", "A", "B"}).status == 0);
  auto other = [&](const std::string& name) {
    const std::string o = (f.dir / name).string();
    REQUIRE(f.run({"init"}, o).status == 0);
    jz_test::write_file(f.dir / "c.txt", "補遺：此本獨有之文一則。\n" + jz_test::read_file(jz_test::corpus("songjin/hant.txt")));
    REQUIRE(f.run({"import", (f.dir / "c.txt").string(), "--work", "other", "--siglum", "C"}, o).status == 0);
    return o;
  };
  const char* of_c = "(SELECT id FROM edition WHERE siglum = 'C')";

  SECTION("an edition with no passages") {
    const std::string o = other("empty.db");
    sql(o, std::string("DELETE FROM passage WHERE edition_id = ") + of_c);
    f.refused({"merge", o}, 5, "an edition has no passages");
  }
  SECTION("an edition whose passages skip a number") {
    const std::string o = other("gap.db");
    sql(o, std::string("UPDATE passage SET seq = seq + 100000 WHERE edition_id = ") + of_c + " AND seq >= 16;" +
               "UPDATE passage SET seq = seq - 99999 WHERE edition_id = " + of_c + " AND seq > 100000;");
    f.refused({"merge", o}, 5, "not numbered 1 to N: number 16 is missing");
  }
  SECTION("a passage holding NUL or ESC, or longer than import allows") {
    const std::string o = other("control.db");
    sql(o, std::string("UPDATE passage SET text = text || char(27) || '[2J' WHERE seq = 2 AND edition_id = ") + of_c);
    f.refused({"merge", o}, 5, "a passage's text holds the control character U+001B");
    const std::string big = other("big.db");
    sql(big, std::string("UPDATE passage SET text = replace(hex(zeroblob(10500000)), '0', '字') WHERE seq = 2 AND edition_id = ") + of_c);
    f.refused({"merge", big}, 5, "a passage's text is longer than 1000000 characters");
  }
  SECTION("a note revision whose uuid is ours but whose text differs") {
    const std::string clash = f.copy("clash.db");
    REQUIRE(f.run({"note", "edit", f.note_id(), "--text", "其後之改", "--author", jz_test::kTestAuthor}, clash).status == 0);
    sql(clash, "UPDATE note_revision SET body = '偷改' WHERE body = '底稿'");
    f.refused({"merge", clash}, 5, "differs from the revision with that id here");
  }
  SECTION("a note without any revision") {
    const std::string bare = f.copy("bare.db");
    sql(bare, "INSERT INTO note (uuid, target, edition_id, passage_seq, created_at) VALUES "
              "('0f0e0d0c-0b0a-4908-8706-050403020100', 'passage', (SELECT id FROM edition WHERE siglum = 'B'), 3, "
              "'2026-12-03T14:53:39.123Z')");
    f.refused({"merge", bare}, 5, "a note has no revision");
  }
  SECTION("ids and times that are not what jiaozhu writes") {
    const std::string esc = f.copy("esc.db");
    sql(esc, "UPDATE note SET uuid = 'ab' || char(27) || ']0;OWNED' || char(7) || 'cd'");
    const auto r = f.run({"merge", esc});
    CHECK(r.status == 5);
    CHECK(r.err.find('\x1b') == std::string::npos);
    CHECK_THAT(r.err, Catch::Contains("an id is not a lower-case uuid"));
  }
}

TEST_CASE("stored text never reaches the terminal raw: controls and bidi overrides are shown escaped") {
  Fixture f;
  // As a collaborator's tool might have written it, directly into the file.
  sql(f.db, "UPDATE note_revision SET body = '注' || char(27) || ']0;OWNED' || char(7) || char(27) || '[2J' || "
            "char(8238) || '反' WHERE body = '底稿'; "
            "UPDATE note_revision SET author = 'Evil' || char(27) || '[31m <e@x>'");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"notes"}, {"notes", "B:20"}, {"show", "B:20"}, {"notes", "--json"}, {"note", "show", f.note_id()},
           {"export", "notes", "--format", "csv"}}) {
    std::vector<std::string> full{"--db", f.db};
    full.insert(full.end(), args.begin(), args.end());
    const auto r = jz_test::run_jiaozhu_on_terminal(full);
    INFO(args[0]);
    CHECK(r.status == 0);
    CHECK(r.out.find('\x1b') == std::string::npos);
    CHECK(r.out.find("\xe2\x80\xae") == std::string::npos);  // U+202E
  }
  const auto shown = f.run({"notes", "B:20"});
  CHECK_THAT(shown.out, Catch::Contains("\\x1b]0;OWNED\\x07") && Catch::Contains("\\u202e"));
}

TEST_CASE("a data format on a pipe is the stored text byte for byte, and on a terminal it is escaped") {
  Fixture f;
  sql(f.db, "UPDATE note_revision SET body = '注' || char(13) || char(10) || '反' || char(8238) || '文' WHERE body = '底稿'");
  const std::string stored = "注\r\n反\u202e文";
  const auto piped = f.run({"export", "notes", "--format", "csv"});
  REQUIRE(piped.status == 0);
  CHECK_THAT(piped.out, Catch::Contains(stored));
  CHECK_THAT(piped.out, !Catch::Contains("\\x0d") && !Catch::Contains("\\u202e"));
  const auto shown = jz_test::run_jiaozhu_on_terminal({"--db", f.db, "export", "notes", "--format", "csv"});
  CHECK_THAT(shown.out, Catch::Contains("\\u202e") && !Catch::Contains(stored));
}

TEST_CASE("output that cannot be written is an error, not a success") {
  Fixture f;
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"export", "notes"}, {"show", "A"}, {"editions"}, {"notes", "--json"}, {"apparatus", "A", "B", "--format", "tei"}}) {
    std::vector<std::string> full{"--db", f.db};
    full.insert(full.end(), args.begin(), args.end());
    const auto r = jz_test::run_jiaozhu_writing_to(full, "/dev/full");
    INFO(args[0]);
    CHECK(r.status == 4);
    CHECK_THAT(r.err, Catch::Contains("cannot write to standard output: No space left on device"));
  }
}

TEST_CASE("four processes opening an older file at once: all succeed and one backup is written") {
  jz_test::TempDir dir;
  const auto path = dir / "old.db";
  {
    SQLite::Database old(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    old.exec("PRAGMA application_id = 0x4A5A4442");
    jiaozhu::detail::register_fts5_tokenizer(old.getHandle());
    for (const auto& m : jiaozhu::detail::kMigrations) {
      if (m.version > 5) break;
      old.exec(std::string(m.sql));
      old.exec("PRAGMA user_version = " + std::to_string(m.version));
    }
  }
  std::vector<std::unique_ptr<jz_test::RunningJiaozhu>> running;
  for (int i = 0; i < 4; ++i) {
    running.push_back(std::make_unique<jz_test::RunningJiaozhu>(std::vector<std::string>{"--db", path.string(), "stats"}));
  }
  for (auto& r : running) {
    const auto result = r->finish();
    INFO(result.err);
    CHECK(result.status == 0);
    CHECK(result.err.empty());
  }
  int backups = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    const std::string name = entry.path().filename().string();
    backups += name.rfind("old.db.bak-v5", 0) == 0 ? 1 : 0;
    CHECK(name.find(".tmp-") == std::string::npos);
  }
  CHECK(backups == 1);
}

TEST_CASE("snapshots and sync replicas are written whole and carry no local path") {
  Fixture f;
  const auto snap = f.dir / "snap.db";
  REQUIRE(f.run({"snapshot", snap.string()}).status == 0);
  f.refused({"snapshot", snap.string()}, 6, "exists already");
  std::filesystem::create_directories(f.dir / "sync");
  REQUIRE(f.run({"sync", (f.dir / "sync").string()}).status == 0);
  int replicas = 0;
  const std::string local = std::filesystem::absolute(f.dir.path()).string();
  for (const auto& entry : std::filesystem::directory_iterator(f.dir / "sync")) {
    ++replicas;
    CHECK(entry.path().extension() == ".db");
    CHECK(jz_test::read_file(entry.path()).find(local) == std::string::npos);
  }
  CHECK(replicas == 1);
  for (const auto& entry : std::filesystem::directory_iterator(f.dir.path())) {
    CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
  }
  // The replica keeps its id from one sync to the next.
  REQUIRE(f.run({"sync", (f.dir / "sync").string()}).status == 0);
  CHECK(std::distance(std::filesystem::directory_iterator(f.dir / "sync"), std::filesystem::directory_iterator()) == 1);
}

TEST_CASE("the temporaries a killed sync or snapshot left are removed by the next, those of a running writer kept") {
  Fixture f;
  std::filesystem::create_directories(f.dir / "sync");
  REQUIRE(f.run({"sync", (f.dir / "sync").string()}).status == 0);
  const std::string replica = std::filesystem::directory_iterator(f.dir / "sync")->path().filename().string();
  // Above the kernel's largest process id: no process runs with it.
  const std::string dead = ".tmp-4194305-0badf00d", alive = ".tmp-" + std::to_string(::getpid()) + "-1234abcd";
  for (const std::string& leftover : {"." + replica + dead, "." + replica + dead + "-journal", "." + replica + alive,
                                      ".other.db" + dead}) {
    jz_test::write_file(f.dir / "sync" / leftover, "half a file");
  }
  jz_test::write_file(f.dir / ("." + std::string("snap.db") + dead), "half a snapshot");
  REQUIRE(f.run({"sync", (f.dir / "sync").string()}).status == 0);
  REQUIRE(f.run({"snapshot", (f.dir / "snap.db").string()}).status == 0);
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(f.dir / "sync")) names.insert(entry.path().filename().string());
  // Another replica's temporary is its writer's to remove: that writer may run on another machine.
  CHECK(names == std::set<std::string>{replica, "." + replica + alive, ".other.db" + dead});
  CHECK_FALSE(std::filesystem::exists(f.dir / ".snap.db.tmp-4194305-0badf00d"));
}

TEST_CASE("reindex rebuilds a search index whose every block is garbage, and check is clean after") {
  Fixture f;
  sql(f.db, "UPDATE passage_fts_data SET block = randomblob(40); UPDATE note_fts_data SET block = randomblob(40)");
  const auto damaged = f.run({"check"});
  CHECK(damaged.status == 1);
  CHECK_THAT(damaged.out, Catch::Contains("FAULT search index") && Catch::Contains("FAULT notes") &&
                              Catch::Contains("run `jiaozhu reindex`"));
  REQUIRE(f.run({"reindex"}).status == 0);
  CHECK(f.run({"check"}).status == 0);
  CHECK_THAT(f.run({"search", "張若麟"}).out, Catch::Contains("A:2") && Catch::Contains("B:"));
  CHECK_THAT(f.run({"note", "search", "底稿"}).out, Catch::Contains("B:20"));
}
