// What a colleague's file, a git history or a page image may hold, and what
// it cannot do to this copy (#54): each case failed before its fix.
#include <catch2/catch.hpp>

#include <SQLiteCpp/Database.h>

#include <fstream>
#include <random>

#include "align/diff.h"
#include "facsimile/iiif_manifest.h"
#include "facsimile/image_folder.h"
#include "facsimile/page_images.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/parallels.h"
#include "jiaozhu/search.h"
#include "jiaozhu/workflow.h"
#include "support.h"
#include "util/bounded_input.h"

using namespace jiaozhu;

namespace {

Note add_note(Database& db, const std::string& address, const std::string& body) {
  NoteRequest r;
  r.address = address;
  r.body = body;
  r.author = jz_test::kTestAuthor;
  return NoteRepository(db).add(r);
}

std::vector<std::string> bodies(Database& db) {
  NoteFilter all;
  std::vector<std::string> out;
  for (const Note& n : NoteRepository(db).list(all)) out.push_back(n.current.body);
  std::sort(out.begin(), out.end());
  return out;
}

// Imports `lines` (one passage a line) as edition `siglum` of `work`.
void import_lines(Database& db, const std::filesystem::path& dir, const std::string& lines, const std::string& work,
                  const std::string& siglum) {
  const std::filesystem::path file = dir / (siglum + ".txt");
  jz_test::write_file(file, lines);
  ImportOptions o;
  o.work = work;
  o.siglum = siglum;
  import_edition(db, {&file, 1}, o, nullptr);
}

// A new database at `path` holding edition A of 千字文, one passage a line.
void make_database(const std::filesystem::path& path, const std::string& lines) {
  Database db = open_database(path, OpenMode::kCreate);
  import_lines(db, path.parent_path(), lines, "千字文", "A");
}

std::string file_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

uint32_t be(const std::string& s, std::size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data() + at);
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

void put_be(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

// A hot journal that would put every page of `theirs` into the file it lies
// beside, with the checksums SQLite verifies.
std::string journal_of_pages(const std::string& theirs) {
  uint32_t page = (uint32_t{static_cast<unsigned char>(theirs[16])} << 8) | static_cast<unsigned char>(theirs[17]);
  if (page == 1) page = 65536;
  const uint32_t n = static_cast<uint32_t>(theirs.size() / page), nonce = 0x1234567;
  std::string out("\xd9\xd5\x05\xf9\x20\xa1\x63\xd7", 8);
  for (uint32_t v : {n, nonce, n, 512u, page}) put_be(out, v);
  out.resize(512, '\0');
  for (uint32_t k = 0; k < n; ++k) {
    const std::string data = theirs.substr(std::size_t{k} * page, page);
    uint32_t sum = nonce;
    for (int i = static_cast<int>(page) - 200; i > 0; i -= 200) sum += static_cast<unsigned char>(data[static_cast<std::size_t>(i)]);
    put_be(out, k + 1);
    out += data;
    put_be(out, sum);
  }
  return out;
}

}  // namespace

TEST_CASE("a rollback journal from another copy is set aside, never played into this one") {
  jz_test::TempDir dir;
  const auto mine = dir / "mine.db", theirs = dir / "theirs.db";
  make_database(mine, "天地玄黃，宇宙洪荒。\n日月盈昃，辰宿列張。\n");
  std::filesystem::copy_file(mine, theirs);
  {
    Database db = open_database(mine, OpenMode::kExisting);
    add_note(db, "A:1", "mine");
  }
  {
    Database db = open_database(theirs, OpenMode::kExisting);
    add_note(db, "A:2", "theirs");
  }
  const std::string before = jz_test::file_sha256(mine);
  jz_test::write_file(dir / "mine.db-journal", journal_of_pages(file_bytes(theirs)));
  CHECK_THROWS_WITH(open_database(mine, OpenMode::kExisting), Catch::Contains("is not mine.db's own rollback journal") &&
                                                                 Catch::Contains("mine.db-journal.from-another-copy"));
  CHECK(jz_test::file_sha256(mine) == before);
  CHECK_FALSE(std::filesystem::exists(dir / "mine.db-journal"));
  CHECK(std::filesystem::exists(dir / "mine.db-journal.from-another-copy"));  // kept for its owner
  Database db = open_database(mine, OpenMode::kExisting);
  CHECK(bodies(db) == std::vector<std::string>{"mine"});
  CHECK(jz_test::passes_check(db));
}

TEST_CASE("a journal this file's own write left is played back: the file stands as before that write") {
  jz_test::TempDir dir;
  const auto path = dir / "own.db";
  make_database(path, "天地玄黃，宇宙洪荒。\n");
  {
    Database db = open_database(path, OpenMode::kExisting);
    add_note(db, "A:1", "kept");
  }
  // A write killed after its journal was synced and its pages written: the
  // journal holds the pages as they were before it.
  const std::string old = file_bytes(path);
  {
    Database db = open_database(path, OpenMode::kExisting);
    add_note(db, "A:1", "lost with the kill");
  }
  // The journal of that write, rebuilt from the file before it, with the
  // nonce the write recorded: exactly what a killed writer leaves.
  const std::string now = file_bytes(path);
  const std::size_t mark = now.find("jz-journal:");
  REQUIRE(mark != std::string::npos);
  std::string journal = journal_of_pages(old);
  const uint32_t nonce = static_cast<uint32_t>(std::stoul(now.substr(mark + 11, 8), nullptr, 16));
  std::string patched = journal.substr(0, 12);
  put_be(patched, nonce);
  patched += journal.substr(16);
  // The checksums follow the nonce.
  const uint32_t page = be(journal, 24), n = be(journal, 8);
  for (uint32_t k = 0; k < n; ++k) {
    const std::size_t at = 512 + std::size_t{k} * (page + 8);
    uint32_t sum = nonce;
    for (int i = static_cast<int>(page) - 200; i > 0; i -= 200) sum += static_cast<unsigned char>(patched[at + 4 + static_cast<std::size_t>(i)]);
    std::string s;
    put_be(s, sum);
    patched.replace(at + 4 + page, 4, s);
  }
  jz_test::write_file(dir / "own.db-journal", patched);
  Database db = open_database(path, OpenMode::kExisting);
  CHECK(bodies(db) == std::vector<std::string>{"kept"});
}

TEST_CASE("JSON nested past the bound is refused as input, not followed to a crash") {
  const std::string deep = "{\"type\": \"Manifest\", \"label\": " + std::string(100000, '[') + "\"x\"" + std::string(100000, ']') + "}";
  CHECK_THROWS_AS(detail::read_iiif_manifest(deep, "deep.json"), InputError);
  CHECK_THROWS_WITH(detail::read_iiif_manifest(deep, "deep.json"), Catch::Contains("nests deeper than 256"));
  CHECK_THROWS_WITH(detail::parse_bounded_json("[1, ", "t.json", "a table"), Catch::Contains("t.json is not JSON"));
}

TEST_CASE("a file read for a document is bounded, whatever its size says") {
  CHECK_THROWS_WITH(detail::read_bounded("/dev/zero", 1 << 20, "a passage's text"), Catch::Contains("/dev/zero holds more than 1 MiB"));
  jz_test::TempDir dir;
  jz_test::write_file(dir / "small.txt", "小");
  CHECK(detail::read_bounded(dir / "small.txt", 1 << 20, "x") == "小");
  CHECK_THROWS_WITH(detail::read_bounded(dir / "none.txt", 1 << 20, "x"), Catch::Contains("cannot be read"));
}

TEST_CASE("a scans folder's files are its own: a symlink out of it is no page image") {
  jz_test::TempDir dir;
  std::filesystem::create_directories(dir / "scans");
  std::filesystem::create_directories(dir / "private");
  jz_test::write_file(dir / "scans" / "p2.png", "png");
  jz_test::write_file(dir / "private" / "key.png", "png");
  std::filesystem::create_symlink(dir / "private" / "key.png", dir / "scans" / "p1.png");
  std::filesystem::create_symlink(dir / "scans" / "p2.png", dir / "scans" / "p3.png");  // inside: fine
  std::filesystem::create_directory_symlink("/", dir / "scans" / "sub");
  CHECK(detail::image_files(dir / "scans") == std::vector<std::string>{"p2.png", "p3.png"});
  CHECK(detail::file_inside(dir / "scans", "p2.png"));
  CHECK_FALSE(detail::file_inside(dir / "scans", "p1.png"));
  CHECK_FALSE(detail::file_inside(dir / "scans", "sub/etc/passwd"));
  CHECK_FALSE(detail::file_inside(dir / "scans", "../private/key.png"));
}

TEST_CASE("an image URL that would widen or break the reading room's policy is no URL") {
  CHECK(detail::is_web_url("https://iiif.example.org/iiif/2/abc/full/max/0/default.jpg"));
  CHECK(detail::is_web_url("http://127.0.0.1:8182/iiif/3/p1"));
  CHECK(detail::is_web_url("https://x.example/i.png;v=2"));  // in the path: the policy takes the origin only
  CHECK_FALSE(detail::is_web_url("https://*/i.png"));
  CHECK_FALSE(detail::is_web_url("https://x.example;sandbox/i.png"));
  CHECK_FALSE(detail::is_web_url("https://a,b.example/i.png"));
  CHECK_FALSE(detail::is_web_url("https://user@x.example/i.png"));
  CHECK_FALSE(detail::is_web_url("https://x.example:80x/i.png"));
}

TEST_CASE("reindex rebuilds a note index whose pages were damaged") {
  jz_test::TempDir dir;
  const auto path = dir / "n.db";
  make_database(path, "天地玄黃，宇宙洪荒。\n日月盈昃，辰宿列張。\n");
  {
    Database db = open_database(path, OpenMode::kExisting);
    for (int i = 0; i < 5; ++i) add_note(db, "A:" + std::to_string(1 + i % 2), "注文第" + std::to_string(i) + "條，說明此處異文");
  }
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE);
    std::mt19937 rng(0);
    SQLite::Statement blocks(raw, "SELECT id, block FROM note_fts_data");
    std::vector<std::pair<int64_t, std::string>> rows;
    while (blocks.executeStep()) rows.emplace_back(blocks.getColumn(0).getInt64(), blocks.getColumn(1).getString());
    for (auto& [id, block] : rows) {
      for (std::size_t k = 0; k < std::max<std::size_t>(1, block.size() / 200) && !block.empty(); ++k) {
        block[rng() % block.size()] ^= static_cast<char>(1 << (rng() % 8));
      }
      SQLite::Statement put(raw, "UPDATE note_fts_data SET block = ? WHERE id = ?");
      put.bind(1, block.data(), static_cast<int>(block.size()));
      put.bind(2, id);
      put.exec();
    }
  }
  Database db = open_database(path, OpenMode::kExisting);
  CHECK_FALSE(jz_test::passes_check(db));
  reindex(db);
  CHECK(jz_test::passes_check(db));
}

TEST_CASE("a short sequence against one a thousand times longer is diffed in full, in time linear in the long one") {
  std::vector<uint32_t> shorter, longer;
  std::mt19937 rng(7);
  for (int i = 0; i < 300; ++i) shorter.push_back(static_cast<uint32_t>(rng() % 50));
  for (int r = 0; r < 700; ++r) longer.insert(longer.end(), shorter.begin(), shorter.end());  // the text, repeated
  longer[150] = 999;
  const auto matches = detail::myers_diff(shorter, longer);
  CHECK(matches.size() == shorter.size());  // all of it matches somewhere, in order
  for (std::size_t i = 1; i < matches.size(); ++i) REQUIRE((matches[i].a > matches[i - 1].a && matches[i].b > matches[i - 1].b));
  for (const auto& m : matches) REQUIRE(shorter[m.a] == longer[m.b]);
}

TEST_CASE("parallels of a repetitive passage against another are found within bounds") {
  // 100,000 characters of one 16-character phrase, in two works: each gram
  // stands at 6,250 places of each, 4·10⁸ seeds before the bound (12 GB).
  jz_test::TempDir dir;
  Database db = open_database(dir / "p.db", OpenMode::kCreate);
  std::string phrase = "天地玄黃宇宙洪荒日月盈昃辰宿列張", text;
  while (text.size() < 300000) text += phrase;
  import_lines(db, dir.path(), text + "\n", "甲", "A");
  import_lines(db, dir.path(), "跋。\n" + text + "\n", "乙", "C");
  const std::vector<Parallel> found = ParallelRepository(db).of_passage("A:1", {});
  REQUIRE_FALSE(found.empty());
  CHECK(found.size() <= 256);  // one pair of passages, at most kMaxShifts diagonals
  CHECK(found.front().other.address == "C:2");
  CHECK(found.front().length >= 90000);
}

TEST_CASE("a search through an index that no longer matches the text says the index is damaged") {
  jz_test::TempDir dir;
  const auto path = dir / "s.db";
  make_database(path, "天地玄黃，宇宙洪荒。\n日月盈昃，辰宿列張。\n");
  {
    // The text changed under the index, as a damaged index or a hand edit leaves it.
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE);
    raw.exec("UPDATE passage SET text = '寒來暑往，秋收冬藏。' WHERE seq = 1");
  }
  Database db = open_database(path, OpenMode::kExisting);
  SearchRequest r;
  r.query = "玄黃";
  CHECK_THROWS_WITH(search(db, r), Catch::Contains("the search index is damaged") && Catch::Contains("A:1") &&
                                       Catch::Contains("jiaozhu reindex"));
  reindex(db);
  CHECK(search(db, r).total == 0);
  r.query = "秋收";
  CHECK(search(db, r).total == 1);
}
