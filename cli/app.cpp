#include "app.h"

#include <cstdlib>
#include <iostream>

#include "jiaozhu/error.h"
#include "jiaozhu/user_config.h"
#include "text_format.h"
#include "table.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {

std::string author_or_unknown(const std::string& given) {
  const std::string who = resolve_author(given);
  return who.empty() ? "unknown" : who;
}

void add_author_option(CLI::App* cmd, std::string& author) {
  cmd->add_option("--author", author, "Who writes, \"Name <mail>\" (default: $JIAOZHU_AUTHOR, else `jiaozhu config author`)");
}
namespace {

std::string default_db() {
  const char* env = std::getenv("JIAOZHU_DB");
  return env && *env ? env : "jiaozhu.db";
}

void add_global_options(CLI::App& app, Globals& g) {
  // Global options may also follow the subcommand (fallthrough), as in git.
  app.fallthrough();
  app.add_option("--db", g.db_path, "The database file (default: $JIAOZHU_DB, else ./jiaozhu.db)")->type_name("FILE");
  app.add_flag("-q,--quiet", g.quiet, "No progress bar");
  app.add_flag_callback("--json", [&g] {
    for (bool* flag : g.json_flags) *flag = true;
  }, "Print as JSON (every command that prints has it)");
  app.add_option("--color", "Colour on a terminal: auto (not under NO_COLOR or TERM=dumb), always, never")
      ->type_name("WHEN")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->each([](const std::string& v) {
        set_colour_choice(v == "always" ? ColourChoice::kAlways : v == "never" ? ColourChoice::kNever : ColourChoice::kAuto);
      });
  app.add_flag_callback("--wide", [] { set_table_fit(terminal_columns(), true); },
                        "Show every table cell whole, however wide the terminal");
  set_table_fit(terminal_columns(), false);
}

// The command at `path` (["note", "add"]) under `app`; UsageError naming
// the first word that is none.
CLI::App* command_at(CLI::App& app, const std::vector<std::string>& path) {
  CLI::App* at = &app;
  for (const std::string& word : path) {
    CLI::App* next = nullptr;
    for (CLI::App* sub : at->get_subcommands([](CLI::App*) { return true; })) {
      if (sub->check_name(word)) next = sub;
    }
    if (!next) throw UsageError("no command '" + word + "' in `jiaozhu " + (at == &app ? "" : at->get_name() + " ") + "help`; see `jiaozhu --help`");
    at = next;
  }
  return at;
}

void add_help_command(CLI::App& app) {
  auto path = std::make_shared<std::vector<std::string>>();
  auto* help = app.add_subcommand("help", "Print the help of a command: jiaozhu help note add");
  help->add_option("COMMAND", *path, "The command, and its subcommand if it has them");
  help->callback([&app, path] {
    // help() names the command after the prefix given: "jiaozhu note" + "add".
    std::string prefix = "jiaozhu";
    for (std::size_t i = 0; i + 1 < path->size(); ++i) prefix += " " + (*path)[i];
    std::cout << (path->empty() ? app.get_formatter()->make_help(&app, "jiaozhu", CLI::AppFormatMode::Normal)
                                : command_at(app, *path)->help(prefix));
  });
}

}  // namespace

void add_command(CLI::App& app, const Globals& g, const std::string& name, const std::string& description,
                 const std::function<void(CLI::App*)>& configure) {
  CLI::App* cmd = app.add_subcommand(name, description);
  if (g.wants(name)) configure(cmd);
}

void add_page_options(CLI::App* cmd, Page& page) {
  // CLI11's NonNegativeNumber names its range up to DBL_MAX in 300 digits.
  const CLI::Validator whole_number(
      [](const std::string& v) {
        const bool digits = !v.empty() && v.size() <= 18 && v.find_first_not_of("0123456789") == std::string::npos;
        return digits ? std::string() : "takes a whole number from 0, not '" + v + "'";
      },
      "");
  cmd->add_option("--limit", page.limit, "Print at most N rows")->check(whole_number)->type_name("N");
  cmd->add_option("--offset", page.offset, "Skip the first N rows")->check(whole_number)->type_name("N");
}

std::string page_prefix(const Page& page, int64_t shown, int64_t total) {
  if (page.offset == 0 && shown == total) return "";
  if (shown == 0) return "none of ";
  return "rows " + with_commas(page.offset + 1) + "–" + with_commas(page.offset + shown) + " of ";
}

void configure_app(CLI::App& app, Globals& g) {
  app.description("jiaozhu: collate and annotate editions of Chinese texts in one SQLite file");
  app.name("jiaozhu");
  app.set_version_flag("--version", "jiaozhu " JIAOZHU_VERSION);
  app.require_subcommand(1);
  g.db_path = default_db();
  add_global_options(app, g);
  add_database_commands(app, g);
  add_import_command(app, g);
  add_browse_commands(app, g);
  add_passage_commands(app, g);
  add_search_commands(app, g);
  add_collation_commands(app, g);
  add_people_commands(app, g);
  add_fold_commands(app, g);
  add_apparatus_command(app, g);
  add_decision_commands(app, g);
  add_kind_commands(app, g);
  add_note_commands(app, g);
  add_facsimile_commands(app, g);
  add_parallel_commands(app, g);
  add_git_commands(app, g);
  add_merge_commands(app, g);
  add_serve_command(app, g);
  add_help_command(app);
}

std::string help_command(CLI::App& app) {
  std::string path = "jiaozhu";
  CLI::App* at = &app;
  for (;;) {
    const auto parsed = at->get_subcommands();
    if (parsed.empty()) break;
    at = parsed.front();
    path += " " + at->get_name();
  }
  return path + " --help";
}

std::vector<VariantClass> parse_class_list(const std::string& list, const std::vector<VariantClass>& fallback) {
  if (list.empty()) return fallback;
  std::vector<VariantClass> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (item != "all") {
      out.push_back(parse_variant_class(item));
      continue;
    }
    for (std::size_t c = 0; c < kVariantClassCount; ++c) out.push_back(static_cast<VariantClass>(c));
    return out;
  }
  return out;
}

}  // namespace jiaozhu::cli
