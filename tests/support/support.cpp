#include "support.h"

#include "jiaozhu/check.h"

#include <SQLiteCpp/Database.h>

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unicode/translit.h>
#include <unicode/ucnv.h>
#include <unicode/unistr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "jiaozhu/workflow.h"
#include "jiaozhu/import.h"
#include "util/sha256.h"

extern char** environ;

namespace jz_test {

std::filesystem::path corpus(const std::string& relative) { return std::filesystem::path(JZ_CORPUS) / relative; }

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

std::string file_sha256(const std::filesystem::path& path) { return jiaozhu::detail::sha256_hex(read_file(path)); }

std::vector<std::string> lines_of(const std::filesystem::path& path) {
  std::istringstream in(read_file(path));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

TempDir::TempDir() {
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() / ("jz-test-" + std::to_string(rd()) + std::to_string(::getpid()));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ec);
  std::filesystem::remove_all(path_, ec);
}

RunningJiaozhu::RunningJiaozhu(const std::vector<std::string>& args, const std::string& out_to)
    : captured_out_(out_to.empty()) {
  const auto out_path = out_to.empty() ? capture_ / "out" : std::filesystem::path(out_to), err_path = capture_ / "err";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<std::string> argv_strings{JZ_BINARY};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, JZ_BINARY, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(spawned == 0);
  pid_ = pid;
}

void RunningJiaozhu::kill(int signal) { ::kill(pid_, signal); }

RunResult RunningJiaozhu::finish() {
  int status = 0;
  ::waitpid(pid_, &status, 0);
  RunResult r;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (captured_out_) r.out = read_file(capture_ / "out");
  r.err = read_file(capture_ / "err");
  return r;
}

RunResult run_jiaozhu_writing_to(const std::vector<std::string>& args, const std::string& path) {
  return RunningJiaozhu(args, path).finish();
}

RunResult run_jiaozhu_on_terminal(const std::vector<std::string>& args) {
  std::vector<std::string> argv_strings{JZ_BINARY};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  int terminal = -1;
  winsize size{24, 200, 0, 0};
  const pid_t pid = ::forkpty(&terminal, nullptr, nullptr, &size);
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execv(JZ_BINARY, argv.data());
    ::_exit(127);
  }
  RunResult r;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(terminal, buffer, sizeof buffer);
    if (n > 0) r.out.append(buffer, static_cast<std::size_t>(n));
    else if (n < 0 && errno == EINTR) continue;
    else break;  // EIO: the child has closed its side
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(terminal);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

RunResult run_jiaozhu(const std::vector<std::string>& args) { return RunningJiaozhu(args).finish(); }

SongjinFile::SongjinFile(const SongjinOptions& o) {
  ::setenv("JIAOZHU_CONFIG", (dir / "config.json").c_str(), 1);
  if (o.author) ::setenv("JIAOZHU_AUTHOR", o.author->c_str(), 1);
  else ::unsetenv("JIAOZHU_AUTHOR");
  REQUIRE(run({"init"}).status == 0);
  REQUIRE(run({"import", corpus("songjin/hant.txt").string(), "--work", "songjin", "--siglum", "A"}).status == 0);
  if (o.editions < 2) return;
  REQUIRE(run({"import", corpus("songjin/hans.txt").string(), "--work", "songjin", "--siglum", "B"}).status == 0);
  if (o.aligned) REQUIRE(run({"align", "A", "B"}).status == 0);
}

SongjinFile::~SongjinFile() {
  ::unsetenv("JIAOZHU_CONFIG");
  ::unsetenv("JIAOZHU_AUTHOR");
}

RunResult SongjinFile::run(std::vector<std::string> args, const std::string& db_path) const {
  args.insert(args.begin(), {"--db", db_path.empty() ? db : db_path});
  return run_jiaozhu(args);
}

nlohmann::json SongjinFile::json(std::vector<std::string> args) const {
  if (std::find(args.begin(), args.end(), "--json") == args.end()) args.push_back("--json");
  const RunResult r = run(args);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

std::string SongjinFile::copy(const std::string& name) const {
  const auto to = dir / name;
  std::filesystem::copy_file(db, to);
  return to.string();
}

void import_songjin(jiaozhu::Database& db) {
  for (const auto& [siglum, file] : {std::pair{"A", "songjin/hant.txt"}, std::pair{"B", "songjin/hans.txt"}}) {
    jiaozhu::ImportOptions o;
    o.work = "songjin";
    o.siglum = siglum;
    const std::filesystem::path path = corpus(file);
    jiaozhu::import_edition(db, {&path, 1}, o, nullptr);
  }
}

std::u32string to_u32(const std::string& utf8) {
  std::u32string out;
  const icu::UnicodeString s = icu::UnicodeString::fromUTF8(utf8);
  for (int32_t i = 0; i < s.length(); i = s.moveIndex32(i, 1)) out += static_cast<char32_t>(s.char32At(i));
  return out;
}

std::string to_utf8(const std::u32string& text) {
  std::string out;
  for (char32_t c : text) icu::UnicodeString(static_cast<UChar32>(c)).toUTF8String(out);
  return out;
}

namespace {

std::optional<std::string> try_encode(const std::string& utf8, const char* charset) {
  UErrorCode status = U_ZERO_ERROR;
  UConverter* conv = ucnv_open(charset, &status);
  if (U_FAILURE(status)) return std::nullopt;
  ucnv_setFromUCallBack(conv, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(utf8);
  std::string out(static_cast<std::size_t>(text.length()) * 4 + 4, '\0');
  const int32_t n = ucnv_fromUChars(conv, out.data(), static_cast<int32_t>(out.size()), text.getBuffer(),
                                    text.length(), &status);
  ucnv_close(conv);
  if (U_FAILURE(status)) return std::nullopt;
  out.resize(static_cast<std::size_t>(n));
  return out;
}

}  // namespace

std::string encode(const std::string& utf8, const char* charset) {
  auto bytes = try_encode(utf8, charset);
  REQUIRE(bytes.has_value());
  return *bytes;
}

bool encodable(const std::string& utf8, const char* charset) { return try_encode(utf8, charset).has_value(); }

bool passes_check(jiaozhu::Database& db) {
  for (const jiaozhu::CheckResult& c : jiaozhu::check_database(db)) {
    if (!c.faults.empty()) {
      UNSCOPED_INFO(c.name << ": " << c.faults.front());
      return false;
    }
  }
  return true;
}

void undo_schema_9(SQLite::Database& raw) {
  // The statements exactly as migrations 0003 and 0007 wrote them: the
  // schema check compares their text.
  // Schema 13's passage_fts indexes title and author too. The raw connection
  // has no jiaozhu tokenizer to drop the table with: its definition is put
  // back as 0002 wrote it, and the upgrade drops and rebuilds it.
  raw.exec("PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE VIRTUAL TABLE passage_fts USING fts5(\n"
           "  text,\n  content = ''passage'',\n  content_rowid = ''id'',\n  tokenize = ''jiaozhu''\n)' "
           "WHERE name = 'passage_fts'; PRAGMA writable_schema = OFF");
  raw.exec(
      "DROP TABLE edition_extent; "  // schema 20
      "DROP TABLE parallel_index; DROP TABLE parallel_gram; "  // schema 19
      "DROP TABLE page_image; ALTER TABLE note DROP COLUMN region; ALTER TABLE note DROP COLUMN region_page; "  // schema 18
      "DROP TABLE mention_choice; DROP TABLE alias_ambiguity; "  // schema 17
      "DROP TABLE passage_revision_parent; DROP TABLE passage_revision; "  // schema 16
      "DROP TABLE policy_choice; DROP TABLE policy; DROP TABLE decision_parent; DROP TABLE decision; "  // schema 15
      "DROP TABLE apparatus_place; "
      "ALTER TABLE note DROP COLUMN span_field; "  // schema 14
      "DROP TABLE suggestion_dismissal; "  // schema 12
      "DROP TABLE character_cbdb_id; DROP TABLE passage_place; DROP TABLE section; "  // schema 11
      "ALTER TABLE source_file DROP COLUMN markup; "
      "DROP TABLE variant_kind_choice; DROP TABLE edition_dating; "  // schema 10
      "DROP TABLE fold_rule; "
      "ALTER TABLE tombstone RENAME TO t9; "
      "CREATE TABLE tombstone (\n  uuid       TEXT PRIMARY KEY,\n  kind       TEXT NOT NULL CHECK (kind IN ('alias', "
      "'link')),\n  author     TEXT NOT NULL,\n  removed_at TEXT NOT NULL\n) WITHOUT ROWID; "
      "INSERT INTO tombstone SELECT * FROM t9; DROP TABLE t9; "
      "ALTER TABLE variant RENAME TO v9; "
      "CREATE TABLE variant (\n  link_id   INTEGER NOT NULL REFERENCES link(id) ON DELETE CASCADE,\n  n         "
      "INTEGER NOT NULL CHECK (n >= 1),\n  class     TEXT NOT NULL\n            CHECK (class IN ('script', 'glyph', "
      "'punct', 'pinyin', 'break', 'substantive')),\n  passage_a INTEGER NOT NULL,\n  start_a   INTEGER NOT NULL CHECK "
      "(start_a >= 0),\n  end_a     INTEGER NOT NULL CHECK (end_a >= start_a),\n  passage_b INTEGER NOT NULL,\n  "
      "start_b   INTEGER NOT NULL CHECK (start_b >= 0),\n  end_b     INTEGER NOT NULL CHECK (end_b >= start_b),\n  "
      "PRIMARY KEY (link_id, n)\n) WITHOUT ROWID; "
      "INSERT INTO variant SELECT link_id, n, class, passage_a, start_a, end_a, passage_b, start_b, end_b FROM v9 "
      "WHERE field = 'text' AND class IN ('script', 'glyph', 'punct', 'pinyin', 'break', 'substantive'); "
      "DROP TABLE v9; PRAGMA user_version = 8");
}

std::string transliterated(const std::string& utf8, const char* id) {
  UErrorCode status = U_ZERO_ERROR;
  const std::unique_ptr<icu::Transliterator> t(icu::Transliterator::createInstance(id, UTRANS_FORWARD, status));
  REQUIRE(U_SUCCESS(status));
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(utf8);
  t->transliterate(s);
  std::string out;
  return s.toUTF8String(out);
}

}  // namespace jz_test
