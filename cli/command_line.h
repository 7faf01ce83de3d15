// The whole of `jiaozhu ARGS...`, behind main().
#pragma once

namespace jiaozhu::cli {

// Runs `jiaozhu ARGS...` and returns its exit status (docs/errors.md). Every
// error is caught and printed as one line on stderr; nothing escapes. The
// first Ctrl-C asks the running command to stop, the second ends the process.
// The terminal is the caller's to guard (TerminalGuard).
int run_command_line(int argc, char** argv);

}  // namespace jiaozhu::cli
