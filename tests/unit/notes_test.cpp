// Notes: anchoring, history, conflicts, re-anchoring after a corrected
// import, the W3C round trip, and the invariants `check` verifies.
#include <SQLiteCpp/Database.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/note_exchange.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/people.h"
#include "notes/note_store.h"
#include "support.h"

using namespace jiaozhu;

namespace {

struct NotesFixture {
  jz_test::TempDir dir;
  Database db = open_database(dir / "n.db", OpenMode::kCreate);
  NoteRepository notes{db};
  std::vector<std::string> hans = jz_test::lines_of(jz_test::corpus("songjin/hans.txt"));
  int64_t line = 0;  // the passage of hans.txt (B) that has 张着麟

  NotesFixture() {
    jz_test::import_songjin(db);
    for (std::size_t i = 0; i < hans.size(); ++i) {
      if (hans[i].find("张着麟") != std::string::npos) {
        line = static_cast<int64_t>(i + 1);
        break;
      }
    }
    REQUIRE(line > 0);
  }

  std::string address() const { return "B:" + std::to_string(line); }

  Note add_on_zhang(const std::string& author = jz_test::kTestAuthor) {
    NoteRequest r;
    r.target = NoteTarget::kSpan;
    r.address = address();
    r.quote = "张着麟";
    r.body = "着当作若，形近而误。";
    r.tags = {"訛誤"};
    r.author = author;
    return notes.add(r);
  }

  bool sound() { return jz_test::passes_check(db); }
};

std::size_t code_point_offset(const std::string& text, const std::string& words) {
  return jz_test::to_u32(text.substr(0, text.find(words))).size();
}

}  // namespace

TEST_CASE("a note on 张着麟 anchors on its three code points") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  const auto start = static_cast<int64_t>(code_point_offset(f.hans[f.line - 1], "张着麟"));
  CHECK(n.start == start);
  CHECK(n.end == start + 3);
  CHECK(n.exact == "张着麟");
  CHECK(n.current.tags == std::vector<std::string>{"訛誤"});
  CHECK(f.sound());
}

TEST_CASE("edit, rm and restore each add a revision, every one stays") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  NoteChange c;
  c.body = "「着」當作「若」，形近而誤。";
  c.add_tags = {"校勘"};
  c.author = "Second <s@example.org>";
  f.notes.edit(n.uuid.substr(0, 8), c);
  f.notes.remove(n.uuid, "Tester");
  NoteFilter all;
  CHECK(f.notes.list(all).empty());
  all.include_deleted = true;
  CHECK(f.notes.list(all).size() == 1);
  const Note back = f.notes.restore(n.uuid, "Tester");
  CHECK(back.current.body == "「着」當作「若」，形近而誤。");
  CHECK(back.current.tags == std::vector<std::string>{"校勘", "訛誤"});
  const auto history = f.notes.history(n.uuid);
  REQUIRE(history.size() == 4);
  CHECK(history[0].body == "着当作若，形近而误。");
  CHECK(history[2].deleted);
  CHECK_FALSE(history[3].deleted);
  CHECK(history[3].parents == std::vector<std::string>{history[2].uuid});
  CHECK_THROWS_AS(f.notes.restore(n.uuid, "Tester"), ConflictError);
  CHECK(f.sound());
}

TEST_CASE("a note is refused without author, with a quote not in the passage, or an ambiguous one") {
  NotesFixture f;
  NoteRequest r;
  r.target = NoteTarget::kSpan;
  r.address = f.address();
  r.quote = "张着麟";
  r.body = "x";
  CHECK_THROWS_AS(f.notes.add(r), UsageError);
  r.author = "A";
  r.quote = "不存在的字";
  CHECK_THROWS_AS(f.notes.add(r), InputError);
  r.quote = "，";
  CHECK_THROWS_WITH(f.notes.add(r), Catch::Contains("--nth"));
  r.nth = 2;
  CHECK(f.notes.add(r).start > 0);
  r.quote.reset();
  r.start = 0;
  r.end = 100000;
  CHECK_THROWS_AS(f.notes.add(r), UsageError);
}

namespace {

// Imports `json` (chinese-poetry records) as edition `siglum` of 唐詩.
void import_poems(Database& db, const std::filesystem::path& file, const std::string& json, const std::string& siglum,
                  bool replace = false) {
  jz_test::write_file(file, json);
  ImportOptions o;
  o.work = "唐詩";
  o.siglum = siglum;
  o.replace = replace;
  import_edition(db, {&file, 1}, o, nullptr);
}

constexpr char kPoemsA[] = R"([{"title": "靜夜思", "author": "李白", "paragraphs": ["床前明月光，疑是地上霜。"]},
                               {"title": "贈汪倫", "author": "李白", "paragraphs": ["李白乘舟將欲行，忽聞岸上踏歌聲。"]}])";

}  // namespace

TEST_CASE("a note on a title's words is anchored in the title and follows it through re-import, export and merge") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  import_poems(db, dir / "a.json", kPoemsA, "A");
  import_poems(db, dir / "b.json", R"([{"title": "静夜思", "author": "李白", "paragraphs": ["床前看月光，疑是地上霜。"]}])", "B");
  NoteRepository notes(db);
  NoteRequest r;
  r.target = NoteTarget::kSpan;
  r.address = "A:2";
  r.field = VariantField::kTitle;
  r.quote = "汪倫";
  r.body = "汪倫，桃花潭村人。";
  r.author = jz_test::kTestAuthor;
  const Note n = notes.add(r);
  CHECK(n.field == VariantField::kTitle);
  CHECK(std::make_pair(n.start, n.end) == std::make_pair<int64_t, int64_t>(1, 3));
  CHECK(n.suffix.empty());

  SECTION("words not in the title, or a passage without one, are refused by name") {
    r.quote = "李白乘舟";  // in the text, not the title
    CHECK_THROWS_WITH(notes.add(r), Catch::Contains("not in the title of A:2"));
    r.quote.reset();
    r.start = 0;
    r.end = 4;
    CHECK_THROWS_WITH(notes.add(r), Catch::Contains("the length of the title of A:2"));
    r.target = NoteTarget::kPassage;
    CHECK_THROWS_AS(notes.add(r), UsageError);
  }
  SECTION("a re-import that inserts a poem and lengthens the title moves the note with it") {
    import_poems(db, dir / "a2.json", R"([{"title": "序", "paragraphs": ["汪倫之序。"]},
      {"title": "靜夜思", "author": "李白", "paragraphs": ["床前明月光，疑是地上霜。"]},
      {"title": "桃花潭贈汪倫", "author": "李白", "paragraphs": ["李白乘舟將欲行，忽聞岸上踏歌聲。"]}])", "A", true);
    const Note moved = notes.get(n.uuid);
    CHECK_FALSE(moved.orphaned);
    CHECK(moved.address == "A:3");
    CHECK(moved.field == VariantField::kTitle);
    CHECK(std::make_pair(moved.start, moved.end) == std::make_pair<int64_t, int64_t>(4, 6));
    CHECK(jz_test::passes_check(db));
  }
  SECTION("the W3C export says so, and another copy reads it back into the title") {
    std::ostringstream out;
    export_notes(db, NoteFormat::kW3c, true, out);
    CHECK_THAT(out.str(), Catch::Contains("\"jz:field\": \"title\""));
    const auto file = dir / "notes.jsonld";
    jz_test::write_file(file, out.str());
    jz_test::TempDir other_dir;
    Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
    import_poems(other, other_dir / "a.json", kPoemsA, "A");
    CHECK(import_notes(other, file).notes_added == 1);
    const Note read = NoteRepository(other).get(n.uuid);
    CHECK(read.field == VariantField::kTitle);
    CHECK(read.exact == "汪倫");
    CHECK(jz_test::passes_check(other));
  }
  SECTION("a merged copy holds it on the title, and the other edition's linked title shows it") {
    jz_test::TempDir other_dir;
    {
      Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
      import_poems(other, other_dir / "a.json", kPoemsA, "A");
    }
    {
      Database other = open_database(other_dir / "o.db", OpenMode::kExisting);
      merge_database(other, dir / "t.db", false);
      const Note merged = NoteRepository(other).get(n.uuid);
      CHECK(merged.field == VariantField::kTitle);
      CHECK(merged.start == 1);
      CHECK(jz_test::passes_check(other));
    }
    r.address = "A:1";
    r.quote = "靜夜";
    r.body = "題";
    notes.add(r);
    align_editions(db, "A", "B");
    const auto shown = notes.mapped_onto("B:1");
    REQUIRE(shown.size() == 1);
    CHECK(shown.front().note.field == VariantField::kTitle);
    CHECK(std::make_pair(shown.front().start, shown.front().end) == std::make_pair<int64_t, int64_t>(0, 2));  // 静夜
  }
}

TEST_CASE("a quote that crosses a line break of the passage is found without it, and anchors on the stored text") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "q.db", OpenMode::kCreate);
  jz_test::write_file(dir / "q.json", R"([{"title": "蜀道難", "paragraphs": ["蠶叢及魚鳧，開國何茫然。", "爾來四萬八千歲，不與秦塞通人煙。"]}])");
  ImportOptions o;
  o.work = "李太白集";
  o.siglum = "Q";
  const std::filesystem::path q = dir / "q.json";
  import_edition(db, {&q, 1}, o, nullptr);
  NoteRepository notes(db);
  NoteRequest r;
  r.target = NoteTarget::kSpan;
  r.address = "Q:1";
  r.quote = "開國何茫然。爾來 四萬八千歲";
  r.body = "跨行之注";
  r.author = jz_test::kTestAuthor;
  const Note n = notes.add(r);
  CHECK(n.start == 6);
  CHECK(n.end == 20);
  CHECK(n.exact == "開國何茫然。\n爾來四萬八千歲");
  r.quote = "茫然。爾去";
  CHECK_THROWS_AS(notes.add(r), InputError);
}

TEST_CASE("search finds notes by their current text, across scripts") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  CHECK(f.notes.search("形近", 10).size() == 1);
  CHECK(f.notes.search("形近而誤", 10).size() == 1);  // Traditional query, Simplified note
  NoteChange c;
  c.body = "另一說";
  c.author = "A";
  f.notes.edit(n.uuid, c);
  CHECK(f.notes.search("形近", 10).empty());
  CHECK(f.notes.search("另一说", 10).size() == 1);
  f.notes.remove(n.uuid, "A");
  CHECK(f.notes.search("另一说", 10).empty());
}

TEST_CASE("revisions made apart from one parent leave the note in conflict until resolved") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  detail::NoteStore store(f.db);
  const int64_t id = *store.find(n.uuid);
  NoteRevision mine = n.current, theirs = n.current;
  mine.uuid = "00000000-0000-4000-8000-000000000001";
  theirs.uuid = "00000000-0000-4000-8000-000000000002";
  mine.parents = theirs.parents = {n.current.uuid};
  mine.body = "甲改";
  theirs.body = "乙改";
  mine.created_at = "2030-01-01T00:00:00.000Z";
  theirs.created_at = "2030-01-01T00:00:01.000Z";
  f.db.write([&] {
    store.append(id, mine);
    store.append(id, theirs);
  });
  const Note conflicted = f.notes.get(n.uuid);
  CHECK(conflicted.conflict());
  CHECK(conflicted.current.body == "乙改");  // the newer head is shown
  CHECK(f.notes.conflicts().size() == 1);
  NoteChange c;
  c.body = "丙";
  c.author = "A";
  CHECK_THROWS_AS(f.notes.edit(n.uuid, c), ConflictError);
  CHECK_THROWS_AS(f.notes.resolve(n.uuid, std::string("00000000-0000-4000-8000-00000000000"), std::nullopt, "A"),
                  UsageError);  // names both heads
  const Note resolved = f.notes.resolve(n.uuid, std::string("00000000-0000-4000-8000-000000000001"), std::nullopt, "A");
  CHECK_FALSE(resolved.conflict());
  CHECK(resolved.current.body == "甲改");
  CHECK(resolved.current.parents.size() == 2);
  CHECK(f.notes.conflicts().empty());
  CHECK(f.notes.history(n.uuid).size() == 4);
  CHECK(f.sound());
}

TEST_CASE("absorbing a note's history twice, or in another order, changes nothing the second time") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  NoteChange c;
  c.body = "二";
  c.author = "A";
  f.notes.edit(n.uuid, c);
  detail::NoteStore store(f.db);
  detail::NoteRecord rec = store.read(*store.find(n.uuid));
  rec.revisions = store.revisions(*store.find(n.uuid));
  std::reverse(rec.revisions.begin(), rec.revisions.end());  // children before parents
  jz_test::TempDir other_dir;
  Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
  jz_test::import_songjin(other);
  detail::NoteStore theirs(other);
  detail::AbsorbResult first, second;
  other.write([&] { first = theirs.absorb(rec); });
  other.write([&] { second = theirs.absorb(rec); });
  CHECK(first.note_added);
  CHECK(first.revisions_added == 2);
  CHECK_FALSE(second.note_added);
  CHECK(second.revisions_added == 0);
  CHECK(NoteRepository(other).get(n.uuid).current.body == "二");
}

TEST_CASE("a corrected edition re-imported keeps its notes on their words, or lists them orphaned") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  auto reimport = [&](const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    const auto path = f.dir / "corrected.txt";
    jz_test::write_file(path, text);
    ImportOptions o;
    o.work = "songjin";
    o.siglum = "B";
    o.replace = true;
    const std::vector<std::filesystem::path> files{path};
    return import_edition(f.db, files, o, nullptr);
  };
  std::vector<std::string> lines = f.hans;
  std::string& l = lines[f.line - 1];
  // Edit a few characters around the note: before it (an insertion) and in it (着 → 若).
  l.insert(0, "是夜，");
  l.replace(l.find("张着麟"), std::string("张着麟").size(), "张若麟");
  ImportReport r = reimport(lines);
  CHECK(r.replaced);
  CHECK(r.notes_orphaned == 0);
  Note moved = f.notes.get(n.uuid);
  CHECK_FALSE(moved.orphaned);
  CHECK(moved.start == n.start + 3);
  CHECK(moved.end == n.end + 3);
  CHECK(f.sound());

  // Delete the note's whole sentence: the note stays, orphaned.
  const std::size_t from = l.find("急于"), to = l.find("但回报");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  l.erase(from, to - from);
  r = reimport(lines);
  CHECK(r.notes_orphaned == 1);
  const Note lost = f.notes.get(n.uuid);
  CHECK(lost.orphaned);
  CHECK(lost.current.body == n.current.body);
  NoteFilter orphans;
  orphans.orphaned_only = true;
  CHECK(f.notes.list(orphans).size() == 1);
  CHECK(f.sound());
}

TEST_CASE("a note on one edition is shown on the linked words of the other") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  align_editions(f.db, "A", "B");
  const auto hant = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
  for (std::size_t i = 0; i < hant.size(); ++i) {
    const std::string address = "A:" + std::to_string(i + 1);
    for (const MappedNote& m : f.notes.mapped_onto(address)) {
      CHECK(m.note.uuid == n.uuid);
      const std::u32string text = jz_test::to_u32(hant[i]);
      CHECK(jz_test::to_utf8(text.substr(m.start, m.end - m.start)) == "張着麟");
      return;
    }
  }
  FAIL("the note appears on no passage of A");
}

TEST_CASE("W3C export then import into another database gives the same notes and history") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  NoteChange c;
  c.body = "「着」當作「若」";
  c.author = "Second";
  f.notes.edit(n.uuid, c);
  NoteRequest whole;
  whole.address = "A:1";
  whole.body = "全段";
  whole.author = "Third <x@y.z>";
  f.notes.add(whole);
  std::ostringstream out;
  export_notes(f.db, NoteFormat::kW3c, true, out);
  CHECK_THAT(out.str(), Catch::Contains("http://www.w3.org/ns/anno.jsonld") && Catch::Contains("TextQuoteSelector"));
  const auto file = f.dir / "notes.jsonld";
  jz_test::write_file(file, out.str());

  jz_test::TempDir other_dir;
  Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
  jz_test::import_songjin(other);
  const NotesImportReport r = import_notes(other, file);
  CHECK(r.notes_added == 2);
  CHECK(r.revisions_added == 3);
  CHECK(import_notes(other, file).revisions_added == 0);
  NoteRepository theirs(other);
  for (const Note& mine : f.notes.list({})) {
    const Note copy = theirs.get(mine.uuid);
    CHECK(copy.address == mine.address);
    CHECK(copy.start == mine.start);
    CHECK(copy.end == mine.end);
    CHECK(copy.exact == mine.exact);
    CHECK(copy.prefix == mine.prefix);
    const auto a = f.notes.history(mine.uuid), b = theirs.history(mine.uuid);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      CHECK(a[i].uuid == b[i].uuid);
      CHECK(a[i].author == b[i].author);
      CHECK(a[i].created_at == b[i].created_at);
      CHECK(a[i].body == b[i].body);
      CHECK(a[i].tags == b[i].tags);
      CHECK(a[i].parents == b[i].parents);
    }
  }
}

TEST_CASE("check finds a note history whose head marks were tampered with") {
  NotesFixture f;
  f.add_on_zhang();
  f.db.sql().exec("UPDATE note_revision SET head = 0");
  bool found = false;
  for (const CheckResult& c : check_database(f.db)) {
    if (c.name == "notes" && !c.faults.empty()) found = true;
  }
  CHECK(found);
}

namespace {

// A note on the first substantive variant of A and B (aligned first).
Note add_on_variant(NotesFixture& f, Variant* variant = nullptr) {
  align_editions(f.db, "A", "B");
  const auto found = CollationRepository(f.db).variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);
  REQUIRE(!found.empty());
  if (variant) *variant = found.front();
  NoteRequest r;
  r.target = NoteTarget::kVariant;
  r.target_ref = found.front().uuid.substr(0, 8);
  r.body = "異文";
  r.author = "Tester";
  return f.notes.add(r);
}

}  // namespace

TEST_CASE("a note on a variant names the variant's link, and is shown with its readings") {
  NotesFixture f;
  Variant v;
  const Note n = add_on_variant(f, &v);
  CHECK(n.target_uuid == v.uuid);
  CHECK(n.target_link_uuid == v.link_uuid);
  CHECK(n.target_label == v.a.address + " " + v.a.reading + " → " + v.b.address + " " + v.b.reading);
  CHECK(CollationRepository(f.db).find_variant_of_link(v.link_uuid, v.uuid)->a.reading == v.a.reading);
  CHECK_FALSE(CollationRepository(f.db).find_variant_of_link(v.link_uuid, "00000000-0000-8000-8000-000000000000"));
  CHECK_FALSE(CollationRepository(f.db).find_variant_of_link("no-such-link", v.uuid));
  CHECK(f.sound());
}

TEST_CASE("variant notes without their link (older schema, other tools' files) get it filled in") {
  NotesFixture f;
  Variant v;
  const Note n = add_on_variant(f, &v);

  SECTION("upgrading a schema-5 database") {
    {
      SQLite::Database raw((f.dir / "n.db").string(), SQLite::OPEN_READWRITE);
      jz_test::undo_schema_9(raw);
      raw.exec("DROP TABLE edition_choice; DROP TABLE record_revision_parent; DROP TABLE record_revision; "
               "ALTER TABLE note DROP COLUMN target_key; ALTER TABLE note_revision DROP COLUMN moved_to; "
               "ALTER TABLE note DROP COLUMN passage_opening; "
               "ALTER TABLE note DROP COLUMN target_link_uuid; DROP TABLE tombstone; DROP TABLE character_redirect; "
               "DROP TABLE edition_version; "
               "PRAGMA user_version = 5");
    }
    Database upgraded = open_database(f.dir / "n.db", OpenMode::kExisting);
    CHECK(upgraded.schema_version() == current_schema_version());
    const Note again = NoteRepository(upgraded).get(n.uuid);
    CHECK(again.target_link_uuid == v.link_uuid);
    CHECK(again.target_label == n.target_label);
  }
  SECTION("importing W3C annotations without jz:variantLink") {
    std::ostringstream out;
    export_notes(f.db, NoteFormat::kW3c, true, out);
    CHECK_THAT(out.str(), Catch::Contains("\"jz:variantLink\": \"urn:uuid:" + v.link_uuid + "\""));
    std::string text = out.str();
    text.replace(text.find("jz:variantLink"), 14, "x:unknownTerm");  // as another tool would write it
    const auto file = f.dir / "notes.jsonld";
    jz_test::write_file(file, text);
    jz_test::TempDir other_dir;
    Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
    jz_test::import_songjin(other);
    align_editions(other, "A", "B");
    CHECK(import_notes(other, file).notes_added == 1);
    CHECK(NoteRepository(other).get(n.uuid).target_link_uuid == v.link_uuid);
  }
}

TEST_CASE("a note whose character or variant is gone is kept and listed as orphaned") {
  NotesFixture f;
  PersonRepository people(f.db, jz_test::kTestAuthor);
  const Person kept = people.add("张若麟", "");
  people.add("张着麟", "");
  NoteRequest r;
  r.target = NoteTarget::kPerson;
  r.target_ref = "张着麟";
  r.body = "即张若麟";
  r.author = "Tester";
  const Note on_person = f.notes.add(r);
  const Note on_variant = add_on_variant(f);
  NoteFilter orphaned;
  orphaned.orphaned_only = true;
  CHECK(f.notes.list(orphaned).empty());

  merge_persons(f.db, "张若麟", "张着麟", jz_test::kTestAuthor);  // the note's character is absorbed into another: the note follows it
  const Note followed = f.notes.get(on_person.uuid);
  CHECK(followed.target_uuid == kept.uuid);
  CHECK_FALSE(followed.orphaned);
  CHECK(followed.target_label == "张若麟");

  SQLite::Database(f.db.sql().getFilename(), SQLite::OPEN_READWRITE).exec("DELETE FROM variant");
  const auto listed = f.notes.list(orphaned);
  REQUIRE(listed.size() == 1);
  CHECK(listed.front().uuid == on_variant.uuid);
  CHECK(listed.front().orphaned);
  CHECK(listed.front().target_label == "(no longer in this database)");
  CHECK(f.notes.list({}).size() == 2);
}

TEST_CASE("a note id is its uuid or a prefix of at least 4 characters, any case") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  CHECK(f.notes.get(n.uuid.substr(0, 4)).uuid == n.uuid);
  std::string upper = n.uuid.substr(0, 8);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  CHECK(f.notes.get(upper).uuid == n.uuid);
  CHECK_THROWS_WITH(f.notes.get(n.uuid.substr(0, 3)), Catch::Contains("at least 4 characters"));
  CHECK_THROWS_AS(f.notes.get(""), UsageError);
  CHECK_THROWS_AS(f.notes.get("ffff0000"), NotFound);
}

TEST_CASE("import-notes takes a file that is one Annotation, as its header says") {
  NotesFixture f;
  const Note n = f.add_on_zhang();
  std::ostringstream out;
  export_notes(f.db, NoteFormat::kW3c, true, out);
  const nlohmann::json collection = nlohmann::json::parse(out.str());
  nlohmann::json one = collection["first"]["items"].at(0);
  one["@context"] = "http://www.w3.org/ns/anno.jsonld";
  const auto file = f.dir / "one.jsonld";
  jz_test::write_file(file, one.dump());

  jz_test::TempDir other_dir;
  Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
  jz_test::import_songjin(other);
  const NotesImportReport r = import_notes(other, file);
  CHECK(r.annotations == 1);
  CHECK(r.notes_added == 1);
  CHECK(NoteRepository(other).get(n.uuid).exact == "张着麟");
  // An object that is no Annotation is still refused, naming what is accepted.
  jz_test::write_file(file, R"({"type": "Person", "name": "张若麟"})");
  CHECK_THROWS_WITH(import_notes(other, file), Catch::Contains("is neither an Annotation"));
}
