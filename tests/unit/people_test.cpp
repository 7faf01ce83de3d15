#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>

#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/import.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/people.h"
#include "jiaozhu/variant_form_suggestions.h"
#include "support.h"

using namespace jiaozhu;

namespace {

struct SongjinPeople {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  PersonRepository people{db, jz_test::kTestAuthor};
  SongjinPeople() { jz_test::import_songjin(db); }
};

// Occurrences of `form` in an edition's folded lines, counted by plain string search.
int64_t brute_count(const char* file, const std::string& form) {
  const std::string needle = fold_text(form);
  int64_t n = 0;
  for (const std::string& line : jz_test::lines_of(jz_test::corpus(file))) {
    const std::string text = fold_text(line);
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  }
  return n;
}

int64_t count_in(const std::vector<Mention>& mentions, const std::string& siglum, const std::string& form = "") {
  int64_t n = 0;
  for (const Mention& m : mentions) n += m.address.starts_with(siglum + ":") && (form.empty() || m.form == form);
  return n;
}

}  // namespace

TEST_CASE("an error alias finds every mention in both editions, counted like a folded scan") {
  SongjinPeople s;
  s.people.add("张若麟", "");
  s.people.add_alias("张若麟", "张着麟", "error", "");
  const auto mentions = s.people.mentions("张若麟", std::nullopt);
  for (const auto& [siglum, file] : {std::pair{"A", "songjin/hant.txt"}, std::pair{"B", "songjin/hans.txt"}}) {
    INFO(siglum);
    CHECK(count_in(mentions, siglum, "张若麟") == brute_count(file, "张若麟"));
    CHECK(count_in(mentions, siglum, "张着麟") == brute_count(file, "张着麟"));
    CHECK(count_in(mentions, siglum, "张着麟") == 1);
  }
  for (const Mention& m : mentions) CHECK(fold_text(m.text) == fold_text(m.form));  // the span is the alias, in the passage's script
}

TEST_CASE("a temple name finds the Traditional edition's 太宗 and the Simplified 皇太极") {
  SongjinPeople s;
  s.people.add("皇太极", "");
  s.people.add_alias("皇太极", "太宗", "temple", "");
  const auto mentions = s.people.mentions("太宗", std::nullopt);  // any alias names the character
  CHECK(count_in(mentions, "A", "太宗") == brute_count("songjin/hant.txt", "太宗"));
  CHECK(count_in(mentions, "A", "皇太极") == 0);
  CHECK(count_in(mentions, "B", "皇太极") == brute_count("songjin/hans.txt", "皇太极"));
  CHECK(s.people.get("太宗").name == "皇太极");
}

TEST_CASE("alias suggest proposes 太宗 for 皇太极 from the collation, and 张着麟 as an error") {
  SongjinPeople s;
  s.people.add("皇太极", "");
  s.people.add("张若麟", "");
  align_editions(s.db, "A", "B");
  bool taizong = false, error = false;
  for (const AliasSuggestion& g : s.people.suggest("A", "B")) {
    taizong |= g.character == "皇太极" && g.form == "太宗" && g.kind == "temple";
    error |= g.character == "张若麟" && fold_text(g.form) == fold_text("张着麟") && g.kind == "error";
  }
  CHECK(taizong);
  CHECK(error);
}

TEST_CASE("the longest alias wins, and a name inside it is not counted twice") {
  SongjinPeople s;
  s.people.add("张若麟", "");
  const int64_t whole = s.people.mentions("张若麟", std::nullopt).size();
  s.people.add("若麟", "");  // a (made-up) person whose name lies inside the other's
  CHECK(s.people.mentions("若麟", std::nullopt).empty());
  CHECK(static_cast<int64_t>(s.people.mentions("张若麟", std::nullopt).size()) == whole);
}

TEST_CASE("merging keeps every alias, removing one removes exactly its mentions") {
  SongjinPeople s;
  s.people.add("皇太极", "清太宗");
  s.people.add("太宗", "a second entry for the same man");
  s.people.add_alias("太宗", "洪太主", "variant", "");
  const auto before = s.people.mentions("皇太极", std::nullopt).size() + s.people.mentions("太宗", std::nullopt).size();
  const Person merged = merge_persons(s.db, "皇太极", "太宗", jz_test::kTestAuthor);
  CHECK(merged.aliases.size() == 3);
  CHECK_THAT(merged.note, Catch::Contains("清太宗") && Catch::Contains("second entry"));
  CHECK(s.people.mentions("皇太极", std::nullopt).size() == before);
  CHECK(s.people.list().size() == 1);

  const auto all = s.people.mentions("皇太极", std::nullopt);
  s.people.remove_alias("皇太极", "太宗");
  const auto after = s.people.mentions("皇太极", std::nullopt);
  CHECK(static_cast<int64_t>(after.size()) == static_cast<int64_t>(all.size()) - count_in(all, "A", "太宗") - count_in(all, "B", "太宗"));
  CHECK_THROWS_AS(s.people.remove_alias("皇太极", "太宗"), NotFound);
}

TEST_CASE("mentions stay current when an edition is imported, and check sees them drift") {
  SongjinPeople s;
  s.people.add("张若麟", "");
  jz_test::write_file(s.dir / "c.txt", "張若麟又至。\n");
  ImportOptions o;
  o.work = "songjin";
  o.siglum = "C";
  const auto c = s.dir / "c.txt";
  import_edition(s.db, {&c, 1}, o, nullptr);
  CHECK(count_in(s.people.mentions("张若麟", std::nullopt), "C") == 1);
  auto mention_faults = [&] {
    for (const CheckResult& r : check_database(s.db)) if (r.name == "mentions") return r.faults.size();
    return std::size_t{99};
  };
  CHECK(mention_faults() == 0);
  s.db.sql().exec("DELETE FROM mention WHERE (passage_id, span_start) IN (SELECT passage_id, span_start FROM mention LIMIT 1)");
  CHECK(mention_faults() == 1);
  s.people.rebuild_mentions();
  CHECK(mention_faults() == 0);
}

TEST_CASE("unknown and ambiguous names are clear errors") {
  SongjinPeople s;
  CHECK_THROWS_AS(s.people.get("无名氏"), NotFound);
  s.people.add("太宗", "唐太宗");
  s.people.add("李世民", "");
  s.people.add_alias("李世民", "太宗", "temple", "");
  CHECK_THROWS_WITH(s.people.get("太宗"), Catch::Contains("names 2 characters"));
  CHECK_THROWS_AS(s.people.add_alias("李世民", "太宗", "temple", ""), ConflictError);
  CHECK_THROWS_AS(s.people.add("，", ""), UsageError);
}

TEST_CASE("a schema-7 file with characters, aliases, merges and passage notes upgrades to histories that check") {
  jz_test::TempDir dir;
  std::string passage_note;
  {
    Database db = open_database(dir / "t.db", OpenMode::kCreate);
    jz_test::import_songjin(db);
    PersonRepository people(db, jz_test::kTestAuthor);
    people.add("皇太极", "清太宗");
    people.add_alias("皇太极", "太宗", "temple", "廟號");
    people.add("张若麟", "");
    people.add("张着麟", "");
    merge_persons(db, "张若麟", "张着麟", jz_test::kTestAuthor);
    NoteRequest r;
    r.address = "A:3";
    r.body = "整段";
    r.author = "T";
    passage_note = NoteRepository(db).add(r).uuid;
  }
  {
    // What schema 7 had: no histories, no choices, a redirect keyed by from_uuid alone.
    SQLite::Database raw((dir / "t.db").string(), SQLite::OPEN_READWRITE);
    jz_test::undo_schema_9(raw);
    raw.exec("DROP TABLE edition_choice; DROP TABLE record_revision_parent; DROP TABLE record_revision; "
             "ALTER TABLE note DROP COLUMN target_key; ALTER TABLE note DROP COLUMN passage_opening; ALTER TABLE note_revision DROP COLUMN moved_to; "
             "CREATE TABLE r7 AS SELECT * FROM character_redirect; DROP TABLE character_redirect; "
             "CREATE TABLE character_redirect (\n  from_uuid TEXT PRIMARY KEY,\n  to_uuid   TEXT NOT NULL CHECK (to_uuid <> from_uuid),\n"
             "  author    TEXT NOT NULL,\n  merged_at TEXT NOT NULL\n) WITHOUT ROWID; "
             "INSERT INTO character_redirect SELECT * FROM r7; DROP TABLE r7; PRAGMA user_version = 7");
  }
  Database db = open_database(dir / "t.db", OpenMode::kExisting);
  CHECK(db.schema_version() == current_schema_version());
  for (const CheckResult& c : check_database(db)) {
    INFO(c.name << ": " << (c.faults.empty() ? "" : c.faults.front()));
    CHECK(c.faults.empty());
  }
  PersonRepository people(db, jz_test::kTestAuthor);
  const Person c = people.get("皇太极");
  CHECK(c.note == "清太宗");
  CHECK(c.conflict.empty());
  CHECK(people.get("张着麟").name == "张若麟");  // the redirect survived the new key
  people.edit_alias("皇太极", "太宗", std::nullopt, "廟號，見清史稿");
  CHECK(people.get("太宗").aliases.back().note == "廟號，見清史稿");
  CHECK(people.conflicts().empty());
  const std::string opening = db.sql().execAndGet("SELECT passage_opening FROM note WHERE target = 'passage'").getString();
  CHECK(!opening.empty());
}

TEST_CASE("a dismissed suggestion is proposed no more, in this copy or any that merges it, until taken back") {
  jz_test::TempDir dir;
  {
    Database db = open_database(dir / "a.db", OpenMode::kCreate);
    jz_test::import_songjin(db);
    align_editions(db, "A", "B");
    PersonRepository(db, jz_test::kTestAuthor).add("张若麟", "");
  }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  Database a = open_database(dir / "a.db", OpenMode::kExisting);
  auto forms = [](Database& db, bool all) {
    std::vector<std::string> out;
    for (const AliasSuggestion& s : PersonRepository(db, jz_test::kTestAuthor).suggest("A", "B", all)) out.push_back(s.form + (s.dismissed ? " (dismissed)" : ""));
    return out;
  };
  const auto before = forms(a, false);
  REQUIRE(std::find(before.begin(), before.end(), "張着麟") != before.end());

  PersonRepository(a, jz_test::kTestAuthor).dismiss_suggestion("张若麟", "张着麟", true, "OCR 誤字，非別名", "甲");  // either script names it
  auto after = forms(a, false);
  CHECK(std::find(after.begin(), after.end(), "張着麟") == after.end());
  after = forms(a, true);
  CHECK(std::find(after.begin(), after.end(), "張着麟 (dismissed)") != after.end());
  CHECK(jz_test::passes_check(a));

  // Merged into a copy that never dismissed it: dismissed there too.
  {
    Database b = open_database(dir / "b.db", OpenMode::kExisting);
    CHECK(merge_database(b, dir / "a.db", false).dismissals == 1);
    const auto there = forms(b, false);
    CHECK(std::find(there.begin(), there.end(), "張着麟") == there.end());
    // Taken back there, and merged back: proposed again in both.
    PersonRepository(b, jz_test::kTestAuthor).dismiss_suggestion("张若麟", "張着麟", false, "", "乙");
  }
  merge_database(a, dir / "b.db", false);
  after = forms(a, false);
  CHECK(std::find(after.begin(), after.end(), "張着麟") != after.end());
  CHECK_THROWS_AS(PersonRepository(a, jz_test::kTestAuthor).dismiss_suggestion("無此人", "张着麟", true, "", "甲"), NotFound);
}

TEST_CASE("check finds a dismissal whose uuid does not derive from its content") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "a.db", OpenMode::kCreate);
  dismiss_fold_suggestion(db, "着", "若", true, "", "甲");
  CHECK(jz_test::passes_check(db));
  db.sql().exec("UPDATE suggestion_dismissal SET note = 'forged'");
  CHECK_FALSE(jz_test::passes_check(db));
  CHECK_THROWS_AS(dismiss_fold_suggestion(db, "着若", "若", true, "", "甲"), UsageError);
}
