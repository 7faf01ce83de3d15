// Corrections of a passage (corrections.h), on the fixture songjin aligned:
// what a correction collates again is compared with a full alignment of
// the corrected text made in a copy, and everything it should not touch is
// compared with what it was.
#include <catch2/catch.hpp>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/database.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/search.h"
#include "jiaozhu/variant_kind_choices.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;

namespace {

struct CorrectionFixture {
  CorrectionFixture() {
    jz_test::import_songjin(db);
    align_editions(db, "A", "B");
  }
  std::string text(const std::string& address) { return PassageRepository(db).get(parse_address(address)).front().text; }
  CorrectionReport correct(const std::string& address, const std::string& to, const std::string& reason = "據原書") {
    return CorrectionRepository(db).correct(address, to, reason, jz_test::kTestAuthor);
  }
  jz_test::TempDir dir;
  Database db = open_database(dir / "c.db", OpenMode::kCreate);
};

// Every link by uuid: its id and its variants as rows.
std::map<std::string, std::pair<int64_t, std::string>> collation(Database& db) {
  SQLite::Statement q(db.sql(),
                      "SELECT l.uuid, l.id, coalesce((SELECT group_concat(v.class || ' ' || v.field || ' ' || pa.seq || ':' || "
                      "v.start_a || '-' || v.end_a || ' ' || pb.seq || ':' || v.start_b || '-' || v.end_b, ';') FROM "
                      "(SELECT * FROM variant WHERE link_id = l.id ORDER BY n) v JOIN passage pa ON pa.id = v.passage_a "
                      "JOIN passage pb ON pb.id = v.passage_b), '') FROM link l");
  std::map<std::string, std::pair<int64_t, std::string>> out;
  while (q.executeStep()) out[q.getColumn(0).getString()] = {q.getColumn(1).getInt64(), q.getColumn(2).getString()};
  return out;
}

std::string link_of(Database& db, const std::string& address) {
  const auto links = CollationRepository(db).links_of(address);
  REQUIRE(links.size() == 1);
  return links.front().uuid;
}

}  // namespace

TEST_CASE("a correction collates again its passage's links alone, as a full alignment of the new text would") {
  CorrectionFixture f;
  SearchRequest words;
  words.query = "着麟便與";
  REQUIRE(search(f.db, words).total == 0);
  const auto before = collation(f.db);
  const std::string corrected = link_of(f.db, "A:3");
  std::string fixed = f.text("A:3");
  fixed.replace(fixed.find("張若麟"), std::string("張若麟").size(), "張着麟");
  const CorrectionReport r = f.correct("A:3", fixed);
  CHECK(r.written);
  CHECK(r.links_recollated == 1);
  CHECK(f.text("A:3") == fixed);
  const auto after = collation(f.db);
  REQUIRE(after.size() == before.size());
  for (const auto& [uuid, link] : before) {
    INFO(uuid);
    CHECK(after.at(uuid).first == link.first);  // every link keeps its id
    if (uuid != corrected) CHECK(after.at(uuid).second == link.second);
  }
  CHECK(after.at(corrected).second != before.at(corrected).second);
  CHECK(after.at(corrected).second.find("substantive") != std::string::npos);  // 着/若 is a reading now

  // The same text aligned from scratch in a copy makes the same variants.
  f.db.sql().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  std::filesystem::copy_file(f.dir / "c.db", f.dir / "full.db");
  Database full = open_database(f.dir / "full.db", OpenMode::kExisting);
  align_editions(full, "A", "B");
  CHECK(collation(full).at(corrected).second == after.at(corrected).second);
  CHECK(jz_test::passes_check(f.db));
  words.query = "着麟便與";  // the corrected words, found by search (the index rows were replaced)
  CHECK(search(f.db, words).total == 1);
}

TEST_CASE("the same text, or white space only, writes no revision — a text must hold something") {
  CorrectionFixture f;
  const std::string t = f.text("A:2");
  CHECK_FALSE(f.correct("A:2", t).written);
  CHECK_FALSE(f.correct("A:2", " " + t + "\u3000").written);
  CHECK(CorrectionRepository(f.db).history("A:2").revisions.empty());
  CHECK_THROWS_AS(f.correct("A:2", " \n"), UsageError);
  CHECK_THROWS_AS(f.correct("A:2", "\xff\xfe"), UsageError);
  CHECK_THROWS_AS(f.correct("A:99", t), NotFound);
  CHECK_THROWS_AS(f.correct("A:2-3", t), UsageError);
  // A correction is signed: without an author nothing is written (it was
  // once dropped silently, by an INSERT OR IGNORE that a CHECK failed).
  CHECK_THROWS_AS(CorrectionRepository(f.db).correct("A:2", t + "甲", "", ""), NoAuthor);
  CHECK(CorrectionRepository(f.db).history("A:2").revisions.empty());
  CHECK(f.text("A:2") == t);
}

TEST_CASE("a passage's log starts with its text as imported, and restore writes that text again") {
  CorrectionFixture f;
  const std::string imported = f.text("A:5");
  f.correct("A:5", imported + "甲", "一校");
  f.correct("A:5", imported + "乙", "二校");
  PassageHistory h = CorrectionRepository(f.db).history("A:5");
  REQUIRE(h.revisions.size() == 3);
  CHECK(h.revisions[0].imported);
  CHECK(h.revisions[0].text == imported);
  CHECK(h.revisions[1].reason == "一校");
  CHECK(h.revisions[2].parents == std::vector<std::string>{h.revisions[1].uuid});
  CHECK(h.heads == std::vector<std::string>{h.revisions[2].uuid});
  CorrectionRepository(f.db).restore("A:5", h.revisions[0].uuid.substr(0, 6), "", jz_test::kTestAuthor);
  CHECK(f.text("A:5") == imported);
  h = CorrectionRepository(f.db).history("A:5");
  CHECK(h.revisions.size() == 4);
  CHECK(h.revisions.back().reason == "restored " + h.revisions[0].uuid.substr(0, 8));
  CHECK_THROWS_AS(CorrectionRepository(f.db).restore("A:5", "zzzz", "", jz_test::kTestAuthor), NotFound);
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("a hand-made link stays through a correction, its variants found again — a note follows its quote") {
  CorrectionFixture f;
  CollationRepository(f.db).add_manual_link("A:7", "B:30", jz_test::kTestAuthor, true);
  const std::string hand = link_of(f.db, "A:7");
  NoteRequest n;
  n.address = "A:7";
  n.target = NoteTarget::kSpan;
  const std::string t = f.text("A:7");
  n.quote = jz_test::to_utf8(jz_test::to_u32(t).substr(6, 3));
  n.body = "校注";
  n.author = jz_test::kTestAuthor;
  const Note note = NoteRepository(f.db).add(n);
  f.correct("A:7", "補字" + t);
  CHECK(link_of(f.db, "A:7") == hand);
  const Note moved = NoteRepository(f.db).get(note.uuid);
  CHECK_FALSE(moved.orphaned);
  CHECK(moved.start == note.start + 2);
  f.correct("A:7", "全非原文");
  CHECK(NoteRepository(f.db).get(note.uuid).orphaned);  // kept, listed as orphaned
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("a kind set by hand and a decided place move with their words when a correction shifts them") {
  CorrectionFixture f;
  const auto variants = CollationRepository(f.db).variants("A", "B", {VariantClass::kSubstantive}, std::string("A:10"));
  REQUIRE(variants.size() == 1);
  VariantKindChoices(f.db).set(variants.front().uuid, VariantKind::kTaboo, "避諱", jz_test::kTestAuthor);
  ApparatusRequest r;
  r.base = "A";
  r.witnesses = {"B"};
  r.passages = "A:10";
  const auto place_of = [&]() -> const ApparatusEntry& {
    static Apparatus a;
    a = make_apparatus(f.db, r, nullptr);
    for (const ApparatusPassage& p : a.passages) {
      for (const ApparatusEntry& e : p.entries) if (e.lemma == "太宗") return e;
    }
    FAIL("no entry 太宗 in A:10");
    throw;
  };
  DecisionRequest d;
  d.place = place_of().id;
  d.action = DecisionAction::kRecord;
  d.author = jz_test::kTestAuthor;
  DecisionRepository(f.db).decide(d);

  const CorrectionReport rep = f.correct("A:10", "〔補〕" + f.text("A:10"));
  CHECK(rep.kinds_carried == 1);
  CHECK(rep.places_carried == 1);
  std::vector<Variant> moved;
  for (Variant& v : CollationRepository(f.db).variants("A", "B", {VariantClass::kSubstantive}, std::string("A:10"))) {
    if (v.a.reading == "太宗") moved.push_back(std::move(v));  // 〔補〕 is a reading of its own
  }
  REQUIRE(moved.size() == 1);
  CHECK(moved.front().uuid != variants.front().uuid);
  CHECK(moved.front().a.start == variants.front().a.start + 3);
  CHECK(moved.front().kind == VariantKind::kTaboo);
  CHECK(moved.front().kind_chosen);
  const ApparatusEntry& e = place_of();
  REQUIRE(e.decision);
  CHECK(e.decision->action == DecisionAction::kRecord);
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("corrections made apart merge: different passages both arrive, one passage two ways is a conflict") {
  CorrectionFixture f;
  f.db.sql().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  std::filesystem::copy_file(f.dir / "c.db", f.dir / "y.db");
  Database y = open_database(f.dir / "y.db", OpenMode::kExisting);
  const std::string a2 = f.text("A:2"), a3 = f.text("A:3"), a4 = f.text("A:4");
  f.correct("A:2", a2 + "甲");
  CorrectionRepository(y).correct("A:3", a3 + "乙", "", "Yi <y@x>");
  f.correct("A:4", a4 + "丙");
  CorrectionRepository(y).correct("A:4", a4 + "丁", "", "Yi <y@x>");
  CorrectionRepository(y).correct("A:2", a2 + "甲", "同校", "Yi <y@x>");  // the same correction: no conflict
  const MergeReport m = merge_database(f.db, f.dir / "y.db", false);
  CHECK(m.passages_corrected >= 1);
  CHECK(f.text("A:2") == a2 + "甲");
  CHECK(f.text("A:3") == a3 + "乙");
  const auto open = list_conflicts(f.db).passages;
  REQUIRE(open.size() == 1);
  CHECK(open.front().address == "A:4");
  CHECK(open.front().heads.size() == 2);
  CHECK(m.conflicts_remaining == 1);
  CHECK(jz_test::passes_check(f.db));
  f.correct("A:4", a4 + "丙丁", "合校");
  CHECK(list_conflicts(f.db).passages.empty());
  f.db.sql().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  merge_database(y, f.dir / "c.db", false);
  CHECK(PassageRepository(y).get(parse_address("A:4")).front().text == a4 + "丙丁");
  CHECK(list_conflicts(y).passages.empty());
  CHECK(jz_test::passes_check(y));
}

TEST_CASE("check finds a passage that does not show its correction and a revision edited by hand") {
  CorrectionFixture f;
  f.correct("A:2", f.text("A:2") + "甲");
  f.db.sql().exec("UPDATE passage SET text = text || '乙' WHERE seq = 2 AND edition_id = (SELECT id FROM edition WHERE siglum = 'A')");
  f.db.sql().exec("UPDATE passage_revision SET reason = '改' WHERE reason IS NOT NULL");
  std::string faults;
  for (const CheckResult& c : check_database(f.db)) {
    for (const std::string& fault : c.faults) faults += c.name + ": " + fault + "\n";
  }
  CHECK_THAT(faults, Catch::Contains("corrections: passage A:2 does not show its newest correction"));
  CHECK_THAT(faults, Catch::Contains("does not derive from its content"));
}

TEST_CASE("import --replace corrects the passages that changed and keeps every other link — another shape replaces whole") {
  CorrectionFixture f;
  const auto before = collation(f.db);
  std::vector<std::string> lines = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
  lines[4] += "補";
  lines[9] = "〔補〕" + lines[9];
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  jz_test::write_file(f.dir / "fixed.txt", text);
  const std::filesystem::path file = f.dir / "fixed.txt";
  ImportOptions o;
  o.work = "songjin";
  o.siglum = "A";
  o.replace = true;
  o.author = jz_test::kTestAuthor;
  const ImportReport r = import_edition(f.db, {&file, 1}, o, nullptr);
  CHECK(r.replaced);
  CHECK(r.replaced_whole.empty());
  CHECK(r.passages_corrected == 2);
  CHECK(r.links_recollated == 2);
  const auto after = collation(f.db);
  for (const auto& [uuid, link] : before) CHECK(after.at(uuid).first == link.first);
  CHECK(CorrectionRepository(f.db).history("A:5").revisions.back().reason == "import --replace from fixed.txt");
  CHECK(import_edition(f.db, {&file, 1}, o, nullptr).unchanged);

  lines.insert(lines.begin(), "新增一段");
  text.clear();
  for (const std::string& l : lines) text += l + "\n";
  jz_test::write_file(f.dir / "fixed.txt", text);
  const ImportReport whole = import_edition(f.db, {&file, 1}, o, nullptr);
  CHECK(whole.replaced_whole == "the new text has 25 passages, the old 24");
  CHECK(whole.links_removed == static_cast<int64_t>(before.size()));
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("a passage too garbled to be aligned is linked once corrected, as a new alignment links it") {
  jz_test::TempDir dir;
  Database db = open_database(dir / "g.db", OpenMode::kCreate);
  std::vector<std::string> a = jz_test::lines_of(jz_test::corpus("songjin/hant.txt"));
  const std::string right = a[4];
  a[4] = "〓〓亂碼〓〓無從辨認之文〓〓〓";  // an OCR failure: nothing of A:5 left
  std::string text;
  for (const std::string& l : a) text += l + "\n";
  jz_test::write_file(dir / "a.txt", text);
  for (const auto& [file, siglum] : {std::pair{dir / "a.txt", "A"}, std::pair{jz_test::corpus("songjin/hans.txt"), "B"}}) {
    ImportOptions o;
    o.work = "songjin";
    o.siglum = siglum;
    import_edition(db, {&file, 1}, o, nullptr);
  }
  align_editions(db, "A", "B");
  REQUIRE(CollationRepository(db).links_of("A:5").empty());
  const CorrectionReport r = CorrectionRepository(db).correct("A:5", right, "據原書", jz_test::kTestAuthor);
  CHECK(r.links_made == 1);
  const auto made = CollationRepository(db).links_of("A:5");
  REQUIRE(made.size() == 1);
  CHECK_FALSE(made.front().manual);
  CHECK(jz_test::passes_check(db));
  // A new alignment of the corrected text makes the same link.
  db.sql().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  std::filesystem::copy_file(dir / "g.db", dir / "full.db");
  Database full = open_database(dir / "full.db", OpenMode::kExisting);
  align_editions(full, "A", "B");
  const auto again = CollationRepository(full).links_of("A:5");
  REQUIRE(again.size() == 1);
  CHECK(again.front().uuid == made.front().uuid);
  CHECK(collation(full).at(made.front().uuid).second == collation(db).at(made.front().uuid).second);

  // A link a scholar removed is not made again by a correction: its tombstone stays.
  CollationRepository(db).remove_link("A:5", made.front().b.front(), jz_test::kTestAuthor);
  CHECK(CorrectionRepository(db).correct("A:5", right + "。", "", jz_test::kTestAuthor).links_made == 0);
  CHECK(CollationRepository(db).links_of("A:5").empty());
  CHECK(jz_test::passes_check(db));
}

