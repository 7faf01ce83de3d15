#include "align/diff.h"

#include <algorithm>
#include <future>

namespace jiaozhu::detail {
namespace {

using Seq = std::span<const uint32_t>;

// Myers' middle snake (the linear-space refinement): finds a point on an
// optimal path through the middle of the edit graph of a[a0,a1) b[b0,b1).
struct Snake {
  std::ptrdiff_t x, y, u, v;  // the snake runs from (x,y) to (u,v)
  std::ptrdiff_t cost;
};

// The most edits one middle snake looks for: its time grows with their
// square (a correction that made a linked passage 200,000 characters long
// took 19 s, and 1 M characters did not finish). Gaps of aligned editions
// are at most 2 * kSmallGap; past this a pair is one difference.
constexpr std::ptrdiff_t kMaxSnakeCost = 12'000;

Snake middle_snake(Seq a, Seq b, std::ptrdiff_t a0, std::ptrdiff_t a1, std::ptrdiff_t b0, std::ptrdiff_t b1,
                   std::vector<std::ptrdiff_t>& fwd, std::vector<std::ptrdiff_t>& bwd, std::ptrdiff_t max_cost) {
  max_cost = std::min(max_cost, kMaxSnakeCost);
  // Diagonals k run from -(n + m) to n + m, with room for k - 1 and k + 1.
  const std::ptrdiff_t n = a1 - a0, m = b1 - b0, delta = n - m, offset = n + m + 1;
  const bool odd = (delta & 1) != 0;
  const std::ptrdiff_t dmax = (n + m + 1) / 2;
  fwd.assign(static_cast<std::size_t>(2 * offset + 1), 0);
  bwd.assign(static_cast<std::size_t>(2 * offset + 1), n + 1);  // x positions counted from the end
  fwd[static_cast<std::size_t>(offset + 1)] = 0;
  bwd[static_cast<std::size_t>(offset + 1)] = 0;
  for (std::ptrdiff_t d = 0; d <= dmax && d <= max_cost; ++d) {
    for (std::ptrdiff_t k = -d; k <= d; k += 2) {
      auto at = [&](std::ptrdiff_t kk) -> std::ptrdiff_t& { return fwd[static_cast<std::size_t>(kk + offset)]; };
      std::ptrdiff_t x = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? at(k + 1) : at(k - 1) + 1;
      std::ptrdiff_t y = x - k;
      const std::ptrdiff_t sx = x, sy = y;
      while (x < n && y < m && a[static_cast<std::size_t>(a0 + x)] == b[static_cast<std::size_t>(b0 + y)]) ++x, ++y;
      at(k) = x;
      const std::ptrdiff_t kb = delta - k;  // the reverse diagonal
      if (odd && kb >= -(d - 1) && kb <= d - 1 && bwd[static_cast<std::size_t>(kb + offset)] + x >= n) {
        return {a0 + sx, b0 + sy, a0 + x, b0 + y, 2 * d - 1};
      }
    }
    for (std::ptrdiff_t k = -d; k <= d; k += 2) {
      auto at = [&](std::ptrdiff_t kk) -> std::ptrdiff_t& { return bwd[static_cast<std::size_t>(kk + offset)]; };
      std::ptrdiff_t x = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? at(k + 1) : at(k - 1) + 1;
      std::ptrdiff_t y = x - k;
      const std::ptrdiff_t sx = x, sy = y;
      while (x < n && y < m &&
             a[static_cast<std::size_t>(a1 - 1 - x)] == b[static_cast<std::size_t>(b1 - 1 - y)]) ++x, ++y;
      at(k) = x;
      const std::ptrdiff_t kf = delta - k;
      if (!odd && kf >= -d && kf <= d && fwd[static_cast<std::size_t>(kf + offset)] + x >= n) {
        return {a1 - x, b1 - y, a1 - sx, b1 - sy, 2 * d};
      }
    }
  }
  return {0, 0, 0, 0, -1};  // over max_cost
}

// A short sequence against a far longer one (a passage corrected to 200,000
// characters, a short witness spread over a long base): Myers' time grows
// with the long side times the edits, which are at least its length, while
// a table of the two lengths is small. Past this many cells, Myers with its
// cap.
constexpr std::size_t kMaxTableCells = 300'000'000;

bool table_pays(std::ptrdiff_t n, std::ptrdiff_t m) {
  const auto shorter = static_cast<std::size_t>(std::min(n, m)), longer = static_cast<std::size_t>(std::max(n, m));
  return longer > 4096 && longer >= 4 * shorter && shorter * longer <= kMaxTableCells;
}

// The matches of a longest common subsequence of a[a0, a1) and b[b0, b1), by
// the table of their prefixes: time n * m, two bits a cell for the way back.
void table_matches(Seq a, Seq b, std::ptrdiff_t a0, std::ptrdiff_t a1, std::ptrdiff_t b0, std::ptrdiff_t b1,
                   std::vector<Match>& out) {
  const auto n = static_cast<std::size_t>(a1 - a0), m = static_cast<std::size_t>(b1 - b0);
  enum : uint8_t { kDiagonal = 1, kUp = 2, kLeft = 3 };
  std::vector<uint8_t> way((n * m + 3) / 4, 0);
  const auto set = [&](std::size_t i, std::size_t j, uint8_t w) {
    const std::size_t cell = i * m + j;
    way[cell / 4] = static_cast<uint8_t>(way[cell / 4] | (w << (2 * (cell % 4))));
  };
  const auto get = [&](std::size_t i, std::size_t j) { const std::size_t c = i * m + j; return (way[c / 4] >> (2 * (c % 4))) & 3; };
  std::vector<uint32_t> above(m + 1, 0), row(m + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    row[0] = 0;
    const uint32_t x = a[static_cast<std::size_t>(a0) + i];
    for (std::size_t j = 0; j < m; ++j) {
      if (x == b[static_cast<std::size_t>(b0) + j]) {
        row[j + 1] = above[j] + 1;
        set(i, j, kDiagonal);
      } else if (above[j + 1] >= row[j]) {
        row[j + 1] = above[j + 1];
        set(i, j, kUp);
      } else {
        row[j + 1] = row[j];
        set(i, j, kLeft);
      }
    }
    std::swap(above, row);
  }
  std::vector<Match> reversed;
  for (std::size_t i = n, j = m; i > 0 && j > 0;) {
    const int w = get(i - 1, j - 1);
    if (w == kDiagonal) {
      reversed.push_back({static_cast<std::size_t>(a0) + i - 1, static_cast<std::size_t>(b0) + j - 1});
      --i, --j;
    } else if (w == kUp) {
      --i;
    } else {
      --j;
    }
  }
  out.insert(out.end(), reversed.rbegin(), reversed.rend());
}

void diff_range(Seq a, Seq b, std::ptrdiff_t a0, std::ptrdiff_t a1, std::ptrdiff_t b0, std::ptrdiff_t b1,
                std::vector<Match>& out, std::vector<std::ptrdiff_t>& fwd, std::vector<std::ptrdiff_t>& bwd,
                std::ptrdiff_t& budget) {
  // Common prefix and suffix cost nothing and shrink the problem.
  while (a0 < a1 && b0 < b1 && a[static_cast<std::size_t>(a0)] == b[static_cast<std::size_t>(b0)]) {
    out.push_back({static_cast<std::size_t>(a0++), static_cast<std::size_t>(b0++)});
  }
  std::vector<Match> suffix;
  while (a0 < a1 && b0 < b1 && a[static_cast<std::size_t>(a1 - 1)] == b[static_cast<std::size_t>(b1 - 1)]) {
    suffix.push_back({static_cast<std::size_t>(--a1), static_cast<std::size_t>(--b1)});
  }
  if (a0 < a1 && b0 < b1 && table_pays(a1 - a0, b1 - b0)) {
    table_matches(a, b, a0, a1, b0, b1, out);
  } else if (a0 < a1 && b0 < b1 && budget > 0) {
    const Snake s = middle_snake(a, b, a0, a1, b0, b1, fwd, bwd, budget);
    if (s.cost > 1) {
      budget -= s.cost / 2;
      diff_range(a, b, a0, s.x, b0, s.y, out, fwd, bwd, budget);
      for (std::ptrdiff_t x = s.x, y = s.y; x < s.u; ++x, ++y) {
        out.push_back({static_cast<std::size_t>(x), static_cast<std::size_t>(y)});
      }
      diff_range(a, b, s.u, a1, s.v, b1, out, fwd, bwd, budget);
    } else if (s.cost >= 0) {
      // At most one edit: everything else matches, in order.
      std::ptrdiff_t x = a0, y = b0;
      while (x < a1 && y < b1) {
        if (a[static_cast<std::size_t>(x)] == b[static_cast<std::size_t>(y)]) {
          out.push_back({static_cast<std::size_t>(x++), static_cast<std::size_t>(y++)});
        } else if (a1 - x > b1 - y) {
          ++x;
        } else {
          ++y;
        }
      }
    }
  }
  out.insert(out.end(), suffix.rbegin(), suffix.rend());
}

// One k-gram in kSample is a candidate anchor, chosen by its hash so that
// both sequences choose the same ones: anchors only need to be dense enough
// to cut the texts into short gaps, and Myers aligns a gap that is mostly
// equal in time linear in its length.
constexpr uint64_t kSample = 4;

// The sampled k-grams of s that occur once in it, as (hash, position), by
// hash. Sorting beats a hash map here: no allocation per k-gram.
HugeVector<std::pair<uint64_t, std::size_t>> unique_kgrams(Seq s, std::size_t k) {
  HugeVector<std::pair<uint64_t, std::size_t>> all;
  if (s.size() < k) return all;
  all.reserve(s.size() / kSample + 16);
  // 64-bit polynomial hashes of every k-gram, rolled along s.
  constexpr uint64_t kBase = 0x100000001B3ull;
  uint64_t power = 1, h = 0;
  for (std::size_t i = 0; i < k; ++i) power *= kBase;
  for (std::size_t i = 0; i < s.size(); ++i) {
    h = h * kBase + s[i] + 1;
    if (i >= k) h -= power * (s[i - k] + 1);
    if (i + 1 >= k && (h >> 32) % kSample == 0) all.emplace_back(h, i + 1 - k);
  }
  std::sort(all.begin(), all.end());
  // Those that occur once, kept in place.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const bool repeated = (i > 0 && all[i - 1].first == all[i].first) ||
                          (i + 1 < all.size() && all[i + 1].first == all[i].first);
    if (!repeated) all[kept++] = all[i];
  }
  all.resize(kept);
  return all;
}

// Sequences this long are worth a thread of their own (the whole of two
// editions, not a gap between anchors).
constexpr std::size_t kParallelUnits = 1 << 18;

// Anchors: k-grams occurring once in a and once in b (verified equal).
std::vector<Match> unique_anchors(Seq a, Seq b, std::size_t k) {
  std::future<HugeVector<std::pair<uint64_t, std::size_t>>> of_b;
  if (b.size() >= kParallelUnits) of_b = std::async(std::launch::async, [&] { return unique_kgrams(b, k); });
  const auto ua = unique_kgrams(a, k);
  const auto ub = of_b.valid() ? of_b.get() : unique_kgrams(b, k);
  std::vector<Match> out;
  for (std::size_t i = 0, j = 0; i < ua.size() && j < ub.size();) {
    if (ua[i].first < ub[j].first) { ++i; continue; }
    if (ub[j].first < ua[i].first) { ++j; continue; }
    const std::size_t pa = ua[i].second, pb = ub[j].second;
    if (std::equal(a.begin() + static_cast<long>(pa), a.begin() + static_cast<long>(pa + k), b.begin() + static_cast<long>(pb))) {
      out.push_back({pa, pb});
    }
    ++i, ++j;
  }
  std::sort(out.begin(), out.end(), [](const Match& x, const Match& y) { return x.a < y.a; });
  return out;
}

// The longest subsequence of `anchors` (sorted by a) increasing in b.
std::vector<bool> longest_chain(const std::vector<Match>& anchors) {
  std::vector<std::size_t> tails, previous(anchors.size(), SIZE_MAX);
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    auto it = std::lower_bound(tails.begin(), tails.end(), anchors[i].b,
                               [&](std::size_t t, std::size_t b) { return anchors[t].b < b; });
    if (it != tails.begin()) previous[i] = *(it - 1);
    if (it == tails.end()) tails.push_back(i);
    else *it = i;
  }
  std::vector<bool> kept(anchors.size(), false);
  for (std::size_t i = tails.empty() ? SIZE_MAX : tails.back(); i != SIZE_MAX; i = previous[i]) kept[i] = true;
  return kept;
}

constexpr std::size_t kSmallGap = 4096;  // gaps this long on the shorter side go to Myers directly

// A gap far longer on one side than on the other: a partial witness (三百首
// against 全唐詩's 57,000 poems) leaves between two anchored poems a few
// characters against a hundred thousand. Myers pays for deleting the long
// side, in time the product of the two lengths (four minutes for 唐詩三百首);
// the short side's text lies, if anywhere, in one stretch of the long side.
constexpr std::size_t kUnbalanced = 16;
constexpr std::size_t kWindowGram = 4;

// The stretch [from, to) of `longer`, twice as long as `shorter` and a
// little more, holding the most k-grams of `shorter`, when it holds at least
// half of those found anywhere in `longer`; else all of `longer` (the text
// of `shorter` is spread over it, and only a full alignment finds it). Empty
// when `longer` holds none of them.
std::pair<std::size_t, std::size_t> best_window(Seq shorter, Seq longer) {
  const std::size_t width = std::min(longer.size(), 2 * shorter.size() + 64);
  if (shorter.size() < kWindowGram) return {0, width};
  auto gram = [](Seq s, std::size_t i) {
    uint64_t h = 0;
    for (std::size_t t = 0; t < kWindowGram; ++t) h = h * 0x100000001B3ull + s[i + t] + 1;
    return h;
  };
  std::vector<uint64_t> grams;
  for (std::size_t i = 0; i + kWindowGram <= shorter.size(); ++i) grams.push_back(gram(shorter, i));
  std::sort(grams.begin(), grams.end());
  // hits[i]: k-grams of `shorter` starting in longer[0, i).
  std::vector<uint32_t> hits(longer.size() + 1, 0);
  for (std::size_t i = 0; i < longer.size(); ++i) {
    const bool hit = i + kWindowGram <= longer.size() && std::binary_search(grams.begin(), grams.end(), gram(longer, i));
    hits[i + 1] = hits[i] + hit;
  }
  std::size_t best = 0;
  for (std::size_t from = 0; from + width <= longer.size(); ++from) {
    if (hits[from + width] - hits[from] > hits[best + width] - hits[best]) best = from;
  }
  const uint32_t in_best = hits[best + width] - hits[best];
  if (in_best == 0) return {0, 0};
  if (2 * in_best < hits[longer.size()]) return {0, longer.size()};
  // Hits count where k-grams start: the last one's text runs on past the window.
  return {best, std::min(longer.size(), best + width + kWindowGram - 1)};
}

void align_range(Seq a, Seq b, std::size_t a0, std::size_t a1, std::size_t b0, std::size_t b1, std::size_t k,
                 Alignment& out, std::vector<std::ptrdiff_t>& fwd, std::vector<std::ptrdiff_t>& bwd);

// What lies between anchors: where to start, which anchors to follow, and
// where the last gap ends.
struct AnchorRun {
  std::size_t a0, b0;       // the range's start: anchors are relative to it
  std::size_t ca, cb;       // the end of the last kept anchor before the run
  std::size_t from, to;     // anchors [from, to)
  std::size_t end_a, end_b;  // the end of the gap after the last of them
};

// Aligns the gaps between the kept anchors of `run` (each at k / 2), the
// anchors themselves matched; anchors off the longest chain are moved text.
void follow_anchors(Seq a, Seq b, const std::vector<Match>& anchors, const std::vector<bool>& kept, AnchorRun run,
                    std::size_t k, Alignment& out, std::vector<std::ptrdiff_t>& fwd, std::vector<std::ptrdiff_t>& bwd) {
  std::size_t ca = run.ca, cb = run.cb;
  for (std::size_t i = run.from; i < run.to; ++i) {
    const std::size_t ia = anchors[i].a + run.a0, ib = anchors[i].b + run.b0;
    if (!kept[i]) {
      for (std::size_t t = 0; t < k; ++t) out.moved.push_back({ia + t, ib + t});
      continue;
    }
    if (ia < ca || ib < cb) {  // overlaps the previous anchor: extend it
      for (std::size_t t = std::max(ca - ia, cb - ib); t < k; ++t) out.matches.push_back({ia + t, ib + t});
    } else {
      align_range(a, b, ca, ia, cb, ib, k / 2, out, fwd, bwd);
      for (std::size_t t = 0; t < k; ++t) out.matches.push_back({ia + t, ib + t});
    }
    ca = ia + k;
    cb = ib + k;
  }
  align_range(a, b, ca, run.end_a, cb, run.end_b, k / 2, out, fwd, bwd);
}

// A kept anchor near the middle that does not overlap the kept one before
// it: where the gaps can be cut in two. anchors.size() when there is none.
std::size_t middle_cut(const std::vector<Match>& anchors, const std::vector<bool>& kept, std::size_t k) {
  std::size_t previous = SIZE_MAX;
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    if (!kept[i]) continue;
    const bool clear = previous == SIZE_MAX ||
                       (anchors[i].a >= anchors[previous].a + k && anchors[i].b >= anchors[previous].b + k);
    if (i >= anchors.size() / 2 && clear) return i;
    previous = i;
  }
  return anchors.size();
}

void align_range(Seq a, Seq b, std::size_t a0, std::size_t a1, std::size_t b0, std::size_t b1, std::size_t k,
                 Alignment& out, std::vector<std::ptrdiff_t>& fwd, std::vector<std::ptrdiff_t>& bwd) {
  if (a0 >= a1 || b0 >= b1) return;
  const std::size_t na = a1 - a0, nb = b1 - b0;
  if (std::max(na, nb) > kUnbalanced * std::min(na, nb) && std::max(na, nb) > 4 * kSmallGap) {
    // Only the stretch of the long side where the short side's text is.
    const bool a_longer = na > nb;
    const auto [from, to] = a_longer ? best_window(b.subspan(b0, nb), a.subspan(a0, na))
                                     : best_window(a.subspan(a0, na), b.subspan(b0, nb));
    if (from == to) return;
    if (to - from < std::max(na, nb)) {
      if (a_longer) return align_range(a, b, a0 + from, a0 + to, b0, b1, k, out, fwd, bwd);
      return align_range(a, b, a0, a1, b0 + from, b0 + to, k, out, fwd, bwd);
    }
  }
  if (std::min(a1 - a0, b1 - b0) <= kSmallGap || k < 4) {
    std::vector<Match> local;
    std::ptrdiff_t budget = static_cast<std::ptrdiff_t>(std::min<std::size_t>(200000, 4 * (a1 - a0 + b1 - b0)));
    diff_range(a.subspan(a0, a1 - a0), b.subspan(b0, b1 - b0), 0, static_cast<std::ptrdiff_t>(a1 - a0), 0,
               static_cast<std::ptrdiff_t>(b1 - b0), local, fwd, bwd, budget);
    for (const Match& m : local) out.matches.push_back({m.a + a0, m.b + b0});
    return;
  }
  const auto anchors = unique_anchors(a.subspan(a0, a1 - a0), b.subspan(b0, b1 - b0), k);
  const auto kept = longest_chain(anchors);
  const std::size_t cut = std::min(a1 - a0, b1 - b0) >= kParallelUnits ? middle_cut(anchors, kept, k) : anchors.size();
  if (cut == anchors.size()) {
    follow_anchors(a, b, anchors, kept, {a0, b0, a0, b0, 0, anchors.size(), a1, b1}, k, out, fwd, bwd);
    return;
  }
  // Two editions whole: the second half of the gaps on another core, its
  // matches appended after the first half's, in order.
  const std::size_t mid_a = anchors[cut].a + a0, mid_b = anchors[cut].b + b0;
  Alignment second;
  auto later = std::async(std::launch::async, [&] {
    std::vector<std::ptrdiff_t> fwd2, bwd2;
    follow_anchors(a, b, anchors, kept, {a0, b0, mid_a, mid_b, cut, anchors.size(), a1, b1}, k, second, fwd2, bwd2);
  });
  follow_anchors(a, b, anchors, kept, {a0, b0, a0, b0, 0, cut, mid_a, mid_b}, k, out, fwd, bwd);
  later.get();
  out.matches.insert(out.matches.end(), second.matches.begin(), second.matches.end());
  out.moved.insert(out.moved.end(), second.moved.begin(), second.moved.end());
}

}  // namespace

std::vector<Match> myers_diff(std::span<const uint32_t> a, std::span<const uint32_t> b, std::size_t max_cost) {
  std::vector<Match> out;
  std::vector<std::ptrdiff_t> fwd, bwd;
  std::ptrdiff_t budget = static_cast<std::ptrdiff_t>(max_cost);
  diff_range(a, b, 0, static_cast<std::ptrdiff_t>(a.size()), 0, static_cast<std::ptrdiff_t>(b.size()), out, fwd, bwd,
             budget);
  return out;
}

Alignment align_sequences(std::span<const uint32_t> a, std::span<const uint32_t> b) {
  Alignment out;
  out.matches.reserve(std::min(a.size(), b.size()));  // at most this many; growing a 50 MB vector costs page faults
  std::vector<std::ptrdiff_t> fwd, bwd;
  align_range(a, b, 0, a.size(), 0, b.size(), 16, out, fwd, bwd);
  return out;
}

}  // namespace jiaozhu::detail
