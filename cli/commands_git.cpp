// git install, git merge-driver, dump: a project's .db kept in git. The
// merge driver merges the other side into ours with merge's rules, so that
// a pull loses no one's work and stops only where a conflict remains; dump
// is git's textconv, so that diff and log -p read as what changed.
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/merge.h"
#include "json_output.h"
#include "terminal_guard.h"

extern char** environ;

namespace jiaozhu::cli {
namespace {

// Runs git with `args` (no shell), in the current folder; its standard
// output, or nothing when it fails.
std::optional<std::string> run_git(std::vector<std::string> args) {
  args.insert(args.begin(), "git");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  // git's own complaint ("fatal: not a git repository") would stand beside
  // ours: the caller says in one line what failed.
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "git", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  std::string out;
  std::array<char, 4096> buffer{};
  for (ssize_t n; spawned == 0 && (n = ::read(pipe_fds[0], buffer.data(), buffer.size())) > 0;) out.append(buffer.data(), static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  if (spawned != 0) return std::nullopt;
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

void set_git(const std::string& key, const std::string& value) {
  if (!run_git({"config", "--local", key, value})) throw DatabaseError("git config " + key + " failed in this repository");
}

// The binary's own path, so that git finds this jiaozhu whatever PATH it runs with.
std::string self_path() {
  std::error_code ec;
  const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("jiaozhu") : p.string();
}

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Appends to the regular file `path` (made when missing) those of `lines` it
// lacks, never through a symlink: a repository's .gitattributes is what a
// collaborator committed, and one linked to ~/.gitconfig must not be written.
// Returns how many lines were added.
int append_missing_lines(const std::filesystem::path& path, const std::vector<std::string>& lines) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw InputError(path.string() + (errno == ELOOP ? " is a symbolic link: jiaozhu writes no file through one (replace it by a file)"
                                                     : " cannot be opened: " + std::string(std::strerror(errno))));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) throw InputError(path.string() + " is not a regular file: not written");
  std::string existing;
  std::array<char, 4096> buffer{};
  for (ssize_t n; (n = ::pread(fd, buffer.data(), buffer.size(), static_cast<off_t>(existing.size()))) > 0;) {
    existing.append(buffer.data(), static_cast<std::size_t>(n));
    if (existing.size() > (1 << 20)) throw InputError(path.string() + " is larger than 1 MiB: not written");
  }
  std::string add = !existing.empty() && existing.back() != '\n' ? "\n" : "";
  int added = 0;
  for (const std::string& line : lines) {
    const bool present = ("\n" + existing + "\n").find("\n" + line + "\n") != std::string::npos;
    if (!present) add += line + "\n", ++added;
  }
  if (added && ::write(fd, add.data(), add.size()) != static_cast<ssize_t>(add.size())) {
    throw InputError(path.string() + " cannot be written");
  }
  return added;
}

void run_install(const std::string& pattern, bool json) {
  const std::optional<std::string> top = run_git({"rev-parse", "--show-toplevel"});
  if (!top || top->empty()) throw UsageError("not inside a git work tree (run it in a clone of the project)");
  const std::filesystem::path attributes = std::filesystem::path(*top) / ".gitattributes";
  const std::string line = pattern + " merge=jiaozhu diff=jiaozhu";
  const bool present = append_missing_lines(attributes, {line}) == 0;
  // A journal, WAL or SHM beside a database belongs to that file on this
  // machine: committed, it would be played into another copy's file. Kept
  // out of git in this clone (.git/info/exclude, as the drivers are).
  const std::optional<std::string> exclude = run_git({"rev-parse", "--git-path", "info/exclude"});
  if (!exclude || exclude->empty()) throw DatabaseError("git rev-parse --git-path failed in this repository");
  std::filesystem::path exclude_path(*exclude);
  if (exclude_path.is_relative()) exclude_path = std::filesystem::path(*top) / exclude_path;
  std::error_code ec;
  std::filesystem::create_directories(exclude_path.parent_path(), ec);
  append_missing_lines(exclude_path, {pattern + "-journal", pattern + "-wal", pattern + "-shm",
                                      pattern + "-journal.from-another-copy*"});
  const std::string me = quoted(self_path());
  set_git("merge.jiaozhu.name", "jiaozhu: merge two copies of a database, nothing lost");
  // After --: a path git hands over that begins with - is no option.
  set_git("merge.jiaozhu.driver", me + " git merge-driver -- %O %A %B %P");
  set_git("diff.jiaozhu.textconv", me + " dump --");
  set_git("diff.jiaozhu.cachetextconv", "false");
  print_result(json, {{"gitattributes", attributes.string()}, {"line", line}, {"written", !present}, {"driver", me + " git merge-driver -- %O %A %B %P"},
                      {"excluded", exclude_path.string()},
                      {"textconv", me + " dump --"}},
               (present ? "" : "wrote ") + attributes.string() + (present ? " already has: " : ": ") + line +
                   "\nset merge.jiaozhu.* and diff.jiaozhu.* in this clone's .git/config: git does not take drivers from the\n"
                   "repository itself, so every clone runs `jiaozhu git install` once (then commit .gitattributes)");
}

// git's merge driver: %A (ours, where the result goes) takes %B (theirs).
int run_merge_driver(const std::string& ours, const std::string& theirs, const std::string& path) {
  Database db = open_database(ours, OpenMode::kExisting);
  const MergeReport r = merge_database(db, theirs, false);
  if (r.conflicts_remaining > 0) {
    std::cerr << "jiaozhu: " << (path.empty() ? ours : path) << ": " << r.conflicts_remaining
              << " conflicts remain; `jiaozhu conflicts` lists them; settle them, then git add and commit\n";
    return kExitConflictsRemain;
  }
  return kExitOk;
}

}  // namespace

void add_git_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "git", "Keep the .db in git: git install (merge driver and readable diff), git merge-driver", [&g](CLI::App* git) {
    git->require_subcommand(1);
    auto pattern = std::make_shared<std::string>("*.db");
    auto json = std::make_shared<bool>(false);
    auto* install = git->add_subcommand("install", "In a clone: .gitattributes and this clone's git settings for jiaozhu databases");
    install->add_option("--pattern", *pattern, "Which files are jiaozhu databases (default *.db)");
    add_json_flag(install, g, *json, "Print what was set as JSON");
    install->callback([pattern, json] { run_install(checked_argument(Field::kFileName, *pattern, "--pattern"), *json); });
    auto files = std::make_shared<std::array<std::string, 4>>();
    auto* driver = git->add_subcommand("merge-driver", "What git runs to merge two versions of a database (set by git install)");
    driver->add_option("BASE", (*files)[0], "The common ancestor (%O; not needed: merge keeps history)")->required();
    driver->add_option("OURS", (*files)[1], "Our version (%A), where the merge is written")->required();
    driver->add_option("THEIRS", (*files)[2], "Their version (%B)")->required();
    driver->add_option("PATH", (*files)[3], "The file's path in the repository (%P), for messages");
    driver->callback([files] {
      const int code = run_merge_driver((*files)[1], (*files)[2], (*files)[3]);
      if (code != kExitOk) throw ExitStatus{code};
    });
  });
  add_command(app, g, "dump", "A database's content as stable, sorted text (git's textconv)", [&g](CLI::App* dump) {
    auto file = std::make_shared<std::string>();
    dump->add_option("FILE", *file, "The database (default: --db)");
    dump->callback([&g, file] {
      const std::string path = file->empty() ? g.db_path : checked_argument(Field::kFileName, *file, "FILE");
      // git log -p runs this on every version of the file in history: one
      // that cannot be read is said in a line and the log goes on.
      // Whole, then through the terminal gate's escaping: a received file
      // may hold ESC, OSC or U+202E, and textconv output reaches a terminal.
      std::ostringstream text;
      try {
        dump_file(path, text);
      } catch (const DatabaseError& e) {
        text.str("");
        text << "(not a jiaozhu database this build reads: " << e.what() << ")\n";
      }
      std::cout << printable(text.str());
    });
  });
}

}  // namespace jiaozhu::cli
