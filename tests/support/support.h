// Helpers shared by the tests: temporary directories, fixture paths, running
// the built binary, hashing files, re-encoding text with ICU.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace jz_test {

std::filesystem::path corpus(const std::string& relative);  // ../shared/corpus/<relative>
std::string read_file(const std::filesystem::path& path);
void write_file(const std::filesystem::path& path, const std::string& bytes);
std::string file_sha256(const std::filesystem::path& path);
// The non-blank lines of a UTF-8 file, without line terminators.
std::vector<std::string> lines_of(const std::filesystem::path& path);

// A fresh directory, removed with everything in it when destroyed.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct RunResult {
  int status = -1;  // exit status, or 128+signal
  std::string out;
  std::string err;
};

// Runs the built jiaozhu binary with `args` (no shell involved).
RunResult run_jiaozhu(const std::vector<std::string>& args);

// The same with its standard output opened on `path` ("/dev/full", say):
// RunResult::out is then empty.
RunResult run_jiaozhu_writing_to(const std::vector<std::string>& args, const std::string& path);

// The same on a terminal: standard output and error are one pseudo-terminal,
// read into RunResult::out (its line ends are "\r\n", as a terminal's are).
RunResult run_jiaozhu_on_terminal(const std::vector<std::string>& args);

// Turns a current database back into schema 8 (before fold rules, the
// conversion and placeholder classes, titles in the search index, notes on
// titles and the editor's decisions), for tests that downgrade a file further to see it upgraded.
// Takes the raw connection, outside jiaozhu.
void undo_schema_9(SQLite::Database& raw);

// The author every test writes as, where it needs one.
inline const std::string kTestAuthor = "Tester <t@example.org>";

// A database file made by the binary from the fixture songjin: hant.txt
// imported as A, hans.txt as B (unless one edition is asked for), aligned
// if asked. The end-to-end tests' one set-up: no test depends on the user's
// configuration, which points into `dir`, nor on $JIAOZHU_AUTHOR, which is
// `author` when given and unset otherwise (both restored on destruction).
struct SongjinOptions {
  int editions = 2;
  bool aligned = false;
  std::optional<std::string> author;
};

struct SongjinFile {
  explicit SongjinFile(const SongjinOptions& options = {});
  explicit SongjinFile(bool aligned) : SongjinFile(SongjinOptions{2, aligned, {}}) {}
  ~SongjinFile();
  SongjinFile(const SongjinFile&) = delete;
  SongjinFile& operator=(const SongjinFile&) = delete;

  // The binary run on this file, or on `db_path`: `args` follow "--db FILE".
  RunResult run(std::vector<std::string> args, const std::string& db_path = "") const;
  // run() with --json added if absent; requires exit status 0 and parses stdout.
  nlohmann::json json(std::vector<std::string> args) const;
  // A copy of the file beside it, named `name`; returns its path.
  std::string copy(const std::string& name) const;

  TempDir dir;
  std::string db = (dir / "songjin.db").string();
};

// The built binary started with `args`, running beside the test until
// finish() waits for it.
class RunningJiaozhu {
 public:
  // Standard output goes to `out_path` when given, else to a capture.
  explicit RunningJiaozhu(const std::vector<std::string>& args, const std::string& out_path = "");
  // Sends `signal` to the process (it may have ended already).
  void kill(int signal);
  RunResult finish();

 private:
  TempDir capture_;
  int pid_ = -1;
  bool captured_out_ = true;
};

}  // namespace jz_test

namespace jiaozhu {
class Database;
}

namespace jz_test {

// Imports the fixture's two editions as work "songjin": hant.txt as A,
// hans.txt as B.
void import_songjin(jiaozhu::Database& db);

// True when every check of `jiaozhu check` passes on `db`; otherwise the
// first fault is reported with the test's next assertion.
bool passes_check(jiaozhu::Database& db);

// `utf8` through ICU's transform `id` ("Hant-Hans", "Hans-Hant"): a
// witness in the other script, with the same readings.
std::string transliterated(const std::string& utf8, const char* id);

// UTF-8 to code points and back.
std::u32string to_u32(const std::string& utf8);
std::string to_utf8(const std::u32string& text);

// `utf8` converted by ICU to `charset` ("gb18030", "big5", "utf-16le"...),
// failing the test if any character cannot be represented.
std::string encode(const std::string& utf8, const char* charset);
// True when every character of `utf8` exists in `charset`.
bool encodable(const std::string& utf8, const char* charset);

}  // namespace jz_test
