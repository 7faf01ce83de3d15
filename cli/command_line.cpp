// The jiaozhu command line as a whole: parses the arguments, runs the
// command, and maps every error to one line on stderr and an exit status
// (docs/errors.md). In the cli library, not in main.cpp, so that CLI11's
// inline code it instantiates is compiled once with the commands'.
#include "command_line.h"

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "app.h"
#include "jiaozhu/error.h"
#include "jiaozhu/interrupt.h"
#include "jiaozhu/unicode.h"

#include "suggest.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

int fail(int code, const std::string& message) {
  std::cerr << "jiaozhu: " << message << '\n';
  return code;
}

// The first Ctrl-C asks the command to stop: its transaction rolls back and
// it reports "interrupted". A second one kills it at once; SQLite's journal
// still undoes the unfinished write when the database is next opened.
void on_sigint(int) {
  if (interrupt_requested()) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
  request_interrupt();
}

// Every long option of the app and its commands, with dashes.
void collect_options(CLI::App& app, std::vector<std::string>& out) {
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& name : o->get_lnames()) out.push_back("--" + name);
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) collect_options(*sub, out);
}

std::vector<std::string> command_names(CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) names.push_back(sub->get_name());
  return names;
}

// Every argument is text jiaozhu may store, so each must be UTF-8: a
// terminal set to GB18030 or Big5 would otherwise plant bytes that no export
// or merge can read back. A file name is the exception: one that exists is
// passed on whatever its bytes, since the file system, not the user, chose it.
void require_utf8_arguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto bad = first_invalid_utf8(arg);
    if (!bad) continue;
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::path(std::string(arg)), ec)) continue;
    const std::string after = i > 1 ? " (after " + printable(argv[i - 1]) + ")" : "";
    throw UsageError("argument " + std::to_string(i) + after + " is not valid UTF-8 at byte " + std::to_string(*bad) +
                     "; jiaozhu reads UTF-8: is the terminal set to GB18030 or Big5?");
  }
}

}  // namespace

int run_command_line(int argc, char** argv) {
  CLI::App app;
  Globals g;
  g.words.emplace(argv + 1, argv + argc);
  configure_app(app, g);

  std::signal(SIGINT, on_sigint);
  try {
    require_utf8_arguments(argc, argv);
    app.parse(argc, argv);
    finish_standard_output();
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    auto unknown = unknown_command(argc, argv, command_names(app));
    if (!unknown && dynamic_cast<const CLI::ExtrasError*>(&e)) {
      std::vector<std::string> options;
      collect_options(app, options);
      unknown = unknown_option(argc, argv, options);
    }
    return fail(kExitUsage, unknown.value_or(e.what()) + "; see `" + help_command(app) + "`");
  } catch (const ExitStatus& s) {
    try {
      finish_standard_output();
    } catch (const Error& e) {
      return fail(exit_code(e.kind()), e.what());
    }
    return s.code;
  } catch (const Error& e) {
    // An interrupted step may surface as another error (a read that failed).
    if (interrupt_requested() && e.kind() != ErrorKind::kInterrupted) {
      return fail(kExitInterrupted, "interrupted: nothing was changed");
    }
    return fail(exit_code(e.kind()), e.what());
  } catch (const std::bad_alloc&) {
    return fail(kExitInternal, "out of memory; nothing was changed");
  } catch (const std::exception& e) {
    if (interrupt_requested()) return fail(kExitInterrupted, "interrupted: nothing was changed");
    if (is_storage_error(e)) return fail(kExitDatabase, g.db_path + ": " + e.what());
    return fail(kExitInternal, std::string("internal error: ") + e.what());
  }
  return kExitOk;
}

}  // namespace jiaozhu::cli
