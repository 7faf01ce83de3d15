// Connecting a SQLite connection to Ctrl-C (jiaozhu/interrupt.h).
#pragma once

struct sqlite3;

namespace jiaozhu::detail {

// From the next interrupt request on, every statement on `connection`
// fails with SQLITE_INTERRUPT (a progress handler checks every 10,000
// virtual-machine steps, well under a millisecond), so the transaction under
// way rolls back.
void stop_on_interrupt(sqlite3* connection);

}  // namespace jiaozhu::detail
