#include "parallels/gram_index.h"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <numeric>
#include <map>
#include <set>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7F) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

bool get_varint(std::string_view in, std::size_t& at, uint64_t& v) {
  v = 0;
  for (int shift = 0; at < in.size() && shift < 64; shift += 7) {
    const auto b = static_cast<unsigned char>(in[at++]);
    v |= static_cast<uint64_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}

// Runs of one edition put in postings per pass of build(): 16 bytes each.
constexpr std::size_t kRunsPerPass = 4'000'000;

uint64_t mix(uint64_t x) {  // splitmix64's finalizer
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

FoldedPassage fold_passage(const Folding& folding, int64_t seq, std::string_view text) {
  FoldedPassage out;
  out.seq = seq;
  const std::u32string cps = to_code_points(text);
  for (std::size_t i = 0; i < cps.size(); ++i) {
    if (!is_han(cps[i])) continue;
    out.units += folding.han(cps[i]);
    out.offsets.push_back(static_cast<int32_t>(i));
  }
  return out;
}

GramKey gram_key(const char32_t* u) {
  uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < kGramLength; ++i) h = mix(h ^ u[i]);
  return {static_cast<int64_t>(h >> (64 - kBucketBits)), static_cast<uint8_t>(h >> 8)};
}

std::string encode_postings(std::span<const Posting> sorted) {
  std::string out;
  int64_t seq = 0;
  int32_t pos = 0;
  for (const Posting& p : sorted) {
    put_varint(out, static_cast<uint64_t>(p.seq - seq));
    put_varint(out, static_cast<uint64_t>(p.seq == seq ? p.pos - pos : p.pos));
    out += static_cast<char>(p.check);
    seq = p.seq;
    pos = p.pos;
  }
  return out;
}

std::vector<Posting> decode_postings(std::string_view blob) {
  std::vector<Posting> out;
  int64_t seq = 0;
  int32_t pos = 0;
  for (std::size_t at = 0; at < blob.size();) {
    uint64_t ds = 0, dp = 0;
    if (!get_varint(blob, at, ds) || !get_varint(blob, at, dp) || at >= blob.size() || ds > (1u << 31) || dp > (1u << 30)) {
      throw DatabaseError("the parallel index holds a posting list it cannot read (run `jiaozhu reindex`)");
    }
    const auto check = static_cast<uint8_t>(blob[at++]);
    pos = ds == 0 && !out.empty() ? pos + static_cast<int32_t>(dp) : static_cast<int32_t>(dp);
    seq += static_cast<int64_t>(ds);
    out.push_back({seq, pos, check});
  }
  return out;
}

std::vector<Posting> decode_postings(const SQLite::Column& column) {
  return decode_postings({static_cast<const char*>(column.getBlob()), static_cast<std::size_t>(column.getBytes())});
}

std::string GramIndex::digest(int64_t edition_id) const {
  // The text as imported and where its rows stand: passages move between an
  // edition and its rivals (merge, `resolve`) with their ids, so a text
  // brought back under the same content hash still reads as another.
  // Corrections keep the rows in step passage by passage (update_passages).
  // The folding is left out: a fold rule added later counts in verifying a
  // run at once, in its seeds after `jiaozhu reindex` (parallels.h).
  auto q = db_.cached(
      "SELECT e.content_hash, (SELECT min(p.id) || '+' || count(*) FROM passage p WHERE p.edition_id = e.id) "
      "FROM edition e WHERE e.id = ?");
  q->bind(1, edition_id);
  return q->executeStep() ? q->getColumn(0).getString() + " " + q->getColumn(1).getString() : std::string();
}

void GramIndex::update_passages(int64_t edition_id, const std::vector<PassageText>& changed) {
  if (changed.empty() || !current(edition_id)) return;  // not current: refresh() builds it whole
  std::map<int64_t, std::vector<Posting>> added;  // bucket -> the new texts' postings
  std::set<int64_t> buckets, seqs;
  for (const PassageText& c : changed) {
    seqs.insert(c.seq);
    for (const std::string* text : {&c.old_text, &c.new_text}) {
      const FoldedPassage p = fold_passage(db_.folding(), c.seq, *text);
      for (std::size_t i = 0; i + kGramLength <= p.units.size(); ++i) {
        const GramKey k = gram_key(p.units.data() + i);
        buckets.insert(k.bucket);
        if (text == &c.new_text) added[k.bucket].push_back({c.seq, static_cast<int32_t>(i), k.check});
      }
    }
  }
  auto read = db_.cached("SELECT postings FROM parallel_gram WHERE bucket = ? AND edition_id = ?");
  auto write = db_.cached("INSERT OR REPLACE INTO parallel_gram (bucket, edition_id, postings) VALUES (?, ?, ?)");
  auto drop = db_.cached("DELETE FROM parallel_gram WHERE bucket = ? AND edition_id = ?");
  for (int64_t bucket : buckets) {
    read->bind(1, bucket);
    read->bind(2, edition_id);
    std::vector<Posting> postings;
    if (read->executeStep()) {
      postings = decode_postings(read->getColumn(0));
    }
    read->reset();
    std::erase_if(postings, [&](const Posting& p) { return seqs.count(p.seq) > 0; });
    if (auto it = added.find(bucket); it != added.end()) postings.insert(postings.end(), it->second.begin(), it->second.end());
    std::sort(postings.begin(), postings.end(), [](const Posting& a, const Posting& b) { return std::tie(a.seq, a.pos) < std::tie(b.seq, b.pos); });
    if (postings.empty()) {
      drop->bind(1, bucket);
      drop->bind(2, edition_id);
      drop->exec();
      drop->reset();
      continue;
    }
    const std::string blob = encode_postings(postings);
    write->bind(1, bucket);
    write->bind(2, edition_id);
    write->bind(3, blob.data(), static_cast<int>(blob.size()));
    write->exec();
    write->reset();
  }
}

bool GramIndex::current(int64_t edition_id) const {
  auto q = db_.cached("SELECT digest FROM parallel_index WHERE edition_id = ?");
  q->bind(1, edition_id);
  return q->executeStep() && q->getColumn(0).getString() == digest(edition_id);
}

void GramIndex::build(int64_t edition_id) {
  auto drop = db_.cached("DELETE FROM parallel_gram WHERE edition_id = ?");
  drop->bind(1, edition_id);
  drop->exec();
  // Every run's key once (bucket << 8 | check, in passage order, with how
  // many runs each passage has), then the postings a range of buckets at a
  // time, so that 全宋詩's 16 M runs never stand in memory as postings all
  // at once.
  std::vector<std::pair<int64_t, std::size_t>> runs;  // seq, runs
  std::vector<uint32_t> keys;
  SQLite::Statement q(db_.sql(), "SELECT seq, text FROM passage WHERE edition_id = ? ORDER BY seq");
  q.bind(1, edition_id);
  while (q.executeStep()) {
    FoldedPassage p = fold_passage(db_.folding(), q.getColumn(0).getInt64(), q.getColumn(1).getString());
    const std::size_t n = p.units.size() >= kGramLength ? p.units.size() + 1 - kGramLength : 0;
    for (std::size_t i = 0; i < n; ++i) {
      const GramKey k = gram_key(p.units.data() + i);
      keys.push_back(static_cast<uint32_t>(k.bucket) << 8 | k.check);
    }
    runs.emplace_back(p.seq, n);
  }
  const int64_t buckets = int64_t{1} << kBucketBits;
  const int64_t passes = std::clamp<int64_t>(static_cast<int64_t>(keys.size() / kRunsPerPass) + 1, 1, buckets);
  auto insert = db_.cached("INSERT INTO parallel_gram (bucket, edition_id, postings) VALUES (?, ?, ?)");
  std::vector<std::size_t> ends;  // per bucket of the pass: where its postings end in `placed`
  std::vector<Posting> placed;
  for (int64_t pass = 0; pass < passes; ++pass) {
    const uint32_t low = static_cast<uint32_t>(buckets * pass / passes), high = static_cast<uint32_t>(buckets * (pass + 1) / passes);
    // A counting sort by bucket: stable, so each bucket keeps its postings in (seq, pos) order.
    ends.assign(high - low + 1, 0);
    for (uint32_t k : keys) {
      if ((k >> 8) >= low && (k >> 8) < high) ++ends[(k >> 8) - low + 1];
    }
    std::partial_sum(ends.begin(), ends.end(), ends.begin());
    placed.resize(ends.back());
    std::size_t run = 0;
    for (const auto& [seq, n] : runs) {
      for (std::size_t i = 0; i < n; ++i) {
        const uint32_t k = keys[run++];
        if ((k >> 8) >= low && (k >> 8) < high) placed[ends[(k >> 8) - low]++] = {seq, static_cast<int32_t>(i), static_cast<uint8_t>(k)};
      }
    }
    // ends[b] now ends bucket low + b, and begins the next.
    for (uint32_t b = 0; b < high - low; ++b) {
      const std::size_t begin = b == 0 ? 0 : ends[b - 1];
      if (begin == ends[b]) continue;
      const std::string blob = encode_postings(std::span<const Posting>(placed).subspan(begin, ends[b] - begin));
      insert->bind(1, static_cast<int64_t>(low + b));
      insert->bind(2, edition_id);
      insert->bind(3, blob.data(), static_cast<int>(blob.size()));
      insert->exec();
      insert->reset();
    }
  }
  auto state = db_.cached("INSERT OR REPLACE INTO parallel_index (edition_id, digest) VALUES (?, ?)");
  state->bind(1, edition_id);
  state->bind(2, digest(edition_id));
  state->exec();
}

void GramIndex::rebuild_all() {
  db_.sql().exec("DELETE FROM parallel_index");
  refresh();
}

int64_t GramIndex::refresh() {
  db_.sql().exec("DELETE FROM parallel_gram WHERE edition_id NOT IN (SELECT id FROM edition)");
  db_.sql().exec("DELETE FROM parallel_index WHERE edition_id NOT IN (SELECT id FROM edition)");
  std::vector<int64_t> stale;
  SQLite::Statement q(db_.sql(), "SELECT id FROM edition ORDER BY id");
  while (q.executeStep()) {
    const int64_t id = q.getColumn(0).getInt64();
    if (!current(id)) stale.push_back(id);
  }
  for (int64_t id : stale) build(id);
  return static_cast<int64_t>(stale.size());
}

std::vector<std::string> GramIndex::faults() const {
  std::vector<std::string> out;
  SQLite::Statement q(db_.sql(), "SELECT id, siglum FROM edition ORDER BY id");
  while (q.executeStep()) {
    if (!current(q.getColumn(0).getInt64())) {
      out.push_back("the parallel index of edition " + q.getColumn(1).getString() + " is not current (run `jiaozhu reindex`)");
    }
  }
  // Eight passages of each edition, spread over it: each of their runs is
  // where the index says it is (a correction kept in step, or not).
  SQLite::Statement sample(db_.sql(),
                           "WITH counts AS (SELECT e.id, e.siglum, (SELECT max(seq) FROM passage q WHERE q.edition_id = e.id) AS n "
                           "FROM edition e JOIN parallel_index x ON x.edition_id = e.id AND x.digest = e.content_hash), "
                           "picks(k) AS (VALUES (1), (2), (3), (4), (5), (6), (7), (8)) "
                           "SELECT c.siglum, p.edition_id, p.seq, p.text FROM counts c JOIN picks "
                           "JOIN passage p ON p.edition_id = c.id AND p.seq = max(1, c.n * picks.k / 8)");
  auto row = db_.cached("SELECT postings FROM parallel_gram WHERE bucket = ? AND edition_id = ?");
  while (sample.executeStep()) {
    const FoldedPassage p = fold_passage(db_.folding(), sample.getColumn(2).getInt64(), sample.getColumn(3).getString());
    for (std::size_t i = 0; i + kGramLength <= p.units.size(); ++i) {
      const GramKey k = gram_key(p.units.data() + i);
      row->bind(1, k.bucket);
      row->bind(2, sample.getColumn(1).getInt64());
      bool found = false;
      if (row->executeStep()) {
        try {
          for (const Posting& x : decode_postings(row->getColumn(0))) {
            found = found || (x.seq == p.seq && x.pos == static_cast<int32_t>(i) && x.check == k.check);
          }
        } catch (const DatabaseError&) {
        }
      }
      row->reset();
      if (!found) {
        out.push_back("the parallel index lacks passage " + sample.getColumn(0).getString() + ":" + std::to_string(p.seq) +
                      " at character " + std::to_string(i) + " (run `jiaozhu reindex`)");
        break;
      }
    }
  }
  // One bucket in sixteen decoded: a damaged file shows, at a sixteenth of the cost.
  SQLite::Statement rows(db_.sql(), "SELECT bucket, edition_id, postings FROM parallel_gram WHERE bucket % 16 = 0");
  int64_t bad = 0;
  while (rows.executeStep()) {
    try {
      for (const Posting& p : decode_postings(rows.getColumn(2))) {
        if (p.seq < 1) throw DatabaseError("a posting before the first passage");
      }
    } catch (const DatabaseError&) {
      ++bad;
    }
  }
  if (bad > 0) out.push_back(std::to_string(bad) + " rows of the parallel index do not decode (run `jiaozhu reindex`)");
  return out;
}

}  // namespace jiaozhu::detail
