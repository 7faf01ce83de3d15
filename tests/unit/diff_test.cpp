#include <catch2/catch.hpp>
#include <random>

#include "align/diff.h"

using jiaozhu::detail::Match;

namespace {

// Length of a longest common subsequence, by dynamic programming.
std::size_t lcs_length(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    }
  }
  return t[a.size()][b.size()];
}

void check_valid(std::span<const Match> matches, const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  for (std::size_t k = 0; k < matches.size(); ++k) {
    REQUIRE(matches[k].a < a.size());
    REQUIRE(matches[k].b < b.size());
    REQUIRE(a[matches[k].a] == b[matches[k].b]);
    if (k) REQUIRE((matches[k].a > matches[k - 1].a && matches[k].b > matches[k - 1].b));
  }
}

std::vector<uint32_t> random_sequence(std::mt19937& rng, std::size_t n, uint32_t alphabet) {
  std::vector<uint32_t> s(n);
  for (auto& x : s) x = std::uniform_int_distribution<uint32_t>(0, alphabet - 1)(rng);
  return s;
}

}  // namespace

TEST_CASE("myers_diff finds a longest common subsequence (checked by dynamic programming)") {
  std::mt19937 rng(7);
  for (int round = 0; round < 400; ++round) {
    const auto a = random_sequence(rng, std::uniform_int_distribution<std::size_t>(0, 60)(rng), 1 + round % 6);
    const auto b = random_sequence(rng, std::uniform_int_distribution<std::size_t>(0, 60)(rng), 1 + round % 6);
    const auto matches = jiaozhu::detail::myers_diff(a, b);
    check_valid(matches, a, b);
    REQUIRE(matches.size() == lcs_length(a, b));
  }
}

TEST_CASE("align_sequences on long texts keeps order, and finds what was not edited") {
  // 700,000 elements: two whole editions, whose gaps are cut in two halves
  // aligned on two threads (diff.cpp: kParallelUnits).
  const std::size_t length = GENERATE(200000, 700000);
  std::mt19937 rng(11);
  const auto a = random_sequence(rng, length, 3000);
  std::vector<uint32_t> b;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const int roll = std::uniform_int_distribution<int>(0, 199)(rng);
    if (roll == 0) continue;                      // deletion
    if (roll == 1) b.push_back(5000);             // insertion, then keep
    if (roll == 2) { b.push_back(5001); continue; }  // substitution
    b.push_back(a[i]);
    ++kept;
  }
  const auto alignment = jiaozhu::detail::align_sequences(a, b);
  check_valid(alignment.matches, a, b);
  CHECK(alignment.matches.size() >= kept);  // every unedited element is matched (or an equal one)
  CHECK(alignment.moved.empty());
}

TEST_CASE("align_sequences reports a transposed block as moved") {
  std::mt19937 rng(3);
  const auto x = random_sequence(rng, 30000, 5000), y = random_sequence(rng, 30000, 5000),
             z = random_sequence(rng, 30000, 5000);
  std::vector<uint32_t> a = x, b = x;
  a.insert(a.end(), y.begin(), y.end());
  a.insert(a.end(), z.begin(), z.end());
  b.insert(b.end(), z.begin(), z.end());
  b.insert(b.end(), y.begin(), y.end());
  const auto alignment = jiaozhu::detail::align_sequences(a, b);
  check_valid(alignment.matches, a, b);
  CHECK(alignment.matches.size() >= 60000);
  CHECK(alignment.moved.size() >= 25000);
}

TEST_CASE("align_sequences finds a short witness inside a long base, edits and all, fast") {
  // A partial witness: a few hundred units against a million, the witness's
  // text one stretch of the base with substitutions every few units, so
  // that no anchor forms in it. Myers alone would take minutes (diff.cpp:
  // kUnbalanced); the window of the base holding the witness's k-grams is
  // aligned instead.
  std::mt19937 rng(41);
  const auto a = random_sequence(rng, 1000000, 5000);
  const std::size_t from = 612345;
  std::vector<uint32_t> b(a.begin() + from, a.begin() + from + 300);
  std::size_t edited = 0;
  for (std::size_t i = 5; i < b.size(); i += 9) b[i] = 6000 + static_cast<uint32_t>(edited++);  // not in a
  const auto alignment = jiaozhu::detail::align_sequences(a, b);
  check_valid(alignment.matches, a, b);
  CHECK(alignment.matches.size() == b.size() - edited);
  for (const Match& m : alignment.matches) REQUIRE(m.a == from + m.b);
}

TEST_CASE("a short witness spread over a long base is still aligned in full") {
  // The witness's k-grams are spread over the base, no window holds half of
  // them: the whole gap is aligned as before.
  std::mt19937 rng(42);
  const auto a = random_sequence(rng, 40000, 5000);
  std::vector<uint32_t> b;
  for (std::size_t start : {1000u, 20000u, 39000u}) b.insert(b.end(), a.begin() + start, a.begin() + start + 10);
  for (std::size_t i = 4; i < b.size(); i += 7) b[i] = 9000;  // breaks every anchor
  const auto alignment = jiaozhu::detail::align_sequences(a, b);
  check_valid(alignment.matches, a, b);
  CHECK(alignment.matches.size() >= b.size() - 5);
}
