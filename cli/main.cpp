// jiaozhu: the command-line interface. Parses arguments, calls core/, prints
// (command_line.cpp); the terminal is put back as it was on every exit.
#include "command_line.h"
#include "terminal_guard.h"

int main(int argc, char** argv) {
  const jiaozhu::cli::TerminalGuard guard;
  return jiaozhu::cli::run_command_line(argc, argv);
}
