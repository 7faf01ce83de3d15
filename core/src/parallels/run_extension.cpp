#include "parallels/run_extension.h"

#include <algorithm>

namespace jiaozhu::detail {
namespace {

constexpr int kAgree = 1, kDiffer = -2, kDrop = 5;

// Closes the run [start, best_end] when it is long and clean enough.
void emit(const std::u32string& own, const std::u32string& other, int32_t shift, int32_t start, int32_t best_end,
          int64_t min_length, std::vector<Run>& out) {
  if (best_end < start || best_end + 1 - start < min_length) return;
  Run r{start, best_end + 1, shift, {}};
  for (int32_t i = start; i <= best_end; ++i) {
    if (own[static_cast<std::size_t>(i)] != other[static_cast<std::size_t>(i + shift)]) r.differences.push_back(i);
  }
  if (static_cast<int64_t>(r.differences.size()) * 8 <= r.own_end - r.own_start) out.push_back(std::move(r));
}

}  // namespace

std::vector<Run> runs_on_diagonal(const std::u32string& own, const std::u32string& other, int32_t shift, int64_t min_length) {
  std::vector<Run> out;
  const int32_t first = std::max<int32_t>(0, -shift);
  const int32_t last = std::min<int32_t>(static_cast<int32_t>(own.size()), static_cast<int32_t>(other.size()) - shift);
  int32_t start = -1, best_end = -1;
  int score = 0, best = 0;
  for (int32_t i = first; i < last; ++i) {
    const bool agree = own[static_cast<std::size_t>(i)] == other[static_cast<std::size_t>(i + shift)];
    if (start < 0) {
      if (!agree) continue;
      start = best_end = i;
      score = best = kAgree;
      continue;
    }
    score += agree ? kAgree : kDiffer;
    if (agree && score >= best) best = score, best_end = i;
    if (score <= best - kDrop) {
      emit(own, other, shift, start, best_end, min_length, out);
      i = best_end;  // the next run may begin right after this one's end
      start = -1;
    }
  }
  if (start >= 0) emit(own, other, shift, start, best_end, min_length, out);
  return out;
}

}  // namespace jiaozhu::detail
