// Parallel passages: where else the words of a passage stand, in any work
// of the database (a quotation, an anthology's copy, 互見 between two
// histories, a 類書 preserving a lost text). Texts are compared as search
// compares them: Han characters only, each folded to its search form
// (script and variant forms, the database's fold rules), punctuation and
// everything else left out. A parallel is a run of at least `min_length`
// such characters on both sides, in the same order, where at most one
// character in eight differs (substitutions: a character added or lost
// ends the run).
//
// Found through an index of every run of four folded characters
// (parallel_gram, kept per edition and brought up to date by import,
// correction and merge; `check` verifies it). A fold rule added later
// counts at once where a run is verified, and in finding it after
// `jiaozhu reindex`.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace jiaozhu {

class Database;

struct ParallelOptions {
  // Only passages of these editions (sigla) or works (names); empty: all.
  std::vector<std::string> in;
  int64_t min_length = 8;         // in folded characters, at least 4
  bool include_linked = false;    // passages linked with it as editions of one work, too
};

// One side of a parallel: a passage and the span [start, end) of its text,
// in code points.
struct ParallelSide {
  std::string address;
  int64_t start = 0, end = 0;
  std::string text;  // the span's words as they stand
};

struct ParallelDifference {
  int64_t at = 0, other_at = 0;  // code points into each side's passage
  std::string reading, other_reading;
};

struct Parallel {
  ParallelSide own, other;
  std::string other_work;
  int64_t length = 0;  // folded characters the run spans
  std::vector<ParallelDifference> differences;
};

// Holds `db` by reference; one thread at a time. Reads run in one read
// transaction. Throws NotFound for an unknown siglum, work or passage,
// UsageError for a min_length under 4, DatabaseError naming the file when
// the index is out of date (`jiaozhu reindex` brings it up to date).
class ParallelRepository {
 public:
  explicit ParallelRepository(Database& db) : db_(db) {}

  // Every parallel of passage S:N, best first (longest, then fewest differences).
  std::vector<Parallel> of_passage(const std::string& address, const ParallelOptions& options) const;

  // Every parallel between a passage of edition `a` and one of `b` (`a`
  // itself: repetition inside one edition, each pair once), in the order of
  // a's passages. `progress` gets (done, total) passages of `a`.
  std::vector<Parallel> between(const std::string& a, const std::string& b, const ParallelOptions& options,
                                const std::function<void(int64_t, int64_t)>& progress = {}) const;

  // Every parallel between passages of editions of different works in the
  // whole database (or among options.in), each pair once, the edition made
  // first as `own`: text reuse across a collection, the gram index read once
  // bucket by bucket. Ordered by edition pair, then own passage. `progress`
  // gets (done, total) pairs of editions verified.
  std::vector<Parallel> across_works(const ParallelOptions& options,
                                     const std::function<void(int64_t, int64_t)>& progress = {}) const;

 private:
  Database& db_;
};

}  // namespace jiaozhu
