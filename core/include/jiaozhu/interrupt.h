// Ctrl-C during a long command. The CLI's SIGINT handler calls
// request_interrupt(), which only sets a flag and so is async-signal-safe.
// From then on every open Database fails its next SQL step with
// SQLITE_INTERRUPT (a progress handler checks the flag), so the transaction
// under way rolls back and Database::write throws Interrupted: the database
// is left exactly as it was. Long work outside SQL calls check_interrupt().
#pragma once

namespace jiaozhu {

void request_interrupt() noexcept;
bool interrupt_requested() noexcept;
// Throws Interrupted when an interrupt was requested.
void check_interrupt();

}  // namespace jiaozhu
