// ParallelRepository: seeds from the gram index (gram_index.h), grouped by
// passage and diagonal, verified on the folded texts (run_extension.h) and
// put back into the passages' own code points.
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/parallels.h"
#include "jiaozhu/unicode.h"
#include "parallels/gram_index.h"
#include "parallels/run_extension.h"

namespace jiaozhu {
namespace {

using detail::FoldedPassage;

// A pair of grams in common more often than this in one bucket is a stock
// phrase, not evidence: skipped when two editions are compared whole.
constexpr std::size_t kMaxPairsPerBucket = 4096;

// A repetitive text (a litany, a dhāraṇī, a copy pasted many times) holds one
// gram at thousands of places, and every pair of places is a seed: a passage
// of 100,000 characters against another such needed 12 GB. One gram of the
// passage asked about takes at most this many places of another edition,
// evenly spaced among them, and one pair of passages is verified on at most
// kMaxShifts diagonals, those the most seeds lie on.
constexpr std::size_t kMaxPlacesPerGram = 64;
constexpr std::size_t kMaxShifts = 256;

struct EditionInfo {
  std::string siglum, work;
};

std::map<int64_t, EditionInfo> editions_in(Database& db, const ParallelOptions& o) {
  std::map<int64_t, EditionInfo> out;
  std::set<std::string> wanted(o.in.begin(), o.in.end()), seen;
  for (const Edition& e : EditionRepository(db).all()) {
    if (!wanted.empty() && !wanted.count(e.siglum) && !wanted.count(e.work)) continue;
    seen.insert(e.siglum);
    seen.insert(e.work);
    out[e.id] = {e.siglum, e.work};
  }
  for (const std::string& w : wanted) {
    if (!seen.count(w)) throw NotFound("no edition or work is named '" + w + "' (see `jiaozhu editions`)");
  }
  return out;
}

void require_current(Database& db, int64_t edition_id, const std::string& siglum) {
  if (!detail::GramIndex(db).current(edition_id)) {
    throw DatabaseError("the parallel index of edition " + siglum + " is not current: run `jiaozhu reindex`");
  }
}

FoldedPassage load(Database& db, int64_t edition_id, int64_t seq, std::string* text = nullptr) {
  auto q = db.cached("SELECT text FROM passage WHERE edition_id = ? AND seq = ?");
  q->bind(1, edition_id);
  q->bind(2, seq);
  if (!q->executeStep()) throw NotFound("no passage " + std::to_string(seq));
  const std::string t = q->getColumn(0).getString();
  if (text) *text = t;
  return detail::fold_passage(db.folding(), seq, t);
}

std::string slice(const std::u32string& text, int64_t start, int64_t end) {
  return to_utf8(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start)));
}

// One verified run as a Parallel, in code points of both texts.
Parallel make_parallel(const detail::Run& r, const FoldedPassage& own, const std::u32string& own_text, const std::string& own_address,
                       const FoldedPassage& other, const std::u32string& other_text, const std::string& other_address,
                       const std::string& other_work) {
  Parallel p;
  const auto at = [](const FoldedPassage& f, int32_t i) { return static_cast<int64_t>(f.offsets[static_cast<std::size_t>(i)]); };
  p.own = {own_address, at(own, r.own_start), at(own, r.own_end - 1) + 1, ""};
  p.other = {other_address, at(other, r.own_start + r.shift), at(other, r.own_end - 1 + r.shift) + 1, ""};
  p.own.text = slice(own_text, p.own.start, p.own.end);
  p.other.text = slice(other_text, p.other.start, p.other.end);
  p.other_work = other_work;
  p.length = r.own_end - r.own_start;
  for (int32_t i : r.differences) {
    const int64_t a = at(own, i), b = at(other, i + r.shift);
    p.differences.push_back({a, b, slice(own_text, a, a + 1), slice(other_text, b, b + 1)});
  }
  return p;
}

// The runs two folded passages share, from the diagonals their seeds lie on;
// a run inside a longer one of the same pair is dropped.
std::vector<detail::Run> verify(const FoldedPassage& own, const FoldedPassage& other, std::vector<int32_t> shifts, int64_t min_length) {
  std::sort(shifts.begin(), shifts.end());
  std::vector<std::pair<std::size_t, int32_t>> support;  // (seeds, shift)
  for (std::size_t i = 0; i < shifts.size();) {
    std::size_t j = i;
    while (j < shifts.size() && shifts[j] == shifts[i]) ++j;
    support.emplace_back(j - i, shifts[i]);
    i = j;
  }
  if (support.size() > kMaxShifts) {
    std::partial_sort(support.begin(), support.begin() + kMaxShifts, support.end(),
                      [](const auto& x, const auto& y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
    support.resize(kMaxShifts);
  }
  shifts.clear();
  for (const auto& [count, shift] : support) shifts.push_back(shift);
  std::sort(shifts.begin(), shifts.end());
  std::vector<detail::Run> runs;
  for (int32_t s : shifts) {
    for (detail::Run& r : detail::runs_on_diagonal(own.units, other.units, s, min_length)) runs.push_back(std::move(r));
  }
  std::sort(runs.begin(), runs.end(), [](const detail::Run& a, const detail::Run& b) {
    return a.own_end - a.own_start > b.own_end - b.own_start;
  });
  std::vector<detail::Run> kept;
  for (detail::Run& r : runs) {
    const bool inside = std::any_of(kept.begin(), kept.end(), [&](const detail::Run& k) {
      return r.own_start >= k.own_start && r.own_end <= k.own_end && r.own_start + r.shift >= k.own_start + k.shift &&
             r.own_end + r.shift <= k.own_end + k.shift;
    });
    if (!inside) kept.push_back(std::move(r));
  }
  return kept;
}

bool better(const Parallel& a, const Parallel& b) {
  if (a.length != b.length) return a.length > b.length;
  if (a.differences.size() != b.differences.size()) return a.differences.size() < b.differences.size();
  return a.other.address < b.other.address;
}

// The passages linked with (edition_id, seq), as (edition id, seq).
std::set<std::pair<int64_t, int64_t>> linked_with(Database& db, int64_t edition_id, int64_t seq) {
  SQLite::Statement q(db.sql(),
                      "SELECT o.edition_id, o.seq FROM passage p JOIN link_passage a ON a.passage_id = p.id "
                      "JOIN link_passage b ON b.link_id = a.link_id JOIN passage o ON o.id = b.passage_id "
                      "WHERE p.edition_id = ? AND p.seq = ?");
  q.bind(1, edition_id);
  q.bind(2, seq);
  std::set<std::pair<int64_t, int64_t>> out;
  while (q.executeStep()) out.emplace(q.getColumn(0).getInt64(), q.getColumn(1).getInt64());
  return out;
}

void check_options(const ParallelOptions& o) {
  if (o.min_length < detail::kGramLength) throw UsageError("--min-length must be at least " + std::to_string(detail::kGramLength));
}

// A seed: a run of grams both passages hold, (a seq, b seq, b pos - a pos).
using Seed = std::tuple<int64_t, int64_t, int32_t>;

// The parallels `seeds` between editions a and b verify, appended to `out`
// in the order of a's passages; `starting` hears of each passage of a begun.
void verify_seeds(Database& db, const Edition& a, const Edition& b, std::vector<Seed>& seeds, const ParallelOptions& options,
                  std::vector<Parallel>& out, const std::function<void(int64_t)>& starting) {
  std::sort(seeds.begin(), seeds.end());
  std::optional<std::pair<FoldedPassage, std::u32string>> own;
  for (std::size_t i = 0; i < seeds.size();) {
    const int64_t sa = std::get<0>(seeds[i]), sb = std::get<1>(seeds[i]);
    std::vector<int32_t> shifts;
    for (; i < seeds.size() && std::get<0>(seeds[i]) == sa && std::get<1>(seeds[i]) == sb; ++i) shifts.push_back(std::get<2>(seeds[i]));
    if (!own || own->first.seq != sa) {
      std::string t;
      FoldedPassage f = load(db, a.id, sa, &t);
      own.emplace(std::move(f), to_code_points(t));
      starting(sa);
    }
    std::string t;
    FoldedPassage other = load(db, b.id, sb, &t);
    const std::u32string other_text = to_code_points(t);
    for (const detail::Run& r : verify(own->first, other, std::move(shifts), options.min_length)) {
      out.push_back(make_parallel(r, own->first, own->second, format_address(a.siglum, sa), other, other_text,
                                  format_address(b.siglum, sb), b.work));
    }
  }
}

// The seeds two editions' postings of one bucket share (`self`: one
// edition's with itself, each pair of passages once), but those of passages
// in `linked` (a seq, b seq); nothing when the bucket is a stock phrase.
void pair_postings(const std::vector<detail::Posting>& pa, const std::vector<detail::Posting>& pb, bool self,
                   const std::set<std::pair<int64_t, int64_t>>& linked, std::vector<Seed>& seeds) {
  if (pa.empty() || pb.empty() || pa.size() * pb.size() > kMaxPairsPerBucket * 16) return;
  std::map<uint8_t, std::vector<const detail::Posting*>> by_check;
  for (const detail::Posting& p : pb) by_check[p.check].push_back(&p);
  for (const detail::Posting& p : pa) {
    const auto it = by_check.find(p.check);
    if (it == by_check.end() || it->second.size() > kMaxPairsPerBucket) continue;
    for (const detail::Posting* q : it->second) {
      if (self && q->seq <= p.seq) continue;  // each pair once, never a passage with itself
      if (!linked.empty() && linked.count({p.seq, q->seq})) continue;
      seeds.emplace_back(p.seq, q->seq, q->pos - p.pos);
    }
  }
}

}  // namespace

std::vector<Parallel> ParallelRepository::of_passage(const std::string& address, const ParallelOptions& options) const {
  check_options(options);
  const Address a = parse_address(address);
  if (a.whole_edition() || a.first != a.last) throw UsageError("give one passage, S:N, not " + address);
  std::vector<Parallel> out;
  db_.read([&] {
    const Edition own_edition = EditionRepository(db_).get(a.siglum);
    std::string own_utf8;
    const FoldedPassage own = load(db_, own_edition.id, a.first, &own_utf8);
    const std::u32string own_text = to_code_points(own_utf8);
    const std::map<int64_t, EditionInfo> editions = editions_in(db_, options);
    for (const auto& [id, info] : editions) require_current(db_, id, info.siglum);
    const auto linked = options.include_linked ? std::set<std::pair<int64_t, int64_t>>{} : linked_with(db_, own_edition.id, a.first);
    // Seeds: (edition, passage) -> the diagonals its grams share with this passage.
    std::map<std::pair<int64_t, int64_t>, std::vector<int32_t>> seeds;
    std::unordered_map<int64_t, std::vector<std::pair<int64_t, std::vector<detail::Posting>>>> buckets;
    auto rows = db_.cached("SELECT edition_id, postings FROM parallel_gram WHERE bucket = ?");
    for (std::size_t i = 0; i + detail::kGramLength <= own.units.size(); ++i) {
      const detail::GramKey k = detail::gram_key(own.units.data() + i);
      auto [it, added] = buckets.try_emplace(k.bucket);
      if (added) {
        rows->bind(1, k.bucket);
        while (rows->executeStep()) {
          const int64_t edition = rows->getColumn(0).getInt64();
          if (!editions.count(edition)) continue;
          std::vector<detail::Posting> postings = detail::decode_postings(rows->getColumn(1));
          // By check byte, so that a gram finds its own places at once.
          std::stable_sort(postings.begin(), postings.end(), [](const auto& x, const auto& y) { return x.check < y.check; });
          it->second.emplace_back(edition, std::move(postings));
        }
        rows->reset();
      }
      for (const auto& [edition, postings] : it->second) {
        const auto [first, last] = std::equal_range(postings.begin(), postings.end(), detail::Posting{0, 0, k.check},
                                                    [](const auto& x, const auto& y) { return x.check < y.check; });
        const auto count = static_cast<std::size_t>(last - first);
        const std::size_t step = std::max<std::size_t>(1, (count + kMaxPlacesPerGram - 1) / kMaxPlacesPerGram);
        for (std::size_t n = 0; n < count; n += step) {
          const detail::Posting& p = first[static_cast<long>(n)];
          if ((edition == own_edition.id && p.seq == a.first) || linked.count({edition, p.seq})) continue;
          seeds[{edition, p.seq}].push_back(p.pos - static_cast<int32_t>(i));
        }
      }
    }
    for (auto& [where, shifts] : seeds) {
      std::string other_utf8;
      const FoldedPassage other = load(db_, where.first, where.second, &other_utf8);
      const std::u32string other_text = to_code_points(other_utf8);
      const EditionInfo& info = editions.at(where.first);
      for (const detail::Run& r : verify(own, other, std::move(shifts), options.min_length)) {
        out.push_back(make_parallel(r, own, own_text, format_address(a.siglum, a.first), other, other_text,
                                    format_address(info.siglum, where.second), info.work));
      }
    }
  });
  std::sort(out.begin(), out.end(), better);
  return out;
}

std::vector<Parallel> ParallelRepository::between(const std::string& a_siglum, const std::string& b_siglum,
                                                  const ParallelOptions& options,
                                                  const std::function<void(int64_t, int64_t)>& progress) const {
  check_options(options);
  std::vector<Parallel> out;
  db_.read([&] {
    const Edition a = EditionRepository(db_).get(a_siglum), b = EditionRepository(db_).get(b_siglum);
    require_current(db_, a.id, a.siglum);
    require_current(db_, b.id, b.siglum);
    const bool self = a.id == b.id;
    // Passages linked as editions of one work say the same by design: left out unless asked.
    std::set<std::pair<int64_t, int64_t>> linked;
    if (!options.include_linked) {
      SQLite::Statement q(db_.sql(),
                          "SELECT pa.seq, pb.seq FROM link_passage la JOIN passage pa ON pa.id = la.passage_id "
                          "JOIN link_passage lb ON lb.link_id = la.link_id JOIN passage pb ON pb.id = lb.passage_id "
                          "WHERE pa.edition_id = ? AND pb.edition_id = ?");
      q.bind(1, a.id);
      q.bind(2, b.id);
      while (q.executeStep()) linked.emplace(q.getColumn(0).getInt64(), q.getColumn(1).getInt64());
    }
    // Every seed the two editions share, bucket by bucket.
    std::vector<Seed> seeds;
    SQLite::Statement rows(db_.sql(), "SELECT bucket, edition_id, postings FROM parallel_gram WHERE edition_id IN (?, ?) ORDER BY bucket");
    rows.bind(1, a.id);
    rows.bind(2, b.id);
    std::vector<detail::Posting> pa, pb;
    int64_t bucket = -1;
    auto pair_up = [&] { pair_postings(pa, self ? pa : pb, self, linked, seeds); };
    while (rows.executeStep()) {
      if (rows.getColumn(0).getInt64() != bucket) {
        pair_up();
        pa.clear();
        pb.clear();
        bucket = rows.getColumn(0).getInt64();
      }
      auto postings = detail::decode_postings(rows.getColumn(2));
      (rows.getColumn(1).getInt64() == a.id ? pa : pb) = std::move(postings);
    }
    pair_up();
    const int64_t total = EditionRepository(db_).passage_count(a.id);
    verify_seeds(db_, a, b, seeds, options, out, [&](int64_t sa) {
      if (progress) progress(sa, total);
    });
    if (progress) progress(total, total);
  });
  return out;
}

std::vector<Parallel> ParallelRepository::across_works(const ParallelOptions& options,
                                                       const std::function<void(int64_t, int64_t)>& progress) const {
  check_options(options);
  std::vector<Parallel> out;
  db_.read([&] {
    const std::map<int64_t, EditionInfo> editions = editions_in(db_, options);
    for (const auto& [id, info] : editions) require_current(db_, id, info.siglum);
    const auto apart = [&](int64_t a, int64_t b) { return editions.at(a).work != editions.at(b).work; };
    // Passages linked across works are parallels kept already: left out unless asked.
    std::map<std::pair<int64_t, int64_t>, std::set<std::pair<int64_t, int64_t>>> linked;  // (ea, eb) -> (sa, sb)
    if (!options.include_linked) {
      SQLite::Statement q(db_.sql(),
                          "SELECT pa.edition_id, pa.seq, pb.edition_id, pb.seq FROM link_passage la JOIN passage pa ON pa.id = la.passage_id "
                          "JOIN link_passage lb ON lb.link_id = la.link_id JOIN passage pb ON pb.id = lb.passage_id "
                          "WHERE pa.edition_id < pb.edition_id");
      while (q.executeStep()) {
        const int64_t ea = q.getColumn(0).getInt64(), eb = q.getColumn(2).getInt64();
        if (editions.count(ea) && editions.count(eb) && apart(ea, eb)) {
          linked[{ea, eb}].emplace(q.getColumn(1).getInt64(), q.getColumn(3).getInt64());
        }
      }
    }
    // Every bucket once, its postings per edition, paired across works.
    std::map<std::pair<int64_t, int64_t>, std::vector<Seed>> seeds;
    const std::set<std::pair<int64_t, int64_t>> none;
    std::vector<std::pair<int64_t, std::vector<detail::Posting>>> postings;  // edition, in edition order
    const auto pair_up = [&] {
      for (std::size_t i = 0; i < postings.size(); ++i) {
        for (std::size_t j = i + 1; j < postings.size(); ++j) {
          const std::pair key{postings[i].first, postings[j].first};
          if (!apart(key.first, key.second)) continue;
          const auto l = linked.find(key);
          pair_postings(postings[i].second, postings[j].second, false, l == linked.end() ? none : l->second, seeds[key]);
        }
      }
      postings.clear();
    };
    SQLite::Statement rows(db_.sql(), "SELECT bucket, edition_id, postings FROM parallel_gram ORDER BY bucket, edition_id");
    int64_t bucket = -1;
    while (rows.executeStep()) {
      if (rows.getColumn(0).getInt64() != bucket) {
        pair_up();
        bucket = rows.getColumn(0).getInt64();
      }
      const int64_t edition = rows.getColumn(1).getInt64();
      if (editions.count(edition)) postings.emplace_back(edition, detail::decode_postings(rows.getColumn(2)));
    }
    pair_up();
    const EditionRepository repository(db_);
    int64_t done = 0;
    for (auto& [pair, of_pair] : seeds) {
      if (progress) progress(done, static_cast<int64_t>(seeds.size()));
      verify_seeds(db_, *repository.find_by_id(pair.first), *repository.find_by_id(pair.second), of_pair, options, out, [](int64_t) {});
      std::vector<Seed>().swap(of_pair);  // verified: its memory goes back before the next pair's
      ++done;
    }
    if (progress) progress(done, done);
  });
  return out;
}

}  // namespace jiaozhu
