// docs/errors.md, driven from the CLI: each entry below provokes one
// documented error and requires its exit status, one line on stderr holding
// the documented words, and the database byte for byte as before. The words
// must also appear in docs/errors.md, so the catalogue cannot drift from
// what jiaozhu says.
#include <SQLiteCpp/Database.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support.h"

using jz_test::run_jiaozhu;

namespace {

struct Entry {
  std::vector<std::string> args;  // after --db DB, unless they start with --db
  int status;
  std::string words;  // in stderr and in docs/errors.md
};

std::string errors_md() { return jz_test::read_file(std::filesystem::path(JZ_SOURCE_DIR) / "docs/errors.md"); }

struct Catalogue {
  jz_test::TempDir dir;
  std::string db = (dir / "c.db").string();
  std::string note;

  Catalogue() {
    ::setenv("JIAOZHU_CONFIG", (dir / "config.json").c_str(), 1);
    ::unsetenv("JIAOZHU_AUTHOR");
    REQUIRE(run({"init"}).status == 0);
    REQUIRE(run({"import", jz_test::corpus("songjin/hant.txt"), "--work", "songjin", "--siglum", "A"}).status == 0);
    REQUIRE(run({"import", jz_test::corpus("songjin/hans.txt"), "--work", "songjin", "--siglum", "B"}).status == 0);
    REQUIRE(run({"align", "A", "B"}).status == 0);
    const auto added = run({"note", "add", "B:17", "--quote", "张着麟", "--text", "着 当作 若", "--author", "T", "--json"});
    REQUIRE(added.status == 0);
    note = nlohmann::json::parse(added.out)["id"].get<std::string>().substr(0, 8);
    make_files();
  }

  jz_test::RunResult run(std::vector<std::string> args) const {
    if (args.empty() || args.front() != "--db") args.insert(args.begin(), {"--db", db});
    return run_jiaozhu(args);
  }

  std::string file(const std::string& name) const { return (dir / name).string(); }

  void make_files() const {
    jz_test::write_file(dir / "bad-utf8.txt", "好的\n\xff\xfe\xfa\n");
    jz_test::write_file(dir / "empty.txt", "");
    jz_test::write_file(dir / "blank.txt", "\n  \n\n");
    jz_test::write_file(dir / "bad.json", "{\"title\": \"x\",\n  \"paragraphs\": [\"好\"\n");
    jz_test::write_file(dir / "bad.jsonld", "{ not json");
    jz_test::write_file(dir / "text.db", "this is a text file, long enough to be read as a header of a database.\n"
                                         "this is a text file, long enough to be read as a header of a database.\n");
    std::filesystem::create_directories(dir / "folder");
    {
      SQLite::Database other(file("other-app.db"), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
      other.exec("CREATE TABLE t (x)");
    }
    REQUIRE(run({"--db", file("newer.db"), "init"}).status == 0);
    {
      SQLite::Database newer(file("newer.db"), SQLite::OPEN_READWRITE);
      newer.exec("PRAGMA user_version = 99");
    }
    std::filesystem::copy_file(db, file("truncated.db"));
    std::filesystem::resize_file(file("truncated.db"), std::filesystem::file_size(db) / 2);
    std::filesystem::copy_file(db, file("readonly.db"));
    ::chmod(file("readonly.db").c_str(), 0444);
    std::filesystem::copy_file(db, file("trigger.db"));
    {
      SQLite::Database planted(file("trigger.db"), SQLite::OPEN_READWRITE);
      planted.exec("CREATE TRIGGER t AFTER INSERT ON work BEGIN DELETE FROM passage; END");
    }
    jz_test::write_file(dir / "deep.jsonld", "[" + std::string(40, '[') + std::string(40, ']') + "]");
  }

  std::vector<Entry> entries() const {
    const std::string hans = jz_test::corpus("songjin/hans.txt");
    const std::vector<std::string> author{"--author", "T"};
    auto with_author = [&](std::vector<std::string> a) {
      a.insert(a.end(), author.begin(), author.end());
      return a;
    };
    return {
        // 2: usage
        {{"shwo"}, 2, "(did you mean `show`?); see `jiaozhu --help`"},
        {{"editions", "--jsno"}, 2, "unknown option '--jsno' (did you mean `--json`?)"},
        {{"import", jz_test::corpus("songjin/hans.txt"), "--siglum", "C"}, 2, "--work is required"},
        {{"show", "A:x"}, 2, "is not a passage address (write S, S:N or S:N-M, N from 1)"},
        {{"show", "A:7-3"}, 2, "is a reversed range"},
        {{"import", hans, "--work", "w", "--siglum", "1A"}, 2,
         "is not a valid siglum (a letter, then letters, digits, _ or -; at most 32)"},
        {{"import", hans, "--work", "songjin", "--siglum", "C", "--encoding", "latin1"}, 2,
         "--encoding: latin1 not in {auto,utf-8,utf8,gb18030,big5,utf-16,utf16}"},
        {{"search", "\"张若"}, 2, "is not closed"},
        {{"search", "(张若"}, 2, "a '(' is not closed"},
        {{"search", "NOT 张若"}, 2, "NOT needs a term before it (write: a NOT b)"},
        {{"search", "，。"}, 2, "the query has no characters to search for (punctuation and spaces are not searched)"},
        {{"search", "张*"}, 2, "a * prefix goes after a Latin word only"},
        {{"search", std::string(1001, 'a')}, 2, "the query is longer than 1000 characters"},
        {{"search", std::string(9, '(') + "张" + std::string(9, ')')}, 2, "the query nests parentheses more than 8 deep"},
        {{"fold", "add", "邉邉", "邊"}, 2, "the form '邉邉' is not one Han character (a rule folds one character into another)"},
        {{"fold", "add", "邊", "邊"}, 2, "'邊' is its own standard form: no rule needed"},
        {{"fold", "rm", "邉", "邊"}, 3, "there is no fold rule 邉 → 邊 (see `jiaozhu fold list`)"},
        {{"passage", "set", "A:2-3", "--text", "x", "--author", "T <t@x>"}, 2,
         "'A:2-3' names more than one passage; a correction is of one passage (S:N)"},
        {{"passage", "set", "A:2", "--author", "T <t@x>"}, 2, "give the new text: --text T, --file F, or `jiaozhu passage edit A:2`"},
        {{"passage", "set", "A:2", "--text", " ", "--author", "T <t@x>"}, 2, "the text is empty: a passage holds at least one character"},
        {{"passage", "restore", "A:2", "--to", "77aa", "--author", "T <t@x>"}, 3,
         "passage A:2 has no revision 77aa; `jiaozhu passage log A:2` lists them"},
        {{"passage", "set", "A:2", "--file", "fixed.txt", "--author", "T <t@x>"}, 4, "fixed.txt: cannot be read"},
        {{"passage", "set", "A:2", "--text", "x"}, 2, "who is writing? give --author \"Name <mail>\", set $JIAOZHU_AUTHOR"},
        {{"fold", "import", "rules.tsv"}, 4, "rules.tsv: cannot be read (is the name right?)"},
        {{"variants", "A", "B", "--class", "x"}, 2,
         "unknown variant class 'x' (use script, conversion, glyph, placeholder, punct, pinyin, break, editorial, substantive)"},
        {{"note", "add", "B:17", "--text", "x"}, 2, "who is writing? give --author \"Name <mail>\", set $JIAOZHU_AUTHOR"},
        {with_author({"note", "add", "B:17"}), 2, "a note needs --text or at least one --tag"},
        {with_author({"note", "add", "B", "--text", "x"}), 2, "a note is on one passage: give S:N, not 'B'"},
        {with_author({"note", "add", "B:17", "--quote", "张", "--start", "0", "--end", "1", "--text", "x"}), 2,
         "give --quote or --start/--end, not both"},
        {with_author({"note", "add", "B:17", "--start", "5", "--end", "2", "--text", "x"}), 2,
         "--start and --end must satisfy 0 <= start < end <="},
        {with_author({"note", "add", "B:17", "--text", "x", "--motivation", "x"}), 2,
         "unknown motivation 'x' (use commenting, correcting"},
        {with_author({"note", "edit", note}), 2, "nothing to change: give --text, --tag or --motivation with a new value"},
        {with_author({"note", "edit", note, "--tag", "x"}), 2, "--tag takes +TAG or -TAG, not 'x'"},
        {{"export", "notes", "--format", "x"}, 2, "unknown notes format 'x' (use w3c or csv)"},
        {{"config", "x"}, 2, "unknown setting 'x' (known: author)"},
        {{"apparatus", "A", "A"}, 2, "the base A cannot also be a witness"},
        {{"variants", "A", "B", "--kind", "x"}, 2, "unknown variant kind 'x' (use omission, addition, inversion, graphic"},
        {{"variant", "kind", "abcd"}, 2, "give a KIND, or --clear to go back to the proposed kind"},
        {{"edition", "set", "A", "--dynasty", "一二三四五六七八九十一二三四五六七"}, 2, "is longer than 16 characters"},
        {{"apparatus", "A", "B", "B"}, 2, "witness B is named twice"},
        {{"apparatus", "A", "B", "--passage", "B:1"}, 2, "--passage B:1 is not of the base A"},
        {{"apparatus", "A", "B", "--format", "x"}, 2, "unknown format 'x' (text, json, csv, tei or html)"},
        {{"export", "variants", "A", "B", "--format", "x"}, 2, "unknown format 'x' (csv or json)"},
        {with_author({"note", "add", "B:17", "--text", jz_test::encode("着当作若", "gb18030")}), 2,
         "jiaozhu reads UTF-8: is the terminal set to GB18030 or Big5?"},
        {with_author({"note", "add", "B:17", "--text", "注\x1b[2J"}), 2, "holds the control character U+001B at byte 3"},
        // 3: not found
        {{"show", "ZZ:1"}, 3, "no edition 'ZZ' (editions: A, B)"},
        {{"show", "A:99"}, 3, "no passage A:99: edition A has"},
        {{"character", "show", "无名"}, 3, "no character is called '无名' (add one with `jiaozhu character add`)"},
        {{"note", "show", "zzzz"}, 3, "(see `jiaozhu notes`)"},
        {{"apparatus", "A", "ZZ"}, 3, "no edition 'ZZ' (editions: A, B)"},
        {{"edition", "set", "ZZ", "--dynasty", "唐"}, 3, "no edition 'ZZ' (editions: A, B)"},
        {{"apparatus", "A", "B", "--passage", "A:99"}, 3, "no passage A:99: edition A has"},
        // 4: input
        {{"import", file("bad-utf8.txt"), "--work", "songjin", "--siglum", "C", "--encoding", "utf-8"}, 4,
         "not valid UTF-8 (try --encoding gb18030 or big5)"},
        {{"import", file("empty.txt"), "--work", "songjin", "--siglum", "C"}, 4, "is empty: there is nothing to import"},
        {{"import", file("blank.txt"), "--work", "songjin", "--siglum", "C"}, 4,
         "holds no text, only blank lines or empty records"},
        {{"import", file("absent.txt"), "--work", "songjin", "--siglum", "C"}, 4, ": No such file or directory"},
        {{"import", file("folder"), "--work", "songjin", "--siglum", "C"}, 4, "is a directory, not a file"},
        {{"import", file("bad.json"), "--work", "songjin", "--siglum", "C"}, 4, "invalid JSON: syntax error"},
        {with_author({"note", "add", "B:17", "--quote", "不存在的字", "--text", "x"}), 4, " is not in B:17"},
        {with_author({"note", "add", "B:17", "--quote", "许多", "--text", "x"}), 4,
         "times in B:17; choose one with --nth 1.."},
        {{"import-notes", file("bad.jsonld")}, 4, "is not valid JSON"},
        {{"apparatus", "A", "B", "-o", file("absent/app.html")}, 4, "app.html: No such file or directory (does its folder exist?)"},
        {{"import-notes", file("deep.jsonld")}, 4, "nests objects deeper than 32 levels; no annotation needs that"},
        // 5: database
        {{"--db", file("absent.db"), "editions"}, 5, "(create one with `jiaozhu init`, or name one with --db)"},
        {{"--db", file("text.db"), "editions"}, 5, "is not a SQLite database"},
        {{"--db", file("truncated.db"), "editions"}, 5, "is truncated: its header says"},
        {{"--db", file("other-app.db"), "editions"}, 5, "is a SQLite database of another application, not a jiaozhu database"},
        {{"--db", file("newer.db"), "editions"}, 5, "was made by a newer jiaozhu: schema"},
        {{"--db", file("readonly.db"), "character", "add", "某人"}, 5, "is read-only: nothing was changed"},
        {{"merge", file("other-app.db")}, 5, "is a SQLite database of another application, not a jiaozhu database"},
        {{"merge", file("newer.db")}, 5, "was made by a newer jiaozhu: schema"},
        {{"--db", file("trigger.db"), "stats"}, 5, "holds trigger t, which jiaozhu does not make; refusing to open it"},
        // 6: conflict
        {{"merge", db}, 6, "is this database itself: there is nothing to merge"},
        {{"snapshot", file("text.db")}, 6, "exists already; name a new file"},
        {{"align", "A", "A"}, 6, "align compares two editions; A was named twice"},
        {with_author({"note", "resolve", note, "--text", "x"}), 6, "is not in conflict"},
        {{"import", hans, "--work", "songjin", "--siglum", "A"}, 6, "already names another text of work 'songjin'"},
    };
  }
};

}  // namespace

TEST_CASE("every catalogued error: its status, one documented line, the database untouched") {
  Catalogue c;
  const std::string doc = errors_md();
  REQUIRE_FALSE(doc.empty());
  std::set<int> statuses;
  for (const Entry& e : c.entries()) {
    const std::string before = jz_test::file_sha256(c.db);
    const auto r = c.run(e.args);
    INFO("jiaozhu " << e.args.front() << ' ' << (e.args.size() > 1 ? e.args[1] : "") << ": " << r.err);
    CHECK(r.status == e.status);
    CHECK_THAT(r.err, Catch::StartsWith("jiaozhu: ") && Catch::Contains(e.words));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(jz_test::file_sha256(c.db) == before);
    INFO("not in docs/errors.md: " << e.words);
    CHECK_THAT(doc, Catch::Contains(e.words));
    statuses.insert(e.status);
  }
  CHECK(statuses == std::set<int>{2, 3, 4, 5, 6});
}
