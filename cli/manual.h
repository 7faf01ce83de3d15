// The manual page and the bash completion of jiaozhu, written from the
// command tree that configure_app builds: generated at build time, they
// list every command and option the binary has, with its help texts.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace jiaozhu::cli {

// jiaozhu(1) in roff (man(7) macros).
std::string man_page(CLI::App& app);

// A bash completion script: commands, their subcommands and options, and
// file names where a command takes files.
std::string bash_completion(CLI::App& app);

// Builds jiaozhu's command tree and writes its manual page to man_path and
// its completion to completion_path; false if either cannot be written.
bool write_manual_files(const std::string& man_path, const std::string& completion_path);

}  // namespace jiaozhu::cli
