#include "jiaozhu/interrupt.h"

#include <csignal>

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

}  // namespace jiaozhu
