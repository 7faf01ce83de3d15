// A real collection as it comes (#53): labels with tabs and compatibility
// ideographs, files named by number in a shell's order, the editors' own
// notes and supplements inside the text, authors named by title or by name.
#include <catch2/catch.hpp>

#include "align/editorial_matter.h"
#include "import/inline_markup.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/field.h"
#include "jiaozhu/import.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/people.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;

namespace {

std::string label(std::string_view value, unsigned& fixes) { return normalized_label(value, fixes); }

detail::ParsedSource taken(const std::string& text) {
  detail::ParsedSource parsed;
  PassageDraft d;
  d.text = text;
  parsed.passages.push_back(std::move(d));
  detail::take_inline_markup(parsed, {U"（）", U"[]〔〕"});
  return parsed;
}

struct MarkupFixture {
  jz_test::TempDir dir;
  Database db = open_database(dir / "m.db", OpenMode::kCreate);

  ImportReport import_json(const std::string& name, const std::string& json, const std::string& siglum) {
    jz_test::write_file(dir / name, json);
    ImportOptions o;
    o.work = "唐詩";
    o.siglum = siglum;
    const std::filesystem::path file = dir / name;
    return import_edition(db, {&file, 1}, o, nullptr);
  }
  std::string text(const std::string& address) { return PassageRepository(db).get(parse_address(address)).at(0).text; }
};

std::string poem(const std::string& title, const std::string& author, const std::string& line) {
  return "{\"title\": \"" + title + "\", \"author\": \"" + author + "\", \"paragraphs\": [\"" + line + "\"]}";
}

}  // namespace

TEST_CASE("a label's white space becomes one space and its compatibility ideographs their unified forms") {
  unsigned fixes = 0;
  CHECK(label("新樂府 七德舞\t美撥亂", fixes) == "新樂府 七德舞 美撥亂");
  CHECK(fixes == kLabelTab);
  fixes = 0;
  CHECK(label("送友人\r\n", fixes) == "送友人");
  CHECK(fixes == kLabelLineBreak);
  fixes = 0;
  CHECK(label("  江  南 ", fixes) == "江 南");
  CHECK(fixes == kLabelSpaces);
  fixes = 0;
  CHECK(label("贈\uF92C中", fixes) == "贈\u90CE中");
  CHECK(fixes == kLabelNfc);
  fixes = 0;
  CHECK(label("郊廟歌辭　五郊樂章 肅和", fixes) == "郊廟歌辭　五郊樂章 肅和");  // one space of either kind stays
  CHECK(fixes == 0);
  CHECK(label("a\x01" "b", fixes) == "a\x01" "b");  // left for the field rules to refuse
}

TEST_CASE("files named by number are told out of numeric order and put in it") {
  const std::vector<std::filesystem::path> glob{"d/poet.tang.0.json", "d/poet.tang.1000.json", "d/poet.tang.10000.json",
                                                "d/poet.tang.2000.json"};
  const auto disorder = numeric_disorder(glob);
  REQUIRE(disorder);
  CHECK(disorder->first.filename() == "poet.tang.10000.json");
  CHECK(disorder->second.filename() == "poet.tang.2000.json");
  const auto sorted = in_numeric_order(glob);
  CHECK(sorted[2].filename() == "poet.tang.2000.json");
  CHECK(sorted[3].filename() == "poet.tang.10000.json");
  CHECK_FALSE(numeric_disorder(sorted));
  const std::vector<std::filesystem::path> padded{"001.json", "002.json", "010.json"};
  CHECK_FALSE(numeric_disorder(padded));
  const std::vector<std::filesystem::path> one{"a.json", "b3.json"};
  CHECK_FALSE(numeric_disorder(one));
}

TEST_CASE("a source's note leaves the text and names its readings, each on the words it replaces") {
  SECTION("一作 with the reading quoted: as many characters before it as it has") {
    const auto p = taken("噫吁嚱，危乎高哉（一作「噫吁戲，危乎高哉」）！");
    CHECK(p.passages[0].text == "噫吁嚱，危乎高哉！");
    REQUIRE(p.notes.size() == 1);
    CHECK(p.notes[0].at == 0);
    CHECK(p.notes[0].end == 8);
    CHECK(p.notes[0].text == "一作「噫吁戲，危乎高哉」");
    REQUIRE(p.witnesses.size() == 1);
    CHECK(p.witnesses[0].label == "一本");
    CHECK(p.witnesses[0].partial);
    CHECK(p.witnesses[0].readings[0].text == "噫吁戲，危乎高哉");
  }
  SECTION("two witnesses of one reading, and punctuation skipped before the note") {
    const auto p = taken("青旗青，（辛本、川本作「驄」）馬作先鋒。");
    CHECK(p.passages[0].text == "青旗青，馬作先鋒。");
    REQUIRE(p.witnesses.size() == 2);
    CHECK(p.witnesses[0].label == "辛本");
    CHECK(p.witnesses[1].label == "川本");
    CHECK(p.witnesses[1].readings[0].start == 2);
    CHECK(p.witnesses[1].readings[0].end == 3);
  }
  SECTION("a lemma named (唐詩三百首), several readings split by ；") {
    const auto p = taken("層巒疊翠，即岡連雲。（層巒 一作：層臺；即岡 一作：列岡）");
    CHECK(p.passages[0].text == "層巒疊翠，即岡連雲。");
    REQUIRE(p.witnesses.size() == 1);
    REQUIRE(p.witnesses[0].readings.size() == 2);
    CHECK(p.witnesses[0].readings[0].start == 0);
    CHECK(p.witnesses[0].readings[1].start == 5);
    CHECK(p.witnesses[0].readings[1].text == "列岡");
  }
  SECTION("a note that comments gives no reading; a line that was only a note goes whole") {
    const auto p = taken("竹深留客處。\n（《北夢瑣言》云：此詩非杜作）\n荷淨納涼時。");
    CHECK(p.passages[0].text == "竹深留客處。\n荷淨納涼時。");
    REQUIRE(p.notes.size() == 1);
    CHECK(p.notes[0].end == -1);
    CHECK(p.notes[0].tags == std::vector<std::string>{"inline"});
    CHECK(p.witnesses.empty());
  }
  SECTION("a supplement keeps its words and is marked; a numeral in brackets is a note marker") {
    const auto p = taken("四海[夷]歌舞，萬方[一]同樂時。");
    CHECK(p.passages[0].text == "四海夷歌舞，萬方同樂時。");
    REQUIRE(p.notes.size() == 2);
    CHECK(p.notes[0].tags == std::vector<std::string>{"supplied"});
    CHECK(p.notes[0].at == 2);
    CHECK(p.notes[0].end == 3);
    CHECK(p.notes[1].tags == std::vector<std::string>{"marker"});
    CHECK(p.notes[1].text == "[一]");
  }
  SECTION("unmatched brackets, and a passage that is only a note, stay text") {
    CHECK(taken("未完（一作「甲").passages[0].text == "未完（一作「甲");
    CHECK(taken("（同前）").passages[0].text == "（同前）");
    CHECK(taken("（同前）").notes.empty());
  }
}

TEST_CASE("an import keeps the notes as notes, makes their witnesses partial, and the apparatus lists only their readings") {
  MarkupFixture f;
  const auto r = f.import_json("a.json", "[" + poem("蜀道難", "李白", "噫吁嚱，危乎高哉（一作「噫吁戲，危乎高哉」）！") + ", " +
                                             poem("宴中", "太宗皇帝", "四海[夷]歌舞，萬方同樂時。") + ", " +
                                             poem("送友人\\t其一", "李白", "青山橫北郭，白水遶東城。") + "]", "A");
  CHECK(r.labels.tabs == 1);
  CHECK(r.notes_imported == 2);
  REQUIRE(r.witnesses.size() == 1);
  CHECK(r.witnesses[0].partial);
  CHECK(r.witnesses[0].siglum == "A-Yiben");
  CHECK(f.text("A:1") == "噫吁嚱，危乎高哉！");
  CHECK(f.text("A-Yiben:1") == "噫吁戲，危乎高哉！");
  EditionRepository editions(f.db);
  CHECK(editions.is_partial(editions.get("A-Yiben").uuid));
  CHECK_FALSE(editions.is_partial(editions.get("A").uuid));
  NoteFilter filter;
  filter.address = "A";
  filter.tag = "supplied";
  CHECK(NoteRepository(f.db).list(filter).size() == 1);
  // A partial witness lacking passages 2 and 3 has no lacuna there.
  ApparatusRequest request;
  request.base = "A";
  request.witnesses = {"A-Yiben"};
  const Apparatus a = make_apparatus(f.db, request, nullptr);
  CHECK(a.entries == 1);
  REQUIRE(a.passages[0].entries.size() == 1);
  CHECK(a.passages[0].entries[0].readings[0].text == "噫吁戲，危乎高哉");
  CHECK(jz_test::passes_check(f.db));
}

TEST_CASE("an author named by title in one edition and by name in the other is no reading once the alias is known") {
  MarkupFixture f;
  f.import_json("a.json", "[" + poem("宴中", "太宗皇帝", "四海歌舞，萬方同樂時。") + ", " + poem("詠雨", "李昂1", "雨。") + "]", "A");
  f.import_json("b.json", "[" + poem("宴中", "李世民", "四海歌舞，萬方同樂時。") + ", " + poem("詠雨", "李昂", "雨。") + "]", "B");
  const auto author_variants = [&](VariantClass c) {
    align_editions(f.db, "A", "B");
    int n = 0;
    for (const Variant& v : CollationRepository(f.db).variants("A", "B", {c}, std::nullopt)) n += v.field == VariantField::kAuthor;
    return n;
  };
  CHECK(author_variants(VariantClass::kSubstantive) == 1);  // 太宗皇帝/李世民; 李昂1/李昂 is editorial
  PersonRepository people(f.db, jz_test::kTestAuthor);
  people.add("李世民", "");
  people.add_alias("李世民", "太宗皇帝", "temple", "");
  CHECK(author_variants(VariantClass::kSubstantive) == 0);
  CHECK(author_variants(VariantClass::kEditorial) == 2);
}

TEST_CASE("a digitisation's own matter around a title or a text is editorial: a heading, an elision, a stray mark") {
  using detail::is_stray_ending;
  using detail::is_title_heading_or_elision;
  // 御定全唐詩 prefixes a section: 「樂府雜曲：鼓吹曲辭：朱鷺」 against 「鼓吹曲辭 朱鷺」.
  const std::u32string yd = U"樂府雜曲：鼓吹曲辭：朱鷺", qts = U"鼓吹曲辭 朱鷺";
  CHECK(is_title_heading_or_elision(yd, 0, 4, qts, 0));
  // A level of heading between others: 「郊廟歌辭 五郊樂章 黃帝宮音 肅和」 against 「郊廟歌辭：五郊樂章：肅和」.
  CHECK(is_title_heading_or_elision(U"郊廟歌辭 五郊樂章 黃帝宮音 肅和", 10, 14, U"郊廟歌辭：五郊樂章：肅和", 10));
  // Words a long title elides where the other writes …
  const std::u32string whole = U"谷自亂離之後在西蜀半紀之餘多寓止精舍與圓昉上人爲淨侶四韻以弔之";
  const std::u32string elided = U"穀自亂離之後在西蜀半紀之餘多寓止精舍…四韻以吊之";
  CHECK(is_title_heading_or_elision(whole, 18, 26, elided, 18));
  // But a word of the title itself is a reading: 「詠雷句」 against 「句」, 「秋夜獨坐」 against 「秋夜坐」.
  CHECK_FALSE(is_title_heading_or_elision(U"詠雷句", 0, 2, U"句", 0));
  CHECK_FALSE(is_title_heading_or_elision(U"秋夜獨坐", 2, 3, U"秋夜坐", 2));
  // A stray 主 after the last line's closing punctuation, not a word inside or before it.
  CHECK(is_stray_ending(U"賴有彈琴女，時時聽一聲。主", 12, 13));
  CHECK_FALSE(is_stray_ending(U"賴有彈琴女，時時聽一聲主。", 11, 12));
  CHECK(is_stray_ending(U"賴有彈琴女，時時聽一聲。主人", 12, 14));  // two characters: still a stray mark
  CHECK_FALSE(is_stray_ending(U"賴有彈琴女，時時聽一聲。主人來", 12, 15));      // three: words
}

TEST_CASE("an import that would make more than 200 witness editions is refused whole") {
  MarkupFixture f;
  const std::u32string chars = U"天地玄黃宇宙洪荒日月盈昃辰宿列張寒來暑往秋收冬藏閏餘";
  std::string json = "[";
  int n = 0;
  for (char32_t x : chars) {
    for (char32_t y : chars) {
      if (n == 201) break;
      std::string name;
      append_utf8(name, x);
      append_utf8(name, y);
      json += (n ? ", " : "") + poem("詩" + std::to_string(n), "某", "青山橫北郭（" + name + "本作「嶺」）。");
      ++n;
    }
  }
  json += "]";
  CHECK_THROWS_WITH(f.import_json("many.json", json, "A"), Catch::Contains("201 witnesses") && Catch::Contains("at most 200"));
  CHECK_FALSE(EditionRepository(f.db).find("A"));
}
