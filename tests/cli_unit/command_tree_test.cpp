// The command tree as configure_app builds it: the conventions every
// command keeps, and the manual and completion written from it.
#include <catch2/catch.hpp>
#include <set>

#include "app.h"
#include "manual.h"

using namespace jiaozhu::cli;

namespace {

struct Tree {
  CLI::App app;
  Globals globals;
  Tree() { configure_app(app, globals); }
};

// Every command that runs something (no subcommands of its own), by path.
void leaves(CLI::App& at, const std::string& path, std::vector<std::pair<std::string, CLI::App*>>& out) {
  const auto subs = at.get_subcommands([](CLI::App*) { return true; });
  if (subs.empty()) out.emplace_back(path, &at);
  for (CLI::App* sub : subs) leaves(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out);
}

bool has_option(CLI::App& cmd, const std::string& name) {
  for (const CLI::Option* o : cmd.get_options()) {
    for (const auto& l : o->get_lnames()) {
      if ("--" + l == name) return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("every command that prints takes --json") {
  Tree t;
  std::vector<std::pair<std::string, CLI::App*>> commands;
  leaves(t.app, "", commands);
  REQUIRE(commands.size() > 30);
  // export and dump write another tool's format (dump is git's textconv);
  // help prints help; serve prints the address of a server whose /api/
  // answers in JSON; git merge-driver answers git by its exit status.
  const std::set<std::string> exempt = {"export notes", "export variants", "help", "serve", "dump", "git merge-driver"};
  for (const auto& [path, cmd] : commands) {
    INFO(path);
    if (!exempt.count(path)) CHECK(has_option(*cmd, "--json"));
  }
}

TEST_CASE("every command that records who changed something takes --author, with one meaning") {
  Tree t;
  std::vector<std::pair<std::string, CLI::App*>> commands;
  leaves(t.app, "", commands);
  // What writes a record that carries its author (a revision, a history, a
  // tombstone, a decision, an imported note).
  const std::set<std::string> writers = {
      "import", "note add", "note edit", "note rm", "note restore", "note move", "note resolve",
      "character add", "character import", "character merge", "character rename", "character edit",
      "alias add", "alias rm", "alias edit", "alias dismiss", "link add", "link rm",
      "fold add", "fold rm", "fold import", "fold dismiss", "variant kind", "edition set", "edition resolve"};
  std::set<std::string> seen, help_texts;
  for (const auto& [path, cmd] : commands) {
    if (!writers.count(path)) continue;
    INFO(path);
    seen.insert(path);
    REQUIRE(has_option(*cmd, "--author"));
    help_texts.insert(cmd->get_option("--author")->get_description());
  }
  CHECK(seen == writers);
  CHECK(help_texts.size() == 1);
}

TEST_CASE("every listing that can be long takes --limit and --offset") {
  Tree t;
  for (const char* name : {"links", "variants", "notes", "mentions", "characters", "conflicts", "search"}) {
    INFO(name);
    CLI::App* cmd = t.app.get_subcommand(name);
    CHECK(has_option(*cmd, "--limit"));
    CHECK(has_option(*cmd, "--offset"));
  }
}

TEST_CASE("global options are accepted after the command") {
  Tree t;
  std::string db_seen;
  t.app.get_subcommand("editions")->callback([&] { db_seen = t.globals.db_path; });
  t.app.parse(std::vector<std::string>{"x.db", "--db", "editions"});  // CLI11 takes the arguments reversed
  CHECK(db_seen == "x.db");
}

TEST_CASE("a usage error names the help of the command it is in") {
  Tree t;
  CHECK_THROWS_AS(t.app.parse(std::vector<std::string>{"--bogus", "add", "note"}), CLI::ParseError);
  CHECK(help_command(t.app) == "jiaozhu note add --help");
  Tree fresh;
  CHECK(help_command(fresh.app) == "jiaozhu --help");
}

TEST_CASE("the manual page and the bash completion name every command and option") {
  Tree t;
  const std::string man = man_page(t.app), completion = bash_completion(t.app);
  std::vector<std::pair<std::string, CLI::App*>> commands;
  leaves(t.app, "", commands);
  for (const auto& [path, cmd] : commands) {
    INFO(path);
    std::string in_roff;  // roff writes a hyphen as \-
    for (char c : path) in_roff += c == '-' ? std::string("\\-") : std::string(1, c);
    CHECK(man.find(".SS \"jiaozhu " + in_roff) != std::string::npos);
    CHECK(completion.find("\"" + path + "\") words=") != std::string::npos);
  }
  CHECK(man.rfind(".\\\"", 0) == 0);
  CHECK(man.find(".TH JIAOZHU 1") != std::string::npos);
  CHECK(man.find("\\-\\-limit") != std::string::npos);
  CHECK(completion.find("complete -F _jiaozhu jiaozhu") != std::string::npos);
}

TEST_CASE("a run builds in full only the commands its command line names") {
  Tree full;
  CLI::App app;
  Globals globals;
  globals.words = std::vector<std::string>{"--db", "x.db", "links", "A", "B"};
  configure_app(app, globals);

  // `jiaozhu --help` lists every command with its description either way.
  CHECK(app.help() == full.app.help());
  CHECK(has_option(*app.get_subcommand("links"), "--limit"));
  CHECK(app.get_subcommand("variants")->get_options().size() == 1);  // --help only
  CHECK(app.get_subcommand("note")->get_subcommands({}).empty());

  // `jiaozhu help note add` names the command whose help it prints.
  CLI::App help_app;
  Globals help_globals;
  help_globals.words = std::vector<std::string>{"help", "note", "add"};
  configure_app(help_app, help_globals);
  CHECK(help_app.get_subcommand("note")->get_subcommand("add")->help() ==
        full.app.get_subcommand("note")->get_subcommand("add")->help());
}
