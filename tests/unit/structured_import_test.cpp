// Editions from structured sources (TEI P5, Mandoku, JSON shapes) with their
// sections, pages and lines; how that structure is hashed, merged and
// checked; and the persons of CBDB's alternate-name tables.
#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>
#include <sstream>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/csv.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/note_exchange.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/people.h"
#include "jiaozhu/workflow.h"
#include "support.h"
#include "util/content_hash.h"

using namespace jiaozhu;

namespace {

struct StructureFixture {
  jz_test::TempDir dir;
  Database db = open_database(dir / "s.db", OpenMode::kCreate);

  ImportReport import_text(const std::string& name, const std::string& content, const std::string& siglum,
                           ImportOptions o = {}) {
    jz_test::write_file(dir / name, content);
    return import_file(dir / name, siglum, std::move(o));
  }
  ImportReport import_file(const std::filesystem::path& file, const std::string& siglum, ImportOptions o = {}) {
    o.work = o.work.empty() ? "test" : o.work;
    o.siglum = siglum;
    return import_edition(db, {&file, 1}, o, nullptr);
  }
  std::vector<Passage> passages(const std::string& siglum) { return PassageRepository(db).get(parse_address(siglum)); }
  bool sound() { return jz_test::passes_check(db); }
};

std::string tei(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TEI xmlns=\"http://www.tei-c.org/ns/1.0\"><teiHeader><fileDesc>"
         "<titleStmt><title>t</title></titleStmt></fileDesc></teiHeader><text><body>\n" +
         body + "\n</body></text></TEI>\n";
}

}  // namespace

TEST_CASE("a Kanripo (Mandoku) text imports with its headings as sections, page markers as pages, no markup") {
  StructureFixture f;
  const std::vector<std::filesystem::path> files{jz_test::corpus("kanripo/KR1a0001_001.txt"),
                                                 jz_test::corpus("kanripo/KR1a0001_002.txt")};
  ImportOptions o;
  o.work = "周易";
  o.siglum = "KR";
  const ImportReport r = import_edition(f.db, files, o, nullptr);
  const auto ps = f.passages("KR");
  REQUIRE(static_cast<int64_t>(ps.size()) == r.passages);
  for (const Passage& p : ps) {
    INFO(p.text);
    CHECK(p.text.find("<pb:") == std::string::npos);
    CHECK(p.text.find("¶") == std::string::npos);
    CHECK(p.text.find("#+") == std::string::npos);
    CHECK(p.text.find('\n') == std::string::npos);
    CHECK(p.page.has_value());
  }
  // 初九、¶ / 潛龍勿用。 under <pb:KR1a0001_tls_001-3a>: one paragraph, its
  // lines joined, beginning on the page's second line (the marker's own line
  // ends with ¶).
  CHECK(ps[2].text == "初九、潛龍勿用。");
  CHECK(ps[2].section == std::vector<std::string>{"《乾第一》"});
  CHECK(ps[2].page == "KR1a0001_tls_001-3a");
  CHECK(ps[2].line == "2");
  CHECK(ps.back().section == std::vector<std::string>{"《坤第二》"});
  CHECK(PassageRepository(f.db).get(parse_address("KR"), "坤第二").size() < ps.size());
  CHECK_THROWS_AS(PassageRepository(f.db).get(parse_address("KR"), "屯第三"), NotFound);
  CHECK(f.sound());
}

TEST_CASE("CBETA line markers become page and line references") {
  StructureFixture f;
  f.import_text("t.txt",
                "T01n0001_p0001a01║長阿含經序\n"
                "T01n0001_p0001a02║長安釋僧肇述\n"
                "\n"
                "T01n0001_p0001a03║夫宗極絕於稱謂。賢\n"
                "T01n0001_p0001a04║聖以之沖默。\n",
                "T", {});
  const auto ps = f.passages("T");
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].text == "長阿含經序長安釋僧肇述");
  CHECK(ps[0].page == "0001a");
  CHECK(ps[0].line == "1");
  CHECK(ps[1].text == "夫宗極絕於稱謂。賢聖以之沖默。");
  CHECK(ps[1].line == "3");
}

TEST_CASE("TEI P5: divisions as sections, blocks as passages, notes apart, editorial markup read through") {
  StructureFixture f;
  const ImportReport r = f.import_text(
      "t.xml",
      tei("<div><head>卷一</head><pb n=\"12\"/>\n"
          "  <div><head>梁惠王<hi>上</hi></head>\n"
          "    <p n=\"1.1\">孟子見梁惠王。<note>梁惠王，魏侯罃也。</note>王曰：\n      叟不遠千里而來</p>\n"
          "    <p><lb n=\"7\"/>亦將有<app><lem>以利</lem><rdg wit=\"#b\">利於</rdg></app>吾國乎<gap quantity=\"2\" unit=\"chars\"/></p>\n"
          "  </div>\n"
          "  <lg><head>詩</head><l>關關雎鳩</l>\n<l>在河之洲</l></lg>\n"
          "  <p><choice><sic>己</sic><corr>已</corr></choice>矣 <del>刪</del>hello\n  world</p>\n"
          "</div>"),
      "T");
  const auto ps = f.passages("T");
  REQUIRE(ps.size() == 4);
  CHECK(ps[0].text == "孟子見梁惠王。王曰：叟不遠千里而來");
  CHECK(ps[0].section == std::vector<std::string>{"卷一", "梁惠王上"});
  CHECK(ps[0].page == "12");
  CHECK(ps[0].ref == "1.1");
  CHECK(ps[1].text == "亦將有以利吾國乎□□");
  CHECK(ps[1].line == "7");
  CHECK(ps[2].text == "關關雎鳩\n在河之洲");
  CHECK(ps[2].title == "詩");
  CHECK(ps[2].section == std::vector<std::string>{"卷一"});
  CHECK(ps[3].text == "已矣 hello world");
  // The note stands after 孟子見梁惠王。: anchored on the clause it follows.
  CHECK(r.notes_imported == 1);
  const auto notes = NoteRepository(f.db).list({});
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].current.body == "梁惠王，魏侯罃也。");
  CHECK(notes[0].address == "T:1");
  CHECK(notes[0].exact == "孟子見梁惠王。");
  CHECK(notes[0].current.tags == std::vector<std::string>{"source"});
  CHECK(f.sound());

  SECTION("the same source imported in another copy holds the same note") {
    jz_test::TempDir other_dir;
    Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
    const auto file = f.dir / "t.xml";
    ImportOptions o;
    o.work = "test";
    o.siglum = "T";
    import_edition(other, {&file, 1}, o, nullptr);
    CHECK(NoteRepository(other).list({}).front().uuid == notes[0].uuid);
  }
}

TEST_CASE("TEI that is not well formed, not TEI or nested too deep is refused naming the file and line") {
  StructureFixture f;
  CHECK_THROWS_WITH(f.import_text("bad.xml", tei("<p>孟子\n見</q></p>"), "T"),
                    Catch::Contains("bad.xml: line 4: malformed XML"));
  ImportOptions as_tei;
  as_tei.format = SourceFormat::kTei;
  CHECK_THROWS_WITH(f.import_text("html.xml", "<?xml version=\"1.0\"?>\n<html><p>孟子</p></html>", "H", as_tei),
                    Catch::Contains("not a TEI document"));
  std::string deep;
  for (int i = 0; i < 5000; ++i) deep += "<hi>";
  deep += "字";
  for (int i = 0; i < 5000; ++i) deep += "</hi>";
  CHECK_THROWS_WITH(f.import_text("deep.xml", tei("<p>" + deep + "</p>"), "D"), Catch::Contains("nest more than"));
  CHECK(EditionRepository(f.db).list().empty());
}

TEST_CASE("TEI divisions nested past the limit are refused, however the reader reaches them") {
  StructureFixture f;
  // Divisions (read by their own reader, which once bypassed the depth
  // count and overflowed the stack at 100,000) and readings of an <app>.
  for (const auto& [open, close] : {std::pair{"<div>", "</div>"}, std::pair{"<app><lem>", "</lem></app>"}}) {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += open;
    deep += "<p>天</p>";
    for (int i = 0; i < 100000; ++i) deep += close;
    CHECK_THROWS_WITH(f.import_text("deep.xml", tei(deep), "D"), Catch::Contains("deep.xml: line 3: elements nest more than 256 deep"));
  }
  std::string fine;
  for (int i = 0; i < 200; ++i) fine += "<div>";
  fine += "<p>天</p>";
  for (int i = 0; i < 200; ++i) fine += "</div>";
  CHECK(f.import_text("fine.xml", tei(fine), "F").passages == 1);
}

TEST_CASE("TEI character references XML forbids are refused, not decoded into the text") {
  StructureFixture f;
  CHECK_THROWS_WITH(f.import_text("nul.xml", tei("<p>天&#0;地玄黃</p>"), "N"),
                    Catch::Contains("nul.xml: line 3: the character reference &#0; names a character XML does not allow"));
  CHECK_THROWS_WITH(f.import_text("esc.xml", tei("<p>天&#x1b;[2J地</p>"), "E"), Catch::Contains("&#x1b;"));
  CHECK(f.import_text("ok.xml", tei("<p>天&#x5730;&#22320;&#9;玄</p>"), "K").passages == 1);
  CHECK(f.passages("K")[0].text == "天地地 玄");
  CHECK(EditionRepository(f.db).list().size() == 1);
}

TEST_CASE("TEI fields are held to the rules merge holds them to") {
  StructureFixture f;
  const std::string long_n(200000, 'x');
  CHECK_THROWS_WITH(f.import_text("n.xml", tei("<p n=\"" + long_n + "\">天</p>"), "N"),
                    Catch::Contains("n.xml: line 3: its ref is longer than 1000 characters"));
  CHECK_THROWS_WITH(f.import_text("h.xml", tei("<div><head>" + std::string(2000, 'h') + "</head><p>天</p></div>"), "H"),
                    Catch::Contains("its section heading is longer than 1000 characters"));
  CHECK_THROWS_WITH(f.import_text("pb.xml", tei("<pb n=\"" + long_n + "\"/><p>天</p>"), "P"),
                    Catch::Contains("its page is longer than 1000 characters"));
  CHECK_THROWS_WITH(f.import_text("m.txt", "# title\n<pb:" + long_n + ">天地玄黃¶\n", "M"),
                    Catch::Contains("its page is longer than 1000 characters"));
  CHECK(EditionRepository(f.db).list().empty());
}

TEST_CASE("a TEI file's encoding declaration is honoured: Big5 is read as Big5") {
  StructureFixture f;
  const std::string poem = "<p>天地玄黃，宇宙洪荒。日月盈昃，辰宿列張。</p>";
  std::string big5 = jz_test::encode(tei(poem), "big5");
  const std::string declared = "encoding=\"UTF-8\"";
  if (const auto at = big5.find(declared); at != std::string::npos) big5.replace(at, declared.size(), "encoding=\"Big5\"");
  REQUIRE(big5.find("encoding=\"Big5\"") != std::string::npos);
  const auto r = f.import_text("big5.xml", big5, "K");
  CHECK(r.encodings == std::vector<std::string>{"big5"});
  CHECK(f.passages("K")[0].text == "天地玄黃，宇宙洪荒。日月盈昃，辰宿列張。");
  std::string sjis = tei(poem);
  sjis.replace(sjis.find(declared), declared.size(), "encoding=\"Shift_JIS\"");
  CHECK_THROWS_WITH(f.import_text("sjis.xml", sjis, "S"), Catch::Contains("declares encoding=\"shift_jis\""));
}

TEST_CASE("JSON records: the text and the section under keys the scholar names") {
  StructureFixture f;
  ImportOptions o;
  o.text_field = "content";
  o.section_fields = {"chapter", "section"};
  f.import_text("s.json",
                R"([{"title": "關雎", "chapter": "國風", "section": "周南", "content": ["關關雎鳩，在河之洲。", "窈窕淑女，君子好逑。"]},
                    {"title": "葛覃", "chapter": "國風", "section": "周南", "content": "葛之覃兮"},
                    {"title": "無", "chapter": "國風"}])",
                "SJ", o);
  const auto ps = f.passages("SJ");
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].text == "關關雎鳩，在河之洲。\n窈窕淑女，君子好逑。");
  CHECK(ps[0].section == std::vector<std::string>{"國風", "周南"});
  CHECK(ps[1].text == "葛之覃兮");
  CHECK(f.sound());
}

TEST_CASE("an edition's content hash covers its structure, and is unchanged for an edition without one") {
  detail::ContentHasher plain, with_none, with_page;
  plain.add_passage("甲", std::nullopt, std::nullopt, std::nullopt);
  with_none.add_passage("甲", std::nullopt, std::nullopt, std::nullopt);
  with_none.add_structure({}, std::nullopt, std::nullopt);
  with_page.add_passage("甲", std::nullopt, std::nullopt, std::nullopt);
  with_page.add_structure({}, "1a", std::nullopt);
  const std::string h = plain.hex();
  CHECK(with_none.hex() == h);
  CHECK(with_page.hex() != h);
  // The same text with other sections is another edition.
  StructureFixture f;
  f.import_text("a.xml", tei("<div><head>甲</head><p>一二三</p></div>"), "A");
  CHECK_THROWS_AS(f.import_text("b.xml", tei("<div><head>甲</head><p>一二三</p></div>"), "B"), ConflictError);
  CHECK_NOTHROW(f.import_text("c.xml", tei("<div><head>乙</head><p>一二三</p></div>"), "C"));
}

TEST_CASE("merge copies an edition's sections and pages, and refuses a section tree that loops") {
  StructureFixture f;
  f.import_text("t.xml", tei("<div><head>卷一</head><pb n=\"1a\"/><div><head>上</head><p>甲乙</p></div><p>丙丁</p></div>"), "T");
  jz_test::TempDir other_dir;
  {
    Database other = open_database(other_dir / "o.db", OpenMode::kCreate);
    const MergeReport r = merge_database(other, f.dir / "s.db", false);
    CHECK(r.editions_added == 1);
    const auto ps = PassageRepository(other).get(parse_address("T"));
    REQUIRE(ps.size() == 2);
    CHECK(ps[0].section == std::vector<std::string>{"卷一", "上"});
    CHECK(ps[1].section == std::vector<std::string>{"卷一"});
    CHECK(ps[1].page == "1a");
    CHECK(EditionRepository(other).get("T").content_hash == EditionRepository(f.db).get("T").content_hash);
  }
  const auto bad = other_dir / "bad.db";
  std::filesystem::copy_file(f.dir / "s.db", bad);
  SQLite::Database(bad.string(), SQLite::OPEN_READWRITE).exec("UPDATE section SET parent_id = (SELECT max(id) FROM section) WHERE parent_id IS NULL");
  Database fresh = open_database(other_dir / "f.db", OpenMode::kCreate);
  CHECK_THROWS_WITH(merge_database(fresh, bad, false), Catch::Contains("not an earlier section of its edition"));
  CHECK(EditionRepository(fresh).list().empty());
}

TEST_CASE("CBDB's alternate names: types become kinds, the person keeps its id, a second import adds nothing") {
  StructureFixture f;
  jz_test::import_songjin(f.db);
  const auto file = f.dir / "alt.csv";
  jz_test::write_file(file, std::string(kUtf8ByteOrderMark) +
                                "c_personid,c_name_chn,c_alt_name_chn,c_alt_name_type_code\n"
                                "999001,皇太極,太宗,廟號\n"
                                "999001,皇太極,\"四貝勒\",封爵\n"
                                "999002,洪承疇,亨九,2\n"
                                "999002,洪承疇,彥演,99\n");
  std::vector<std::string> warnings;
  const auto persons = read_cbdb_alternate_names(file, warnings);
  REQUIRE(persons.size() == 2);
  CHECK(persons[0].aliases == std::vector<std::pair<std::string, std::string>>{{"太宗", "temple"}, {"四貝勒", "title"}});
  CHECK(persons[1].aliases[0].second == "courtesy");
  CHECK(persons[1].aliases[1].second == "cbdb:99");
  REQUIRE(warnings.size() == 1);
  PersonRepository people(f.db, jz_test::kTestAuthor);
  const PersonImportReport r = people.import_persons(persons);
  CHECK(r.persons_added == 2);
  CHECK(r.aliases_added == 4);
  CHECK(r.ids_recorded == 2);
  const Person h = people.get("太宗");
  CHECK(h.name == "皇太極");
  CHECK(h.cbdb_id == "999001");
  const PersonImportReport again = people.import_persons(persons);
  CHECK(again.persons_added + again.aliases_added + again.ids_recorded == 0);
  CHECK(f.sound());

  jz_test::write_file(file, "c_personid\tc_name_chn\n1\t甲\n");
  CHECK_THROWS_WITH(read_cbdb_alternate_names(file, warnings), Catch::Contains("line 1: the header must name"));
  jz_test::write_file(file, "c_personid\tc_name_chn\tc_alt_name_chn\tc_alt_name_type\nx12\t甲\t乙\t字\n");
  CHECK_THROWS_WITH(read_cbdb_alternate_names(file, warnings), Catch::Contains("line 2: c_personid x12"));
}

TEST_CASE("annotations of other tools on a web page are placed in the edition it is mapped to, in either script") {
  StructureFixture f;
  jz_test::import_songjin(f.db);
  // Hypothesis's export, on a Simplified web page: its quotes are found in
  // the Traditional edition A; the last quote is in no edition.
  const auto file = f.dir / "hyp.json";
  jz_test::write_file(file, R"({"total": 3, "rows": [
    {"id": "h1", "created": "2026-01-02T03:04:05.000000+00:00", "updated": "2026-01-02T03:04:05.000000+00:00",
     "user": "acct:scholar@hypothes.is", "uri": "https://example.org/sj", "text": "人名", "tags": ["人物"],
     "target": [{"source": "https://example.org/sj", "selector": [
       {"type": "TextPositionSelector", "start": 900, "end": 903},
       {"type": "TextQuoteSelector", "exact": "张若麟", "prefix": "战争刚一开始，", "suffix": "便与马绍愉"}]}]},
    {"id": "h2", "user": "acct:scholar@hypothes.is", "uri": "https://example.org/sj", "text": "無此句",
     "target": [{"source": "https://example.org/sj", "selector": [{"type": "TextQuoteSelector", "exact": "子曰學而時習之"}]}]},
    {"id": "h3", "user": "acct:scholar@hypothes.is", "uri": "https://example.org/other", "text": "整頁",
     "target": [{"source": "https://example.org/other"}]}]})");
  CHECK_THROWS_WITH(import_notes(f.db, file), Catch::Contains("say which edition that is with --edition S"));
  NotesImportOptions o;
  o.edition = "A";
  const NotesImportReport r = import_notes(f.db, file, o);
  CHECK(r.annotations == 3);
  CHECK(r.notes_added == 3);
  CHECK(r.placed == 1);
  REQUIRE(r.orphaned.size() == 2);
  CHECK_THAT(r.orphaned[0], Catch::Contains("annotation 2") && Catch::Contains("子曰學而時習之"));
  CHECK_THAT(r.orphaned[1], Catch::Contains("on the whole page"));
  NoteFilter on_a;
  on_a.address = "A:3";
  const auto notes = NoteRepository(f.db).list(on_a);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].exact == "張若麟");
  CHECK(notes[0].current.author == "scholar@hypothes.is");
  CHECK(notes[0].current.tags == std::vector<std::string>{"人物"});
  NoteFilter orphaned;
  orphaned.orphaned_only = true;
  CHECK(NoteRepository(f.db).list(orphaned).size() == 1);
  // Imported again: nothing new.
  CHECK(import_notes(f.db, file, o).notes_added == 0);
  // --map names one source's edition; the others then need one too.
  NotesImportOptions mapped;
  mapped.sources = {{"https://example.org/sj", "B"}};
  CHECK_THROWS_WITH(import_notes(f.db, file, mapped), Catch::Contains("https://example.org/other"));
  CHECK(f.sound());
}

TEST_CASE("CBETA's TEI: back matter and catalogue numbers are not text, a byline is its own passage, standoff notes land on their words") {
  StructureFixture f;
  ImportOptions o;
  o.work = "心經";
  const ImportReport r = f.import_file(jz_test::corpus("cbeta/T08n0251.xml"), "T", o);
  const auto ps = f.passages("T");
  std::string all;
  for (const Passage& p : ps) all += p.text + "\n";
  CHECK(all.find("唐奘帝般") == std::string::npos);        // the apparatus's lemmas run together
  CHECK(all.find("No. 251") == std::string::npos);         // cb:docNumber
  CHECK(all.find("般若波羅蜜多心經唐三藏") == std::string::npos);  // the byline glued to its heading
  CHECK(all.find("觀自在菩薩行深般若波羅蜜多時") != std::string::npos);
  CHECK(all.find("僧莎訶") != std::string::npos);
  const auto byline = std::find_if(ps.begin(), ps.end(), [](const Passage& p) { return p.text == "唐三藏法師玄奘譯"; });
  REQUIRE(byline != ps.end());
  CHECK(byline->section == std::vector<std::string>{"般若波羅蜜多心經"});
  CHECK(r.notes_imported == 12);
  NoteFilter on;
  on.address = format_address("T", byline->seq);
  const std::vector<Note> notes = NoteRepository(f.db).list(on);
  const auto song = std::find_if(notes.begin(), notes.end(), [](const Note& n) { return n.current.body == "〔唐〕－【宋】"; });
  REQUIRE(song != notes.end());
  CHECK(song->target == NoteTarget::kSpan);
  CHECK(song->exact == "唐");
  CHECK(std::count(song->current.tags.begin(), song->current.tags.end(), "orig") == 1);
  CHECK(std::count(song->current.tags.begin(), song->current.tags.end(), "resp1") == 1);

  // The apparatus's witnesses: editions of the work, each the base with its readings, collated with it.
  REQUIRE(r.witnesses.size() == 3);
  CHECK(r.witnesses[0].siglum == "T-Song");
  CHECK(r.witnesses[0].label == "【宋】");
  const auto song_text = f.passages("T-Song");
  std::string song_all;
  for (const Passage& p : song_text) song_all += p.text;
  CHECK(song_all.find("唐三藏") == std::string::npos);          // 【宋】 lacks 唐
  CHECK(song_all.find("玄奘奉詔譯") != std::string::npos);
  CHECK(song_all.find("波羅僧揭諦") != std::string::npos);
  CHECK(song_all.find("薩婆訶") != std::string::npos);
  std::string ming_all;
  for (const Passage& p : f.passages("T-Ming")) ming_all += p.text;
  CHECK(ming_all.find("唐三藏法師玄奘奉詔譯") != std::string::npos);  // 【明】 keeps 唐
  CHECK(EditionRepository(f.db).get("T-Ming").work == "心經");
  CollationRepository::VariantQuery q;
  q.classes = {VariantClass::kSubstantive};
  int64_t readings = 0;
  CollationRepository(f.db).each_variant("T", "T-Song", q, [&](Variant&&) { ++readings; });
  CHECK(readings >= 5);

  // Round trip: the base's TEI apparatus against its witnesses, imported again, gives the same witnesses.
  ApparatusRequest request;
  request.base = "T";
  request.witnesses = {"T-Song", "T-Yuan", "T-Ming"};
  std::ostringstream tei;
  write_apparatus_tei(build_apparatus(f.db, request), tei);
  ImportOptions again;
  again.work = "心經 again";
  const ImportReport back = f.import_text("again.xml", tei.str(), "R", again);
  REQUIRE(back.witnesses.size() == 3);
  for (const char* w : {"Song", "Yuan", "Ming"}) {
    INFO(w);
    const auto before = f.passages(std::string("T-") + w), after = f.passages(std::string("R-") + w);
    REQUIRE(before.size() == after.size());
    for (std::size_t i = 0; i < before.size(); ++i) CHECK(before[i].text == after[i].text);
  }
  CHECK(f.sound());
}

TEST_CASE("a TEI gaiji takes its Unicode form from charDecl, else the text of <g>, else a placeholder") {
  StructureFixture f;
  f.import_text("g.xml",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TEI xmlns=\"http://www.tei-c.org/ns/1.0\"><teiHeader><fileDesc>"
                "<titleStmt><title>t</title></titleStmt></fileDesc><encodingDesc><charDecl><char xml:id=\"CB00001\">"
                "<mapping type=\"unicode\">\xF0\xA0\x80\x80</mapping></char><char xml:id=\"CB00002\"><mapping type=\"normal_unicode\">"
                "說</mapping></char></charDecl></encodingDesc></teiHeader><text><body>"
                "<p>甲<g ref=\"#CB00001\"/>乙<g ref=\"#CB00002\"/>丙<g ref=\"#CB09999\">丁</g><g ref=\"#CB09998\"/></p></body></text></TEI>\n",
                "G");
  CHECK(f.passages("G").front().text == "甲\xF0\xA0\x80\x80乙說丙丁□");
}

TEST_CASE("the sigla of a TEI apparatus's witnesses can be named by label or id") {
  StructureFixture f;
  ImportOptions o;
  o.work = "心經";
  o.witness_sigla = {{"宋", "S"}, {"wit3", "Y"}};
  const ImportReport r = f.import_file(jz_test::corpus("cbeta/T08n0251.xml"), "T", o);
  REQUIRE(r.witnesses.size() == 3);
  CHECK(r.witnesses[0].siglum == "S");
  CHECK(r.witnesses[1].siglum == "Y");
  CHECK(r.witnesses[2].siglum == "T-Ming");
  ImportOptions bad;
  bad.work = "心經2";
  bad.witness_sigla = {{"宋", "1x"}};
  CHECK_THROWS_AS(f.import_file(jz_test::corpus("cbeta/T08n0251.xml"), "U", bad), UsageError);
  // Another text (one word changed) whose witness is named with a siglum taken: refused, nothing written.
  std::string other = jz_test::read_file(jz_test::corpus("cbeta/T08n0251.xml"));
  other.replace(other.find("觀自在菩薩"), std::string("觀自在菩薩").size(), "觀世音菩薩");
  ImportOptions taken;
  taken.work = "心經3";
  taken.witness_sigla = {{"宋", "S"}};
  CHECK_THROWS_WITH(f.import_text("other.xml", other, "V", taken), Catch::Contains("that siglum is taken"));
  CHECK_FALSE(EditionRepository(f.db).find("V"));
  CHECK(f.sound());
}

TEST_CASE("a TEI witness is linked and collated by its apparatus, not aligned: a passage, a dittography, an inversion") {
  StructureFixture f;
  // 乙本 reads the first passage as the second says (an alignment would link
  // it there), lacks the second whole, repeats words (dittography) and
  // swaps two; an entry in a <rdgGrp>, and two placed by @loc: on a block
  // and on a line, whose lemma 金 stands before it too.
  const std::string source =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TEI xmlns=\"http://www.tei-c.org/ns/1.0\"><teiHeader><fileDesc>"
      "<titleStmt><title>t</title></titleStmt><sourceDesc><listWit><witness xml:id=\"A\">甲本</witness>"
      "<witness xml:id=\"B\">乙本</witness></listWit></sourceDesc></fileDesc></teiHeader><text><body>\n"
      "<p><app><lem wit=\"#A\">天地玄黃宇宙洪荒</lem><rdg wit=\"#B\">日月盈昃辰宿列張</rdg></app></p>\n"
      "<p><app><lem wit=\"#A\">日月盈昃辰宿列張</lem><rdg wit=\"#B\"/></app></p>\n"
      "<p>寒來暑<app><lem wit=\"#A\">往</lem><rdg wit=\"#B\">往寒來暑往</rdg></app><app><lem>秋收</lem><rdg wit=\"#B\">收秋</rdg></app>"
      "<app><rdgGrp><lem wit=\"#A\">冬</lem></rdgGrp><rdgGrp wit=\"#B\"><rdg>東</rdg></rdgGrp></app>藏</p>\n"
      "<p n=\"p4\">閏餘成歲</p>\n"
      "<p><lb n=\"a1\"/>金生麗水<lb n=\"a2\"/>玉出崑金</p>\n"
      "</body><back><listApp><app loc=\"p4\"><lem>閏</lem><rdg wit=\"#B\">潤</rdg></app>"
      "<app loc=\"a2\"><lem>金</lem><rdg wit=\"#B\">岡</rdg></app>"
      "<app loc=\"p9\"><lem>閏</lem><rdg wit=\"#B\">潤</rdg></app></listApp></back></text></TEI>\n";
  ImportOptions o;
  o.witness_sigla = {{"B", "W"}};
  const ImportReport r = f.import_text("w.xml", source, "T", o);
  REQUIRE(r.witnesses.size() == 1);
  CHECK(r.witnesses[0].siglum == "W");
  CHECK(r.witnesses[0].links == 4);
  CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) { return w.find("<app loc>") != std::string::npos; }));
  CHECK(f.passages("T")[2].text == "寒來暑往秋收冬藏");
  CHECK(f.passages("W")[0].text == "日月盈昃辰宿列張");
  CHECK(f.passages("W")[1].text == "寒來暑往寒來暑往收秋東藏");
  CHECK(f.passages("W")[3].text == "金生麗水玉出崑岡");

  CollationRepository c(f.db);
  const auto link_pairs = [&] {
    std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> out;
    for (const Link& l : c.links("T", "W")) out.emplace_back(l.a, l.b);
    return out;
  };
  const decltype(link_pairs()) expected{{{"T:1"}, {"W:1"}}, {{"T:3"}, {"W:2"}}, {{"T:4"}, {"W:3"}}, {{"T:5"}, {"W:4"}}};
  CHECK(link_pairs() == expected);
  for (const Link& l : c.links("T", "W")) CHECK(l.manual);
  CHECK(c.unmatched("T", "W") == std::vector<std::string>{"T:2"});

  const auto readings = [&](Database& db) {
    std::vector<std::tuple<std::string, std::string, std::string, int64_t, std::string>> out;
    for (const Variant& v : CollationRepository(db).variants("T", "W", {}, std::nullopt)) {
      out.emplace_back(v.a.address, v.a.reading, v.b.reading, v.a.start, v.kind ? std::string(chinese_name(*v.kind)) : "");
    }
    return out;
  };
  const decltype(readings(f.db)) apparatus{
      {"T:1", "天地玄黃宇宙洪荒", "日月盈昃辰宿列張", 0, "異文"},
      {"T:3", "往", "往寒來暑往", 3, "衍"},
      {"T:3", "秋收", "收秋", 4, "倒"},
      {"T:3", "冬", "東", 6, "音近"},
      {"T:4", "閏", "潤", 0, "通假"},
      {"T:5", "金", "岡", 7, "異文"},
  };
  CHECK(readings(f.db) == apparatus);

  // Align keeps the apparatus's links and their readings; so does a merge into a copy without them.
  align_editions(f.db, "T", "W");
  CHECK(link_pairs() == expected);
  CHECK(readings(f.db) == apparatus);
  Database copy = open_database(f.dir / "copy.db", OpenMode::kCreate);
  merge_database(copy, f.dir / "s.db", false);
  CHECK(readings(copy) == apparatus);
  CHECK(jz_test::passes_check(copy));

  // A correction of the base (藏 → 臧) collates only what it rewrote: the apparatus's readings around it stay as they are.
  CHECK(CorrectionRepository(f.db).correct("T:3", "寒來暑往秋收冬臧", "typo", jz_test::kTestAuthor).links_recollated == 1);
  auto corrected = apparatus;
  corrected.insert(corrected.begin() + 4, {"T:3", "臧", "藏", 7, "通假"});
  CHECK(readings(f.db) == corrected);
  // One that rewrites a reading's own words takes the collation's variants there.
  CorrectionRepository(f.db).correct("T:3", "寒來暑往秋收冬藏", "back", jz_test::kTestAuthor);
  CHECK(readings(f.db) == apparatus);
  CHECK(f.sound());
}

TEST_CASE("TEI divisions of notes or apparatus are not text wherever they stand, and their notes land on their anchors") {
  StructureFixture f;
  const ImportReport r = f.import_text(
      "front.xml",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TEI xmlns=\"http://www.tei-c.org/ns/1.0\"><teiHeader><fileDesc>"
      "<titleStmt><title>t</title></titleStmt></fileDesc></teiHeader><text><front>"
      "<div type=\"preface\"><p>序曰學而時習</p></div>"
      "<div type=\"notes\"><note target=\"#a1\">說讀為悅</note></div></front><body>"
      "<p>學而時習之不亦<anchor xml:id=\"a1\"/>說乎</p>"
      "<div type=\"commentary\"><p>注曰時習也</p></div>"
      "<div type=\"apparatus\"><p>說】悅</p></div><listApp><app loc=\"x\"><lem>說</lem></app></listApp></body></text></TEI>\n",
      "F");
  std::vector<std::string> texts;
  for (const Passage& p : f.passages("F")) texts.push_back(p.text);
  CHECK(texts == std::vector<std::string>{"序曰學而時習", "學而時習之不亦說乎", "注曰時習也"});
  CHECK(r.notes_imported == 1);
  const std::vector<Note> notes = NoteRepository(f.db).list({});
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].current.body == "說讀為悅");
  CHECK(notes[0].address == "F:2");
}
