#include "progress_bar.h"

#include <cstdio>
#include <string>

#include "terminal_guard.h"

namespace jiaozhu::cli {

ProgressBar::ProgressBar(bool enabled) : enabled_(enabled && stderr_is_tty()) {}

ProgressBar::~ProgressBar() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
}

void ProgressBar::update(std::string_view stage, uint64_t done, uint64_t total) {
  if (!enabled_ || total == 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  constexpr int kWidth = 30;
  const double fraction = static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kWidth);
  std::fprintf(stderr, "\r%-8.*s [%s%s] %3d%%", static_cast<int>(stage.size()), stage.data(),
               std::string(static_cast<std::size_t>(filled), '#').c_str(),
               std::string(static_cast<std::size_t>(kWidth - filled), ' ').c_str(),
               static_cast<int>(fraction * 100));
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace jiaozhu::cli
