#include "notes/quote_anchor.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace jiaozhu::detail {
namespace {

// Above this many DP cells an approximate search is not attempted: a quote
// of hundreds of characters in a passage of a million is not a typo search.
constexpr std::size_t kMaxApproximateCells = 64'000'000;
constexpr std::size_t kMaxCandidates = 64;

std::size_t edit_distance(std::u32string_view a, std::u32string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// How much the text around [start, end) resembles the selector's context:
// 1 the same, 0 nothing alike. An empty side of the selector means the
// quote stood at the passage's edge: standing there again agrees fully,
// elsewhere it neither agrees nor disagrees.
double context_similarity(const std::u32string& text, std::size_t start, std::size_t end, const QuoteSelector& q) {
  auto side = [](std::u32string_view want, std::u32string_view got, bool at_edge) {
    if (want.empty()) return at_edge ? 1.0 : 0.5;
    return 1.0 - static_cast<double>(edit_distance(want, got)) / static_cast<double>(want.size());
  };
  const std::size_t p = std::min(q.prefix.size(), start);
  const std::size_t s = std::min(q.suffix.size(), text.size() - end);
  const double before = side(q.prefix, std::u32string_view(text).substr(start - p, p), start == 0);
  const double after = side(q.suffix, std::u32string_view(text).substr(end, s), end == text.size());
  return (before + after) / 2;
}

struct Candidate {
  std::size_t start, end;
  std::size_t distance;
  double context;
};

// Approximate occurrences of `quote` in `text` with at most `k` edits
// (Sellers' algorithm: edit distance where the match may start anywhere),
// each with its best start.
std::vector<Candidate> approximate(const std::u32string& text, const std::u32string& quote, std::size_t k) {
  const std::size_t m = quote.size();
  std::vector<Candidate> out;
  if (m == 0 || text.empty() || m * text.size() > kMaxApproximateCells) return out;
  std::vector<std::size_t> column(m + 1);
  for (std::size_t i = 0; i <= m; ++i) column[i] = i;
  std::vector<std::size_t> at_end(text.size() + 1, m);  // distance of the best match ending at j
  for (std::size_t j = 1; j <= text.size(); ++j) {
    std::size_t diagonal = column[0];  // row 0 stays 0: a match may start anywhere
    for (std::size_t i = 1; i <= m; ++i) {
      const std::size_t left = column[i];
      column[i] = std::min({column[i] + 1, column[i - 1] + 1, diagonal + (quote[i - 1] == text[j - 1] ? 0 : 1)});
      diagonal = left;
    }
    at_end[j] = column[m];
  }
  for (std::size_t j = 1; j <= text.size() && out.size() < kMaxCandidates; ++j) {
    const bool local_minimum = at_end[j] <= at_end[j - 1] && (j == text.size() || at_end[j] < at_end[j + 1]);
    if (at_end[j] > k || !local_minimum) continue;
    Candidate best{0, j, m + k + 1, 0};
    const std::size_t shortest = m > k ? m - k : 1, longest = m + k;
    const std::size_t lo = j > longest ? j - longest : 0;
    for (std::size_t s = lo; s + shortest <= j; ++s) {
      const std::size_t d = edit_distance(std::u32string_view(text).substr(s, j - s), quote);
      if (d < best.distance) best = {s, j, d, 0};
    }
    if (best.distance <= k) out.push_back(best);
  }
  return out;
}

// The best candidate: the closest context, then the fewest edits, then the
// nearest to `hint`.
const Candidate* best_of(const std::vector<Candidate>& cs, std::size_t hint) {
  const Candidate* best = nullptr;
  auto far = [hint](const Candidate& c) { return c.start > hint ? c.start - hint : hint - c.start; };
  for (const Candidate& c : cs) {
    if (!best || c.context > best->context + 1e-9 ||
        (std::abs(c.context - best->context) <= 1e-9 &&
         (c.distance < best->distance || (c.distance == best->distance && far(c) < far(*best))))) {
      best = &c;
    }
  }
  return best;
}

}  // namespace

QuoteSelector make_selector(const std::u32string& text, std::size_t start, std::size_t end) {
  QuoteSelector q;
  q.exact = text.substr(start, end - start);
  const std::size_t p = std::min(kQuoteContext, start);
  q.prefix = text.substr(start - p, p);
  q.suffix = text.substr(end, std::min(kQuoteContext, text.size() - end));
  return q;
}

std::vector<std::size_t> occurrences(const std::u32string& text, const std::u32string& exact) {
  std::vector<std::size_t> out;
  if (exact.empty()) return out;
  for (std::size_t at = text.find(exact); at != std::u32string::npos; at = text.find(exact, at + 1)) out.push_back(at);
  return out;
}

bool is_layout_space(char32_t c) { return c == U' ' || c == U'\n' || c == U'\t' || c == U'\r' || c == U'\u3000'; }

std::vector<std::pair<std::size_t, std::size_t>> occurrences_ignoring_whitespace(const std::u32string& text,
                                                                                 const std::u32string& exact) {
  std::u32string kept_text, kept_exact;
  std::vector<std::size_t> at;  // at[i]: where kept_text[i] stands in text
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_layout_space(text[i])) continue;
    kept_text += text[i];
    at.push_back(i);
  }
  for (char32_t c : exact) {
    if (!is_layout_space(c)) kept_exact += c;
  }
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t k : occurrences(kept_text, kept_exact)) out.emplace_back(at[k], at[k + kept_exact.size() - 1] + 1);
  return out;
}

std::optional<Placement> locate(const std::u32string& text, const QuoteSelector& q, std::size_t hint, bool strict) {
  std::vector<Candidate> exact;
  for (std::size_t at : occurrences(text, q.exact)) {
    exact.push_back({at, at + q.exact.size(), 0, context_similarity(text, at, at + q.exact.size(), q)});
  }
  // A unique exact occurrence in the note's own passage is the quote, unless
  // its surroundings are wholly different (the sentence was rewritten and
  // the words recur elsewhere).
  if (const Candidate* c = best_of(exact, hint)) {
    const double needed = strict ? 0.5 : (exact.size() == 1 ? 0.25 : 0.4);
    if (c->context >= needed) return Placement{c->start, c->end, true};
  }
  const std::size_t k = std::max<std::size_t>(1, q.exact.size() / 3);
  auto near = approximate(text, q.exact, k);
  for (Candidate& c : near) c.context = context_similarity(text, c.start, c.end, q);
  if (const Candidate* c = best_of(near, hint); c && c->context >= 0.6) return Placement{c->start, c->end, false};
  return std::nullopt;
}

std::vector<std::u32string> closest_readings(const std::u32string& text, const std::u32string& quote, std::size_t n) {
  if (quote.size() < 2) return {};
  auto cs = approximate(text, quote, quote.size() - (quote.size() + 1) / 2);
  std::stable_sort(cs.begin(), cs.end(), [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
  std::vector<std::u32string> out;
  for (const Candidate& c : cs) {
    std::u32string reading = text.substr(c.start, c.end - c.start);
    if (std::find(out.begin(), out.end(), reading) == out.end()) out.push_back(std::move(reading));
    if (out.size() == n) break;
  }
  return out;
}

}  // namespace jiaozhu::detail
