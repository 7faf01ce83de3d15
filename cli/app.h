// What every command shares: the global options and how to open the database.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/collation.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"

namespace jiaozhu::cli {

// Exit statuses; docs/errors.md lists them with the errors behind each.
inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitConflictsRemain = 1;  // merge and sync, as `git merge` does
inline constexpr int kExitUsage = 2;
inline constexpr int kExitNotFound = 3;
inline constexpr int kExitInput = 4;
inline constexpr int kExitDatabase = 5;
inline constexpr int kExitConflict = 6;
inline constexpr int kExitInternal = 70;
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

// The exit status of an error of `kind` (docs/errors.md).
inline int exit_code(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kUsage: return kExitUsage;
    case ErrorKind::kNotFound: return kExitNotFound;
    case ErrorKind::kInput: return kExitInput;
    case ErrorKind::kDatabase: return kExitDatabase;
    case ErrorKind::kConflict: return kExitConflict;
    case ErrorKind::kInterrupted: return kExitInterrupted;
  }
  return kExitInternal;
}

// Thrown by a command that has said all it has to say and ends with `code`.
struct ExitStatus {
  int code;
};

struct Globals {
  std::string db_path;  // --db, else $JIAOZHU_DB, else ./jiaozhu.db
  bool quiet = false;   // no progress bar, no summary on stderr
  // Every command's --json flag: the global --json (before the subcommand)
  // sets them all, so that `jiaozhu --json links A B` and `jiaozhu links A
  // B --json` are one command.
  std::vector<bool*> json_flags;
  // The words of the command line, set before configure_app by a run of the
  // binary: only the commands named among them are built in full. Unset (the
  // manual, the completion, the tests of the tree): every command is.
  std::optional<std::vector<std::string>> words;

  bool wants(std::string_view command) const {
    return !words || std::find(words->begin(), words->end(), command) != words->end();
  }
  Database open(OpenMode mode = OpenMode::kExisting) const { return open_database(db_path, mode); }
};

// Adds the --json flag to `cmd`, stored in `flag`.
inline CLI::Option* add_json_flag(CLI::App* cmd, Globals& g, bool& flag, const std::string& help = "Print as JSON") {
  g.json_flags.push_back(&flag);
  return cmd->add_flag("--json", flag, help);
}

// Adds the command `name` to `app` and, when this run may use it
// (Globals::wants), lets `configure` give it its options, subcommands and
// callback. Building all 28 commands cost 1.6 ms and 220 KB of heap at every
// start, of a `search` held to 10 ms (issue 16); a command not built keeps its
// name and description, which is all `jiaozhu --help` lists.
void add_command(CLI::App& app, const Globals& g, const std::string& name, const std::string& description,
                 const std::function<void(CLI::App*)>& configure);

// The author a scholar's decision (a kind, a dating, a dismissal) is
// recorded under: `given` (--author), else $JIAOZHU_AUTHOR or the config;
// "unknown" when none is set, as such decisions are never refused for it.
std::string author_or_unknown(const std::string& given);

// --author on a command that writes, with the one help text every such
// command shares; pass the value to author_or_unknown.
void add_author_option(CLI::App* cmd, std::string& author);

// --limit and --offset of a listing that can be long.
struct Page {
  int64_t offset = 0;
  std::optional<int64_t> limit;
};
void add_page_options(CLI::App* cmd, Page& page);

// A --class list: comma-separated class names, or "all" (every class);
// `fallback` when empty. Throws UsageError naming an unknown class.
std::vector<VariantClass> parse_class_list(const std::string& list, const std::vector<VariantClass>& fallback);


// Keeps the page of `items` that `page` asks for (a listing known to be
// small enough to load: notes, mentions, characters, conflicts) and
// returns how many there were in all.
template <class T>
int64_t take_page(std::vector<T>& items, const Page& page) {
  const auto total = static_cast<int64_t>(items.size());
  const auto first = std::min(total, page.offset);
  const auto last = page.limit ? std::min(total, first + *page.limit) : total;
  items.erase(items.begin() + last, items.end());
  items.erase(items.begin(), items.begin() + first);
  return total;
}

// "rows 201–400 of " when a listing shows a page of `total` rows, "" when
// it shows them all.
std::string page_prefix(const Page& page, int64_t shown, int64_t total);

// Sets up the whole command line: the global options and every command.
// Shared by the binary and by the generator of its manual and completion
// (cli/manual.h), so that those never drift from it.
void configure_app(CLI::App& app, Globals& globals);

// The help to point at after a usage error: "jiaozhu note add --help" for
// the deepest command parsed, "jiaozhu --help" when none was.
std::string help_command(CLI::App& app);

// Each command group adds its subcommands to `app`. The callbacks they set
// run after parsing and may throw jiaozhu::Error.
void add_database_commands(CLI::App& app, Globals& globals);  // init, check, stats
void add_import_command(CLI::App& app, Globals& globals);     // import
void add_browse_commands(CLI::App& app, Globals& globals);    // editions, show
void add_search_commands(CLI::App& app, Globals& globals);    // search, reindex
void add_collation_commands(CLI::App& app, Globals& globals); // align, links, variants, parallel, link
void add_people_commands(CLI::App& app, Globals& globals);    // character, characters, alias, mentions
void add_fold_commands(CLI::App& app, Globals& globals);      // fold
void add_note_commands(CLI::App& app, Globals& globals);      // note, notes, conflicts, config, export, import-notes
void add_apparatus_command(CLI::App& app, Globals& globals);  // apparatus
void add_decision_commands(CLI::App& app, Globals& globals);  // decide, policy
void add_facsimile_commands(CLI::App& app, Globals& globals);  // facsimile
void add_parallel_commands(CLI::App& app, Globals& globals);   // parallels, reuse
void add_git_commands(CLI::App& app, Globals& globals);        // git install, git merge-driver, dump
void add_passage_commands(CLI::App& app, Globals& globals);   // passage set, edit, log, restore
void add_export_variants_command(CLI::App* exp, const Globals& globals);  // export variants
void add_kind_commands(CLI::App& app, Globals& globals);                   // variant kind, taboo
void add_edition_set_command(CLI::App* edition, Globals& globals);         // edition set
void add_merge_commands(CLI::App& app, Globals& globals);     // merge, snapshot, sync
void add_serve_command(CLI::App& app, Globals& globals);      // serve

}  // namespace jiaozhu::cli
