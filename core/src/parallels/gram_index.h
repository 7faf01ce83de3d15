// The index behind parallel passages (parallels.h): for every run of four
// folded Han characters of a passage, a posting (passage, position) under
// the run's hash bucket, one row of postings per bucket and edition
// (parallel_gram). An edition's rows are current when the digest they were
// built for (parallel_index) is the edition's digest now: its content
// hash, its corrections and the folding; refresh() rebuilds the others.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/fold.h"

namespace SQLite {
class Column;
}

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

inline constexpr int kGramLength = 4;
inline constexpr int kBucketBits = 18;  // 262,144 buckets: a few dozen postings each in 20 M characters

// A passage as parallels compare it: its Han characters folded, and where
// each stands in the text, in code points.
struct FoldedPassage {
  int64_t seq = 0;
  std::u32string units;
  std::vector<int32_t> offsets;
};
FoldedPassage fold_passage(const Folding& folding, int64_t seq, std::string_view text);

// The bucket of the run units[0..4) and a check byte that tells most runs
// sharing a bucket apart.
struct GramKey {
  int64_t bucket = 0;
  uint8_t check = 0;
};
GramKey gram_key(const char32_t* units);

struct Posting {
  int64_t seq = 0;
  int32_t pos = 0;
  uint8_t check = 0;
};
// Postings sorted by (seq, pos), as one blob: varint seq delta, varint pos
// (a delta within one passage), the check byte.
std::string encode_postings(std::span<const Posting> sorted);
// Throws DatabaseError when the blob is not one encode_postings wrote.
std::vector<Posting> decode_postings(std::string_view blob);
// The same for a postings column of a row read.
std::vector<Posting> decode_postings(const SQLite::Column& column);

class GramIndex {
 public:
  explicit GramIndex(Database& db) : db_(db) {}

  // What the edition's rows must have been built for to be current.
  std::string digest(int64_t edition_id) const;
  bool current(int64_t edition_id) const;
  // Rebuilds the rows of every edition that is not current, and drops the
  // rows of editions that are gone; returns how many editions it built.
  // The caller holds the write transaction.
  int64_t refresh();
  // Rebuilds every edition's rows (`jiaozhu reindex`).
  void rebuild_all();
  // Rebuilds one edition's rows.
  void build(int64_t edition_id);
  // Brings the rows of passages whose text a correction changed in step,
  // when the edition's rows are current (else refresh() builds them whole).
  struct PassageText {
    int64_t seq = 0;
    std::string old_text, new_text;
  };
  void update_passages(int64_t edition_id, const std::vector<PassageText>& changed);
  // Editions whose rows are not current, and rows that do not decode: one
  // sentence each, for `check`.
  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

}  // namespace jiaozhu::detail
