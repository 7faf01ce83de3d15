// The progress of long work, on a terminal only.
#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>

namespace jiaozhu::cli {

// A one-line progress bar on stderr, drawn only when stderr is a terminal,
// redrawn at most ten times a second, erased when destroyed.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::string_view stage, uint64_t done, uint64_t total);

 private:
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace jiaozhu::cli
