#include "jiaozhu/interrupt.h"

#include <sqlite3.h>

#include <csignal>

#include "db/interrupt_hook.h"

#include "jiaozhu/error.h"

namespace jiaozhu {
namespace {

// sig_atomic_t: the one type a signal handler may write and code read.
volatile std::sig_atomic_t g_interrupted = 0;

}  // namespace

void request_interrupt() noexcept { g_interrupted = 1; }

bool interrupt_requested() noexcept { return g_interrupted != 0; }

void check_interrupt() {
  if (interrupt_requested()) throw Interrupted("interrupted: nothing was changed");
}

void detail::stop_on_interrupt(sqlite3* connection) {
  sqlite3_progress_handler(connection, 10000, [](void*) { return interrupt_requested() ? 1 : 0; }, nullptr);
}

}  // namespace jiaozhu
