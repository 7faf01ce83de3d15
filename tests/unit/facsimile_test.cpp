// Page images (#42): TEI <pb facs> and <facsimile>, IIIF manifests of both
// versions, folders of scans, a passage's pages, the rules every door holds
// a mapping to, merge of the log, and notes on a region of a page.
#include <catch2/catch.hpp>

#include <SQLiteCpp/Database.h>

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "facsimile/iiif_manifest.h"
#include "facsimile/image_folder.h"
#include "facsimile/page_images.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/note_exchange.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/image_folders.h"
#include "jiaozhu/workflow.h"
#include "support.h"

using namespace jiaozhu;
using namespace jiaozhu::detail;

namespace {

// The user's configuration inside `dir` while a test runs.
struct ConfigIn {
  explicit ConfigIn(const jz_test::TempDir& dir) { ::setenv("JIAOZHU_CONFIG", (dir / "config.json").c_str(), 1); }
  ~ConfigIn() { ::unsetenv("JIAOZHU_CONFIG"); }
};

// Five paragraphs over three pages; page 2 begins inside the second
// paragraph, so that passage 2 stands on pages 1 and 2.
std::string tei(const std::string& facs1, const std::string& facs2, const std::string& facs3, const std::string& facsimile = "") {
  auto pb = [](const char* n, const std::string& facs) { return "<pb n=\"" + std::string(n) + "\"" + (facs.empty() ? "" : " facs=\"" + facs + "\"") + "/>"; };
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><TEI xmlns=\"http://www.tei-c.org/ns/1.0\"><teiHeader><fileDesc><titleStmt>"
         "<title>十思疏</title></titleStmt><publicationStmt><p>t</p></publicationStmt><sourceDesc><p>t</p></sourceDesc></fileDesc>"
         "</teiHeader>" + facsimile + "<text><body><div>" + pb("1", facs1) + "<p>臣聞求木之長者，必固其根本。</p><p>欲流之遠者，" +
         pb("2", facs2) + "必浚其泉源。</p><p>思國之安者，必積其德義。</p>" + pb("3", facs3) + "<p>源不深而望流之遠。</p><p>根不固而求木之長。</p>"
         "</div></body></text></TEI>";
}

void import_tei(Database& db, const std::filesystem::path& file, const std::string& siglum) {
  ImportOptions o;
  o.work = "十思疏";
  o.siglum = siglum;
  o.author = jz_test::kTestAuthor;
  const std::vector<std::filesystem::path> files{file};
  import_edition(db, files, o, {});
}

std::string manifest_v3(const std::string& base) {
  std::string items;
  for (int n = 1; n <= 3; ++n) {
    const std::string c = base + "/canvas/" + std::to_string(n), img = base + "/p" + std::to_string(n);
    items += std::string(n > 1 ? "," : "") + R"({"id":")" + c + R"(","type":"Canvas","label":{"none":["第)" + std::to_string(n) +
             R"(頁"]},"width":200,"height":300,"items":[{"id":")" + c + R"(/page","type":"AnnotationPage","items":[{"id":")" + c +
             R"(/anno","type":"Annotation","motivation":"painting","body":{"id":")" + img +
             R"(/full/max/0/default.jpg","type":"Image","width":200,"height":300,"service":[{"id":")" + img +
             R"(","type":"ImageService3","profile":"level0"}]},"target":")" + c + R"("}]}]})";
  }
  return R"({"@context":"http://iiif.io/api/presentation/3/context.json","id":")" + base +
         R"(/manifest.json","type":"Manifest","label":{"zh":["十思疏"]},"items":[)" + items + "]}";
}

// The 十思疏 of tei() as edition A in dir/a.db, its three pages mapped in
// order to the canvases of a IIIF 3 manifest.
Database mapped_to_manifest(const jz_test::TempDir& dir) {
  jz_test::write_file(dir / "a.xml", tei("", "", ""));
  jz_test::write_file(dir / "m.json", manifest_v3("https://iiif.example.org/b"));
  Database db = open_database(dir / "a.db", OpenMode::kCreate);
  import_tei(db, dir / "a.xml", "A");
  FacsimileRepository(db).add_iiif("A", (dir / "m.json").string(), PageMatch::kOrder, jz_test::kTestAuthor);
  return db;
}

}  // namespace

TEST_CASE("IIIF manifests of versions 2 and 3 give each canvas's image and service") {
  const IiifManifest v3 = read_iiif_manifest(manifest_v3("https://example.org/iiif"), "m.json");
  REQUIRE(v3.canvases.size() == 3);
  CHECK(v3.canvases[1].label == "第2頁");
  CHECK(v3.canvases[1].image == "https://example.org/iiif/p2/full/max/0/default.jpg");
  CHECK(v3.canvases[1].service == "https://example.org/iiif/p2");
  CHECK(v3.canvases[1].image_api == 3);
  const std::string v2 = R"({"@context":"http://iiif.io/api/presentation/2/context.json","@id":"https://e.org/m","@type":"sc:Manifest",
    "sequences":[{"canvases":[{"@id":"https://e.org/c1","label":"1a","width":10,"height":20,"images":[{"resource":
    {"@id":"https://e.org/i1/full/full/0/default.jpg","service":{"@context":"http://iiif.io/api/image/2/context.json",
    "@id":"https://e.org/i1/","profile":"http://iiif.io/api/image/2/level1.json"}}}]}]}]})";
  const IiifManifest m2 = read_iiif_manifest(v2, "m2.json");
  REQUIRE(m2.canvases.size() == 1);
  CHECK(m2.canvases[0].label == "1a");
  CHECK(m2.canvases[0].service == "https://e.org/i1");  // its trailing slash dropped
  CHECK(m2.canvases[0].image_api == 2);
  CHECK_THROWS_AS(read_iiif_manifest("{\"type\":\"Collection\"}", "c.json"), InputError);
  CHECK_THROWS_AS(read_iiif_manifest("not json", "x.json"), InputError);
  CHECK_THROWS_AS(read_iiif_manifest(R"({"type":"Manifest","items":[{"type":"Canvas","id":"c"}]})", "e.json"), InputError);
}

TEST_CASE("a page image breaks no rule at any door: names stay in their folder, URLs are http(s)") {
  PageImage i;
  i.page = "2";
  i.order = 2;
  i.file = "scans/p2.png";
  CHECK_NOTHROW(check_page_image(i));
  for (const char* bad : {"../p2.png", "/etc/passwd", "scans/../../x.png", "C:\\x.png", "a\\..\\b.png", "", "scans//p.png"}) {
    i.file = bad;
    INFO(bad);
    CHECK_THROWS_AS(check_page_image(i), UsageError);
  }
  i.file.clear();
  for (const char* bad : {"javascript:alert(1)", "file:///etc/passwd", "http://", "https://e.org/a b.jpg", "https://e.org/\"x"}) {
    i.url = bad;
    INFO(bad);
    CHECK_THROWS_AS(check_page_image(i), UsageError);
  }
  i.url = "https://e.org/p2.jpg";
  CHECK_NOTHROW(check_page_image(i));
  i.file = "p2.png";  // both
  CHECK_THROWS_AS(check_page_image(i), UsageError);
  CHECK(url_origin("https://e.org:8443/iiif/p2?x") == "https://e.org:8443");
  PageImage web;
  web.page = "2";
  web.order = 2;
  web.url = "https://e.org/p2.jpg";
  web.canvas = "c";
  web.service = "https://e.org/s";
  web.image_api = 3;
  web.width = 200;
  web.height = 300;
  const StoredImage back = decode_page_image(encode_page_image("0b1e4b39-1c9a-8a2e-9d4c-0123456789ab", web));
  CHECK(back.image.service == "https://e.org/s");
  CHECK(back.image.width == 200);
  CHECK_THROWS_AS(decode_page_image(R"({"edition":"x","page":"1","order":1,"file":"a.png"})"), UsageError);
}

TEST_CASE("a folder's scans: natural order, a pattern, the number in a name") {
  jz_test::TempDir dir;
  for (const char* f : {"scan_010.jpg", "scan_002.jpg", "scan_001.JPG", "notes.txt", "cover.png"}) jz_test::write_file(dir / f, "x");
  CHECK(image_files(dir.path()) == std::vector<std::string>{"cover.png", "scan_001.JPG", "scan_002.jpg", "scan_010.jpg"});
  CHECK(name_from_pattern("p{n}.jpg", "12") == "p12.jpg");
  CHECK(name_from_pattern("scan_{n:3}.jpg", "2") == "scan_002.jpg");
  CHECK_THROWS_AS(name_from_pattern("p.jpg", "1"), UsageError);
  CHECK_THROWS_AS(name_from_pattern("../{n}.jpg", "1"), UsageError);
  CHECK(file_by_number(image_files(dir.path()), "10") == std::optional<std::string>("scan_010.jpg"));
  CHECK(file_by_number(image_files(dir.path()), "7") == std::nullopt);
  CHECK_THROWS_AS(image_files(dir / "none"), InputError);

  // Sizes from the headers: a PNG's IHDR, a GIF's screen, a JPEG's first frame after other segments.
  jz_test::write_file(dir / "a.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x01\x2c\0\0\x01\x90", 24));
  jz_test::write_file(dir / "a.gif", std::string("GIF89a\x40\x01\xf0\x00", 10));
  jz_test::write_file(dir / "a.jpg", std::string("\xff\xd8\xff\xe0\x00\x04\x00\x00\xff\xc2\x00\x0b\x08\x02\x58\x03\x20\x01", 18));
  CHECK(image_size(dir / "a.png")->width == 300);
  CHECK(image_size(dir / "a.png")->height == 400);
  CHECK(image_size(dir / "a.gif")->width == 320);
  CHECK(image_size(dir / "a.gif")->height == 240);
  CHECK(image_size(dir / "a.jpg")->width == 800);
  CHECK(image_size(dir / "a.jpg")->height == 600);
  CHECK_FALSE(image_size(dir / "notes.txt"));
  CHECK_FALSE(image_size(dir / "scan_001.JPG"));  // "x": no header
}

TEST_CASE("TEI <pb facs> names each page's scan, and a passage the pages it stands on") {
  jz_test::TempDir dir;
  ConfigIn config(dir);
  std::filesystem::create_directories(dir / "scans");
  for (const char* f : {"p1.png", "p2.png"}) jz_test::write_file(dir / "scans" / f, "png");
  jz_test::write_file(dir / "a.xml", tei("scans/p1.png", "#s2", "scans/p3.png",
                                         "<facsimile><surface xml:id=\"s2\"><graphic url=\"scans/p2.png\"/></surface></facsimile>"));
  Database db = open_database(dir / "t.db", OpenMode::kCreate);
  import_tei(db, dir / "a.xml", "A");
  FacsimileRepository repo(db);
  const std::vector<ShownImage> all = repo.list("A");
  REQUIRE(all.size() == 3);
  CHECK(all[1].image.file == "scans/p2.png");
  CHECK(all[1].path == dir.path() / "scans" / "p2.png");
  CHECK(all[2].missing.find("p3.png") != std::string::npos);  // named, not here: said, not failed
  const PassagePages two = repo.of_passage("A:2");
  CHECK(two.pages == std::vector<std::string>{"1", "2"});
  CHECK(two.images.size() == 2);
  CHECK(repo.of_passage("A:3").pages == std::vector<std::string>{"2"});
  CHECK_THROWS_AS(repo.of_passage("A:9"), NotFound);
  CHECK(jz_test::passes_check(db));

  // Another machine: the mapping travels, the folder is its own.
  ::setenv("JIAOZHU_CONFIG", (dir / "elsewhere.json").c_str(), 1);
  const std::vector<ShownImage> there = repo.list("A");
  CHECK_FALSE(there[0].path);
  CHECK(there[0].missing.find("facsimile folder A") != std::string::npos);
}

TEST_CASE("a IIIF manifest maps canvases to pages by label or in order, and a withdrawal wins over older copies") {
  jz_test::TempDir dir;
  ConfigIn config(dir);
  jz_test::write_file(dir / "a.xml", tei("", "", ""));
  jz_test::write_file(dir / "m.json", manifest_v3("https://iiif.example.org/b"));
  {
    Database db = open_database(dir / "a.db", OpenMode::kCreate);
    import_tei(db, dir / "a.xml", "A");
    FacsimileRepository repo(db);
    const FacsimileAdded added = repo.add_iiif("A", (dir / "m.json").string(), PageMatch::kLabel, jz_test::kTestAuthor);
    CHECK(added.pages == 3);  // 第2頁 is page 2 by its number
    CHECK(added.unmatched.empty());
    const std::optional<ShownImage> p2 = repo.image_of("A", "2");
    REQUIRE(p2);
    CHECK(p2->image.canvas == "https://iiif.example.org/b/canvas/2");
    CHECK(image_url(p2->image, 800) == "https://iiif.example.org/b/p2/full/800,/0/default.jpg");
    CHECK(image_origins(p2->image) == std::vector<std::string>{"https://iiif.example.org", "https://iiif.example.org"});
    CHECK_THROWS_AS(repo.add_iiif("Z", (dir / "m.json").string(), PageMatch::kOrder, "x"), NotFound);
    CHECK_THROWS_AS(repo.add_iiif("A", (dir / "none.json").string(), PageMatch::kOrder, "x"), InputError);
  }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  {
    Database b = open_database(dir / "b.db", OpenMode::kExisting);
    CHECK(FacsimileRepository(b).remove("A", std::string("3"), "other") == 1);
  }
  Database a = open_database(dir / "a.db", OpenMode::kExisting);
  const MergeReport r = merge_database(a, dir / "b.db", false);
  CHECK(r.page_images == 1);
  CHECK_FALSE(FacsimileRepository(a).image_of("A", "3"));  // the tombstone is newer
  CHECK(FacsimileRepository(a).list("A").size() == 2);
  CHECK(merge_database(a, dir / "b.db", false).page_images == 0);
  CHECK(jz_test::passes_check(a));
}

TEST_CASE("merge refuses a copy whose page image would leave its folder") {
  jz_test::TempDir dir;
  ConfigIn config(dir);
  jz_test::write_file(dir / "a.xml", tei("p1.png", "p2.png", "p3.png"));
  { Database db = open_database(dir / "a.db", OpenMode::kCreate); import_tei(db, dir / "a.xml", "A"); }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  {
    // A hostile copy: a row rewritten by hand, its uuid derived again so that only the rule catches it.
    SQLite::Database raw((dir / "b.db").string(), SQLite::OPEN_READWRITE);
    SQLite::Statement q(raw, "SELECT page_uuid, image, author, edition_uuid FROM page_image WHERE image LIKE '%p1.png%'");
    REQUIRE(q.executeStep());
    Choice c{"", q.getColumn(0).getString(), std::string(q.getColumn(1).getString()), q.getColumn(3).getString(),
             q.getColumn(2).getString(), "2030-01-01T00:00:00.000Z"};
    std::string v = *c.value;
    v.replace(v.find("p1.png"), 6, "../../etc/passwd");
    c.value = v;
    c.uuid = ChoiceLog::uuid_of(kPageImages, c);
    SQLite::Statement ins(raw, "INSERT INTO page_image (uuid, page_uuid, image, edition_uuid, author, set_at) VALUES (?, ?, ?, ?, ?, ?)");
    ins.bind(1, c.uuid); ins.bind(2, c.subject); ins.bind(3, *c.value); ins.bind(4, c.note); ins.bind(5, c.author); ins.bind(6, c.set_at);
    ins.exec();
  }
  Database a = open_database(dir / "a.db", OpenMode::kExisting);
  const auto before = FacsimileRepository(a).list("A");
  CHECK_THROWS_WITH(merge_database(a, dir / "b.db", false), Catch::Contains("is not a name inside the edition's folder"));
  CHECK(FacsimileRepository(a).list("A").size() == before.size());
  CHECK(FacsimileRepository(a).image_of("A", "1")->image.file == "p1.png");
}

TEST_CASE("a note on a region of a page image is exported as xywh on its canvas and comes back") {
  jz_test::TempDir dir;
  ConfigIn config(dir);
  Database db = mapped_to_manifest(dir);
  NoteRequest r;
  r.address = "A:3";
  r.region = "10,20,30,40";
  r.body = "此字漫漶";
  r.author = jz_test::kTestAuthor;
  const Note n = NoteRepository(db).add(r);
  CHECK(n.region_page == "2");
  CHECK(n.region == "10,20,30,40");
  r.region = "190,20,30,40";  // past the image's 200 pixels
  CHECK_THROWS_AS(NoteRepository(db).add(r), UsageError);
  r.region = "10,20,0,40";
  CHECK_THROWS_AS(NoteRepository(db).add(r), UsageError);
  r.region = "10,20,30,40";
  r.region_page = "9";
  CHECK_THROWS_AS(NoteRepository(db).add(r), NotFound);
  r.region_page.clear();
  r.quote = "思國";
  r.target = NoteTarget::kSpan;
  CHECK_THROWS_AS(NoteRepository(db).add(r), UsageError);

  std::ostringstream w3c;
  db.read([&] { export_notes(db, NoteFormat::kW3c, false, w3c); });
  CHECK(w3c.str().find("\"value\": \"xywh=10,20,30,40\"") != std::string::npos);
  CHECK(w3c.str().find("\"id\": \"https://iiif.example.org/b/canvas/2\"") != std::string::npos);
  jz_test::write_file(dir / "notes.json", w3c.str());

  Database other = open_database(dir / "c.db", OpenMode::kCreate);
  import_tei(other, dir / "a.xml", "A");
  import_notes(other, dir / "notes.json");
  const std::vector<Note> back = NoteRepository(other).list({});
  REQUIRE(back.size() == 1);
  CHECK(back[0].region == "10,20,30,40");
  CHECK(back[0].region_page == "2");
  CHECK(back[0].address == "A:3");
  CHECK(jz_test::passes_check(other));
  // The same note sent with a page its passage does not stand on, or a
  // region outside the image, is refused whole.
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"\"jz:page\": \"2\"", "\"jz:page\": \"1\""},
                                 {"xywh=10,20,30,40", "xywh=190,20,30,40"}}) {
    std::string bad = w3c.str();
    REQUIRE(bad.find(from) != std::string::npos);
    bad.replace(bad.find(from), from.size(), to);
    jz_test::TempDir elsewhere;
    ConfigIn its_config(elsewhere);
    Database third = mapped_to_manifest(elsewhere);
    jz_test::write_file(elsewhere / "bad.json", bad);
    CHECK_THROWS_AS(import_notes(third, elsewhere / "bad.json"), InputError);
    CHECK(NoteRepository(third).list({}).empty());
  }

  // A IIIF viewer's annotation on canvas 2 (Mirador's shape): a region of page 2, on the passage that begins there.
  jz_test::write_file(dir / "mirador.json", R"({"@context":"http://www.w3.org/ns/anno.jsonld","id":"https://viewer.example.org/a/1",
    "type":"Annotation","motivation":"commenting","body":{"type":"TextualBody","value":"蟲蛀","format":"text/plain"},
    "target":{"source":{"id":"https://iiif.example.org/b/canvas/2","type":"Canvas"},
              "selector":{"type":"FragmentSelector","conformsTo":"http://www.w3.org/TR/media-frags/","value":"xywh=pixel:5,6,7,8"}}})");
  const NotesImportReport r2 = import_notes(db, dir / "mirador.json");
  CHECK(r2.placed == 1);
  NoteFilter on3;
  on3.address = "A:3";
  const std::vector<Note> here = NoteRepository(db).list(on3);
  const auto worm = std::find_if(here.begin(), here.end(), [](const Note& x) { return x.current.body == "蟲蛀"; });
  REQUIRE(worm != here.end());
  CHECK(worm->region == "5,6,7,8");
  CHECK(worm->region_page == "2");
  // On a canvas no edition here maps: refused without --edition, on the first passage without its region with it.
  jz_test::write_file(dir / "elsewhere.json", std::regex_replace(jz_test::read_file(dir / "mirador.json"), std::regex("iiif.example.org/b"), "other.org/x"));
  CHECK_THROWS_AS(import_notes(db, dir / "elsewhere.json"), InputError);
  NotesImportOptions to_a;
  to_a.edition = "A";
  const NotesImportReport r3 = import_notes(db, dir / "elsewhere.json", to_a);
  CHECK(r3.orphaned.size() == 1);
  CHECK(jz_test::passes_check(db));
}

TEST_CASE("a note on a region moved to another passage keeps its region on the same page, and every copy follows") {
  jz_test::TempDir dir;
  ConfigIn config(dir);
  Database db = mapped_to_manifest(dir);
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  NoteRequest r;
  r.address = "A:4";
  r.region = "10,20,30,40";
  r.body = "此字漫漶";
  r.author = jz_test::kTestAuthor;
  NoteRepository notes(db);
  const Note n = notes.add(r);
  const auto to = [](const std::string& address) {
    NoteRequest t;
    t.address = address;
    return t;
  };
  // A:5 stands on page 3 too: the region stays.
  Note moved = notes.move(n.uuid, to("A:5"), jz_test::kTestAuthor);
  CHECK(moved.address == "A:5");
  CHECK(moved.region_page == "3");
  CHECK(moved.region == "10,20,30,40");
  // A:3 is on page 2: the region cannot follow, and nothing is written.
  CHECK_THROWS_WITH(notes.move(n.uuid, to("A:3"), jz_test::kTestAuthor),
                    Catch::Contains("on a region of page 3, and A:3: it stands on no page 3 with an image"));
  CHECK(notes.get(n.uuid).address == "A:5");
  NoteRequest with_region = to("A:3");
  with_region.region = "1,2,3,4";
  moved = notes.move(n.uuid, with_region, jz_test::kTestAuthor);
  CHECK(moved.region_page == "2");
  CHECK(moved.region == "1,2,3,4");
  // Every copy places it where the newest move says, region and all.
  Database b = open_database(dir / "b.db", OpenMode::kExisting);
  merge_database(b, dir / "a.db", false);
  const Note there = NoteRepository(b).get(n.uuid);
  CHECK(there.address == "A:3");
  CHECK(there.region_page == "2");
  CHECK(there.region == "1,2,3,4");
  CHECK(jz_test::passes_check(b));
  // Moved onto words, it leaves the image.
  NoteRequest words = to("A:5");
  words.target = NoteTarget::kSpan;
  words.quote = "根不固";
  moved = notes.move(n.uuid, words, jz_test::kTestAuthor);
  CHECK(moved.region.empty());
  CHECK(moved.region_page.empty());
  CHECK(jz_test::passes_check(db));
}
