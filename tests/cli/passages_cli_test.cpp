// End-to-end: correcting a transcription through the built binary, as a
// scholar checking it against the book does: `passage set` with a reason,
// `passage edit` in $EDITOR, `passage log` (text and JSON), `passage
// restore`, a file that is not UTF-8, and two copies corrected apart.
#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>

#include "support.h"

namespace {

struct Corrected : jz_test::SongjinFile {
  Corrected() : jz_test::SongjinFile(jz_test::SongjinOptions{2, true, jz_test::kTestAuthor}) {}
  std::string text(const std::string& address, const std::string& db_path = "") const {
    const auto r = run({"show", address, "--json"}, db_path);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(r.out)["passages"][0]["text"];
  }
  // An $EDITOR: a shell script that runs `body` on the file named as its argument.
  std::string editor(const std::string& name, const std::string& body) const {
    const auto path = dir / name;
    jz_test::write_file(path, "#!/bin/sh\n" + body + "\n");
    ::chmod(path.c_str(), 0755);
    return path.string();
  }
};

// Sets an environment variable for the life of the scope.
struct ScopedEnv {
  ScopedEnv(const char* name, const std::string& value) : name_(name) { ::setenv(name, value.c_str(), 1); }
  ~ScopedEnv() { ::unsetenv(name_); }
  const char* name_;
};

}  // namespace

TEST_CASE("passage set, log and restore: each correction a revision with author, reason and what it changed") {
  Corrected s;
  const std::string imported = s.text("A:3");
  std::string fixed = imported;
  fixed.replace(fixed.find("張若麟"), std::string("張若麟").size(), "張着麟");
  const auto set = s.run({"passage", "set", "A:3", "--text", fixed, "--reason", "據原書卷三頁十二"});
  REQUIRE(set.status == 0);
  CHECK_THAT(set.out, Catch::StartsWith("corrected A:3 (revision "));
  CHECK_THAT(set.out, Catch::Contains("1 link collated again"));
  CHECK(s.text("A:3") == fixed);

  const auto again = s.run({"passage", "set", "A:3", "--text", fixed + " "});
  CHECK(again.status == 0);
  CHECK(again.out == "A:3 already reads so (white space aside); nothing was written\n");

  const auto log = s.run({"passage", "log", "A:3"});
  CHECK_THAT(log.out, Catch::Contains("A:3  2 revisions"));
  CHECK_THAT(log.out, Catch::Contains("(as imported)"));
  CHECK_THAT(log.out, Catch::Contains(jz_test::kTestAuthor + "  據原書卷三頁十二"));
  CHECK_THAT(log.out, Catch::Contains("    - …開始，張若麟便與馬…"));
  CHECK_THAT(log.out, Catch::Contains("    + …開始，張着麟便與馬…"));
  const auto doc = s.json({"passage", "log", "A:3"});
  REQUIRE(doc["revisions"].size() == 2);
  CHECK(doc["revisions"][0]["imported"] == true);
  CHECK(doc["revisions"][0]["text"] == imported);
  CHECK(doc["revisions"][1]["author"] == jz_test::kTestAuthor);
  CHECK(doc["revisions"][1]["reason"] == "據原書卷三頁十二");
  CHECK(doc["revisions"][1]["text"] == fixed);
  CHECK(doc["revisions"][1]["parents"][0] == doc["revisions"][0]["id"]);
  CHECK(doc["conflict"] == false);

  const std::string first = doc["revisions"][0]["id"];
  REQUIRE(s.run({"passage", "restore", "A:3", "--to", first.substr(0, 8)}).status == 0);
  CHECK(s.text("A:3") == imported);
  CHECK(s.json({"passage", "log", "A:3"})["revisions"].size() == 3);
  CHECK(s.run({"check"}).status == 0);
}

TEST_CASE("passage edit opens $EDITOR on the passage as git commit does, comments left out") {
  Corrected s;
  const std::string imported = s.text("A:3");
  {
    ScopedEnv editor("EDITOR", s.editor("fix.sh", "sed -i 's/張若麟/張着麟/' \"$1\""));
    ScopedEnv visual("VISUAL", "");
    const auto r = s.run({"passage", "edit", "A:3", "--reason", "據原書"});
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("corrected A:3"));
  }
  std::string fixed = imported;
  fixed.replace(fixed.find("張若麟"), std::string("張若麟").size(), "張着麟");
  CHECK(s.text("A:3") == fixed);  // not the "# ..." lines the file also held
  {
    ScopedEnv editor("EDITOR", s.editor("keep.sh", "true"));
    const auto r = s.run({"passage", "edit", "A:3"});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("nothing was written"));
  }
  {
    ScopedEnv editor("EDITOR", s.editor("empty.sh", ": > \"$1\""));
    const auto r = s.run({"passage", "edit", "A:3"});
    CHECK(r.status == 2);
    CHECK(r.err == "jiaozhu: the text is empty; nothing was written\n");
  }
  {
    ScopedEnv editor("EDITOR", s.editor("fail.sh", "exit 1"));
    const auto r = s.run({"passage", "edit", "A:3"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("failed; nothing was written"));
  }
  CHECK(s.json({"passage", "log", "A:3"})["revisions"].size() == 2);
}

TEST_CASE("passage set --file reads UTF-8 only and leaves the database as it was otherwise") {
  Corrected s;
  const std::string before = jz_test::file_sha256(s.db);
  jz_test::write_file(s.dir / "gb.txt", jz_test::encode("張着麟便與馬紹愉", "GB18030"));
  const auto r = s.run({"passage", "set", "A:3", "--file", (s.dir / "gb.txt").string()});
  CHECK(r.status == 4);
  CHECK_THAT(r.err, Catch::Contains("gb.txt: not valid UTF-8 at byte 0 (a passage is read as UTF-8)"));
  CHECK(jz_test::file_sha256(s.db) == before);
  jz_test::write_file(s.dir / "ok.txt", "張着麟便與馬紹愉\n");
  REQUIRE(s.run({"passage", "set", "A:3", "--file", (s.dir / "ok.txt").string()}).status == 0);
  CHECK(s.text("A:3") == "張着麟便與馬紹愉");  // the file's last line break is not text
}

TEST_CASE("two copies correcting one passage differently: merge exits 1, conflicts lists it, a new correction settles it") {
  Corrected s;
  const std::string other = s.copy("other.db");
  const std::string a5 = s.text("A:5");
  REQUIRE(s.run({"passage", "set", "A:5", "--text", a5 + "甲"}).status == 0);
  REQUIRE(s.run({"passage", "set", "A:5", "--text", a5 + "乙", "--author", "Yi <y@x>"}, other).status == 0);
  const auto merged = s.run({"merge", other});
  CHECK(merged.status == 1);
  CHECK_THAT(merged.out, Catch::Contains("1 passages now show the other copy's corrections"));
  const auto listed = s.run({"conflicts"});
  CHECK_THAT(listed.out, Catch::Contains("passage A:5 was corrected differently in two copies"));
  CHECK_THAT(listed.out, Catch::Contains("settle it: jiaozhu passage set A:5"));
  CHECK(s.json({"conflicts"})["passages"][0]["heads"].size() == 2);
  CHECK(s.json({"passage", "log", "A:5"})["conflict"] == true);
  REQUIRE(s.run({"passage", "set", "A:5", "--text", a5 + "甲乙", "--reason", "合校"}).status == 0);
  CHECK(s.run({"conflicts"}).out == "no conflicts\n");
  CHECK(s.run({"merge", s.db}, other).status == 0);
  CHECK(s.text("A:5", other) == a5 + "甲乙");
  CHECK(s.run({"check"}, other).status == 0);
}
