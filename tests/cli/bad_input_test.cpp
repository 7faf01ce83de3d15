// Bad input: each gets one clear line on stderr, a documented exit status,
// and leaves the database byte for byte as it was.
#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>

#include "jiaozhu/database.h"
#include "jiaozhu/field.h"
#include "support.h"

using jz_test::run_jiaozhu;

namespace {

struct Db : jz_test::SongjinFile {
  const std::string& path = db;
  Db() : SongjinFile(jz_test::SongjinOptions{1, false, {}}) {}
  // Runs `args` against the database; checks status, message and that the file is unchanged.
  void refused(std::vector<std::string> args, int status, const std::string& message) {
    const std::string before = jz_test::file_sha256(path);
    args.insert(args.begin(), {"--db", path});
    const auto r = run_jiaozhu(args);
    CHECK(r.status == status);
    CHECK_THAT(r.err, Catch::StartsWith("jiaozhu: ") && Catch::Contains(message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(jz_test::file_sha256(path) == before);
  }
  std::vector<std::string> import(const std::filesystem::path& file) {
    return {"import", file.string(), "--work", "songjin", "--siglum", "C"};
  }
};

}  // namespace

TEST_CASE("invalid UTF-8 names file, line and byte") {
  Db db;
  jz_test::write_file(db.dir / "bad.txt", "好的\n\xff\xfe\xfa bad\n");
  auto args = db.import(db.dir / "bad.txt");
  args.insert(args.end(), {"--encoding", "utf-8"});
  db.refused(args, 4, "bad.txt: line 2, byte 7: not valid UTF-8");
}

TEST_CASE("an empty file, a blank file and a binary file are refused") {
  Db db;
  jz_test::write_file(db.dir / "empty.txt", "");
  db.refused(db.import(db.dir / "empty.txt"), 4, "is empty");
  jz_test::write_file(db.dir / "blank.txt", "\n\n   \n");
  db.refused(db.import(db.dir / "blank.txt"), 4, "no text");
  db.refused(db.import(JZ_BINARY), 4, "not");
  db.refused(db.import(db.dir.path()), 4, "is a directory");
  db.refused(db.import(db.dir / "absent.txt"), 4, "absent.txt");
}

TEST_CASE("a 100 MB single line is refused with the limit named") {
  Db db;
  {
    std::ofstream out(db.dir / "huge.txt", std::ios::binary);
    const std::string chunk = std::string(1 << 20, 'x');
    for (int i = 0; i < 100; ++i) out << chunk;
  }
  db.refused(db.import(db.dir / "huge.txt"), 4, "a passage holds at most 1000000");
}

TEST_CASE("unknown sigla and passages are not found") {
  Db db;
  db.refused({"show", "ZZ:1"}, 3, "no edition 'ZZ' (editions: A)");
  db.refused({"show", "A:25"}, 3, "no passage A:25: edition A has 24 passages");
  db.refused({"show", "A:x"}, 2, "not a passage address");
}

TEST_CASE("unknown commands and options are usage errors with a hint") {
  Db db;
  db.refused({"shwo", "A"}, 2, "unknown command 'shwo' (did you mean `show`?)");
  db.refused({"show", "A", "--jsno"}, 2, "--jsno");
  db.refused({"import", "x.txt", "--siglum", "C"}, 2, "--work");
}

TEST_CASE("databases that cannot be used are refused untouched") {
  Db db;
  SECTION("missing") {
    const auto r = run_jiaozhu({"--db", (db.dir / "none.db").string(), "editions"});
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("jiaozhu init"));
    CHECK_FALSE(std::filesystem::exists(db.dir / "none.db"));
  }
  SECTION("truncated") {
    const std::string bytes = jz_test::read_file(db.path);
    jz_test::write_file(db.path, bytes.substr(0, bytes.size() / 2));
    db.refused({"editions"}, 5, "truncated");
  }
  SECTION("foreign") {
    jz_test::write_file(db.path, std::string(4096, 'j'));
    db.refused({"editions"}, 5, "not a SQLite database");
  }
  SECTION("newer") {
    { SQLite::Database raw(db.path, SQLite::OPEN_READWRITE); raw.exec("PRAGMA user_version = 999"); }
    db.refused({"editions"}, 5, "made by a newer jiaozhu: schema 999, this build knows " +
                                    std::to_string(jiaozhu::current_schema_version()));
  }
  SECTION("read-only: reading works, writing is refused") {
    std::filesystem::permissions(db.path, std::filesystem::perms::owner_read);
    CHECK(run_jiaozhu({"--db", db.path, "show", "A:1"}).status == 0);
    db.refused({"import", jz_test::corpus("songjin/hans.txt"), "--work", "songjin", "--siglum", "B"}, 5, "read-only");
  }
}

TEST_CASE("a conflicting siglum is refused") {
  Db db;
  db.refused({"import", jz_test::corpus("songjin/hans.txt"), "--work", "songjin", "--siglum", "A"}, 6,
             "siglum A already names another text of work 'songjin'; choose another --siglum, or give --replace");
}

TEST_CASE("every text an argument gives is held to the field rule of its meaning, as serve holds it") {
  using jiaozhu::Field;
  Db db;
  const struct {
    std::vector<std::string> args;  // "?" stands where the value goes
    Field field;
  } inputs[] = {
      {{"fold", "add", "?", "寧"}, Field::kFoldForm},
      {{"fold", "add", "甯", "寧", "--source", "?"}, Field::kSource},
      {{"fold", "add", "甯", "寧", "--note", "?"}, Field::kDecisionNote},
      {{"fold", "dismiss", "甯", "?"}, Field::kFoldForm},
      {{"edition", "set", "A", "--dynasty", "?"}, Field::kDynasty},
      {{"import", jz_test::corpus("songjin/hans.txt").string(), "--work", "w", "--siglum", "C", "--dynasty", "?"}, Field::kDynasty},
      {{"character", "add", "?"}, Field::kPersonName},
      {{"character", "add", "皇太极", "--note", "?"}, Field::kPersonNote},
      {{"note", "add", "A:1", "--text", "t", "--tag", "?"}, Field::kTag},
  };
  // (A note's text, a million characters, is beyond what one argument may
  // carry, 128 KiB: its rule is tested through the API.)
  for (const auto& in : inputs) {
    const std::size_t limit = jiaozhu::field_limit(in.field);
    std::vector<std::string> args = in.args;
    *std::find(args.begin(), args.end(), "?") = std::string(limit + 1, 'x');
    INFO(args.front() << " " << args[1] << " (" << jiaozhu::field_name(in.field) << ")");
    args.insert(args.end(), {"--author", jz_test::kTestAuthor});
    db.refused(args, 2, std::to_string(limit) + " characters");
  }
}
