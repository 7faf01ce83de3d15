// Notes benchmark helper (issues 6 and 7). Two jobs:
//
//   notes_bench gen DB SIGLUM N SEED OUT.jsonld [SIDE SHARED EDITED]
//     Writes N notes on random spans of the edition's real passages as W3C
//     JSON-LD with jiaozhu's revision history (1 to 3 revisions, tags, a few
//     deleted). Note k is the same in every file made with the same seed, so
//     two files share notes. With SIDE (a or b): notes [0, SHARED) are shared,
//     notes [SHARED, N) are this side's own, and notes [0, EDITED) get one more
//     revision of this side's own, so both sides edit them apart.
//     Also writes OUT.adds: 200 lines "S:N<TAB>quote<TAB>nth" for CLI calls.
//
//   notes_bench latency DB SIGLUM QUERIES SEED
//     p50/p95 of listing one passage's notes (NoteRepository::list, as `jiaozhu
//     notes S:N` does) and of a note search (NoteRepository::search, top 20),
//     beside the bare SQL each needs at least: an index lookup of the
//     passage's notes, and a LIKE scan of the bodies.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/unicode.h"

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Passage {
  int64_t seq;
  std::u32string text;
};

std::string edition_uuid(jiaozhu::Database& db, const std::string& siglum) {
  SQLite::Statement q(db.sql(), "SELECT uuid FROM edition WHERE siglum = ?");
  q.bind(1, siglum);
  if (!q.executeStep()) throw std::runtime_error("no edition " + siglum);
  return q.getColumn(0).getString();
}

std::vector<Passage> passages_of(jiaozhu::Database& db, const std::string& siglum) {
  SQLite::Statement q(db.sql(),
                      "SELECT p.seq, p.text FROM passage p JOIN edition e ON e.id = p.edition_id "
                      "WHERE e.siglum = ? ORDER BY p.seq");
  q.bind(1, siglum);
  std::vector<Passage> out;
  while (q.executeStep()) out.push_back({q.getColumn(0).getInt64(), jiaozhu::to_code_points(q.getColumn(1).getString())});
  return out;
}

std::string uuid_of(std::mt19937_64& rng) {
  char buf[37];
  const uint64_t a = rng(), b = rng();
  std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
                static_cast<unsigned>((a >> 16) & 0xFFFF), static_cast<unsigned>(a & 0xFFF),
                static_cast<unsigned>(0x8000 | (b >> 48 & 0x3FFF)),
                static_cast<unsigned long long>(b & 0xFFFFFFFFFFFFULL));
  return buf;
}

std::string timestamp(int64_t seconds) {
  const int64_t day = seconds / 86400 % 28 + 1, hour = seconds / 3600 % 24, minute = seconds / 60 % 60;
  char buf[32];
  std::snprintf(buf, sizeof buf, "2026-%02lld-%02lldT%02lld:%02lld:%02lld.000Z",
                static_cast<long long>(seconds / (86400 * 28) % 12 + 1), static_cast<long long>(day),
                static_cast<long long>(hour), static_cast<long long>(minute), static_cast<long long>(seconds % 60));
  return buf;
}

const char* const kTags[] = {"校勘", "異文", "典故", "人名", "地名", "存疑", "韻", "版本"};
const char* const kAuthors[] = {"張三 <zhang@example.org>", "李四 <li@example.org>", "Wang Wu <wang@example.org>",
                                "Chen Liu <chen@example.org>", "趙七 <zhao@example.org>"};

// A body of 6 to 30 code points of another passage, after a scholar's lead word.
std::string body_from(std::mt19937_64& rng, const std::vector<Passage>& ps) {
  static const char* const kLead[] = {"按：", "疑當作", "一作", "校：", "案此句", "注："};
  const Passage& p = ps[rng() % ps.size()];
  const std::size_t len = std::min<std::size_t>(p.text.size(), 6 + rng() % 25);
  const std::size_t at = p.text.size() > len ? rng() % (p.text.size() - len) : 0;
  return std::string(kLead[rng() % 6]) + jiaozhu::to_utf8(p.text.substr(at, len));
}

json revision(std::mt19937_64& rng, const std::string& parent, const std::string& author, int64_t when,
              const std::vector<Passage>& ps, bool deleted) {
  json tags = json::array();
  for (std::size_t i = 0, n = rng() % 3; i < n; ++i) tags.push_back(kTags[rng() % 8]);
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  return {{"id", "urn:uuid:" + uuid_of(rng)},
          {"jz:parents", parent.empty() ? json::array() : json::array({"urn:uuid:" + parent})},
          {"creator", {{"type", "Person"}, {"name", author}}},
          {"created", timestamp(when)},
          {"motivation", "commenting"},
          {"jz:body", body_from(rng, ps)},
          {"jz:tags", tags},
          {"jz:deleted", deleted}};
}

struct Span {
  std::size_t start, end;
};

Span random_span(std::mt19937_64& rng, const Passage& p) {
  const std::size_t len = std::min<std::size_t>(p.text.size(), 2 + rng() % 3);
  const std::size_t start = p.text.size() > len ? rng() % (p.text.size() - len) : 0;
  return {start, start + len};
}

// Note k: the same in every file made with `seed`; `side` adds its own revision.
json note(uint64_t seed, int64_t k, const std::string& source, const std::string& siglum,
          const std::vector<Passage>& ps, char side) {
  std::mt19937_64 rng(seed * 1000003 + static_cast<uint64_t>(k));
  const Passage& p = ps[rng() % ps.size()];
  const Span s = random_span(rng, p);
  const std::size_t from = s.start > 32 ? s.start - 32 : 0;
  int64_t when = k * 7;
  json revisions = json::array();
  const int count = 1 + (rng() % 10 < 2) + (rng() % 10 < 1);
  std::string parent;
  for (int r = 0; r < count; ++r) {
    const bool deleted = r == count - 1 && rng() % 100 < 3;
    revisions.push_back(revision(rng, parent, kAuthors[rng() % 5], when += 60, ps, deleted));
    parent = revisions.back()["id"].get<std::string>().substr(9);
  }
  if (side) {
    std::mt19937_64 own(seed * 7919 + static_cast<uint64_t>(k) * 2 + (side == 'b'));
    revisions.push_back(revision(own, parent, side == 'a' ? kAuthors[0] : kAuthors[1], when + 3600, ps, false));
  }
  const json quote = {{"type", "TextQuoteSelector"},
                      {"exact", jiaozhu::to_utf8(p.text.substr(s.start, s.end - s.start))},
                      {"prefix", jiaozhu::to_utf8(p.text.substr(from, s.start - from))},
                      {"suffix", jiaozhu::to_utf8(p.text.substr(s.end, 32))}};
  const json position = {{"type", "TextPositionSelector"}, {"start", s.start}, {"end", s.end}};
  const std::string fragment = "passage=" + std::to_string(p.seq);
  return {{"id", "urn:uuid:" + uuid_of(rng)},
          {"type", "Annotation"},
          {"created", revisions.front()["created"]},
          {"target",
           {{"source", "urn:uuid:" + source},
            {"jz:address", siglum + ":" + std::to_string(p.seq)},
            {"selector",
             json::array({{{"type", "FragmentSelector"}, {"value", fragment}, {"refinedBy", quote}},
                          {{"type", "FragmentSelector"}, {"value", fragment}, {"refinedBy", position}}})}}},
          {"jz:target", "span"},
          {"jz:revisions", revisions}};
}

// 200 quotes for `jiaozhu note add` (none across a line break), with the
// occurrence number --nth needs when the quote recurs in its passage.
void write_adds(std::mt19937_64& rng, const std::string& siglum, const std::vector<Passage>& ps, std::ofstream& out) {
  for (int i = 0; i < 200; ++i) {
    const Passage& p = ps[rng() % ps.size()];
    const Span s = random_span(rng, p);
    const std::u32string quote = p.text.substr(s.start, s.end - s.start);
    if (quote.find(U'\n') != std::u32string::npos) {  // one line per call in the file
      --i;
      continue;
    }
    int nth = 1;
    for (std::size_t at = p.text.find(quote); at < s.start; at = p.text.find(quote, at + 1)) ++nth;
    out << siglum << ':' << p.seq << '\t' << jiaozhu::to_utf8(quote) << '\t' << nth << '\n';
  }
}

int gen(int argc, char** argv) {
  jiaozhu::Database db = jiaozhu::open_database(argv[2], jiaozhu::OpenMode::kExisting);
  const std::string siglum = argv[3];
  const int64_t n = std::stoll(argv[4]);
  const uint64_t seed = std::stoull(argv[5]);
  const char side = argc > 7 ? argv[7][0] : 0;
  const int64_t shared = argc > 8 ? std::stoll(argv[8]) : n, edited = argc > 9 ? std::stoll(argv[9]) : 0;
  const std::string source = edition_uuid(db, siglum);
  const std::vector<Passage> ps = passages_of(db, siglum);
  json items = json::array();
  for (int64_t k = 0; k < n; ++k) {
    // A side's own notes are numbered apart from the other side's.
    const int64_t id = k < shared ? k : k + (side == 'b' ? n : 0);
    items.push_back(note(seed, id, source, siglum, ps, k < edited ? side : 0));
  }
  std::ofstream(argv[6]) << json{{"type", "AnnotationCollection"},
                                 {"total", items.size()},
                                 {"first", {{"type", "AnnotationPage"}, {"items", items}}}}
                                .dump();
  std::mt19937_64 rng(seed);
  std::ofstream adds(std::string(argv[6]) + ".adds");
  write_adds(rng, siglum, ps, adds);
  return 0;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

template <typename F>
std::vector<double> timed(const std::vector<std::string>& inputs, F&& f) {
  std::vector<double> ms;
  for (const std::string& in : inputs) {
    const auto t0 = Clock::now();
    f(in);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  return ms;
}

// `per` < 0: not counted (the baselines).
void row(const char* what, const std::vector<double>& ms, double per) {
  std::printf("%-46s %8.3f %8.3f", what, percentile(ms, 0.5), percentile(ms, 0.95));
  if (per < 0) std::printf(" %12s\n", "-"); else std::printf(" %12.1f\n", per);
}

int latency(char** argv) {
  jiaozhu::Database db = jiaozhu::open_database(argv[2], jiaozhu::OpenMode::kExisting);
  const std::string siglum = argv[3];
  const int queries = std::stoi(argv[4]);
  std::mt19937_64 rng(std::stoull(argv[5]));
  std::vector<int64_t> seqs;
  SQLite::Statement q(db.sql(), "SELECT DISTINCT passage_seq FROM note WHERE passage_seq IS NOT NULL ORDER BY 1");
  while (q.executeStep()) seqs.push_back(q.getColumn(0).getInt64());
  std::vector<std::string> addresses, words;
  for (int i = 0; i < queries; ++i) addresses.push_back(siglum + ":" + std::to_string(seqs[rng() % seqs.size()]));
  SQLite::Statement bodies(db.sql(), "SELECT body FROM note_revision WHERE id = ?");
  const int64_t revisions = db.sql().execAndGet("SELECT max(id) FROM note_revision").getInt64();
  while (static_cast<int>(words.size()) < queries) {
    bodies.bind(1, static_cast<int64_t>(1 + rng() % revisions));
    if (bodies.executeStep()) {
      const std::u32string b = jiaozhu::to_code_points(bodies.getColumn(0).getString());
      const std::size_t at = 2 + rng() % 6;  // past the lead word
      if (b.size() > at + 2 && jiaozhu::is_han(b[at]) && jiaozhu::is_han(b[at + 1])) words.push_back(jiaozhu::to_utf8(b.substr(at, 2)));
    }
    bodies.reset();
  }

  jiaozhu::NoteRepository notes(db);
  std::size_t listed = 0, found = 0;
  const auto list_ms = timed(addresses, [&](const std::string& a) {
    jiaozhu::NoteFilter f;
    f.address = a;
    listed += notes.list(f).size();
  });
  SQLite::Statement bare(db.sql(),
                         "SELECT n.uuid, r.body FROM note n JOIN edition e ON e.id = n.edition_id "
                         "JOIN note_revision r ON r.note_id = n.id AND r.head = 1 "
                         "WHERE e.siglum = ? AND n.passage_seq = ?");
  const auto bare_ms = timed(addresses, [&](const std::string& a) {
    bare.bind(1, siglum);
    bare.bind(2, static_cast<int64_t>(std::stoll(a.substr(a.find(':') + 1))));
    while (bare.executeStep()) {
    }
    bare.reset();
  });
  const auto search_ms = timed(words, [&](const std::string& w) { found += notes.search(w, 20).size(); });
  SQLite::Statement like(db.sql(), "SELECT count(*) FROM note_revision WHERE head = 1 AND deleted = 0 AND body LIKE ?");
  const auto like_ms = timed(words, [&](const std::string& w) {
    like.bind(1, "%" + w + "%");
    like.executeStep();
    like.reset();
  });
  std::printf("%lld notes; %d passages listed, %d two-character searches (seed %s)\n",
              static_cast<long long>(db.sql().execAndGet("SELECT count(*) FROM note").getInt64()), queries, queries,
              argv[5]);
  std::printf("%-46s %8s %8s %12s\n", "run (in process)", "p50_ms", "p95_ms", "per_query");
  row("list one passage's notes (jiaozhu notes S:N)", list_ms, static_cast<double>(listed) / queries);
  row("  baseline: bare index lookup (SQL)", bare_ms, -1);
  row("note search, top 20 (jiaozhu note search)", search_ms, static_cast<double>(found) / queries);
  row("  baseline: LIKE '%q%' scan of bodies", like_ms, -1);
  std::printf("(per_query: notes listed or found per query)\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string job = argc > 1 ? argv[1] : "";
    if (job == "gen" && argc >= 7) return gen(argc, argv);
    if (job == "latency" && argc == 6) return latency(argv);
    std::fprintf(stderr,
                 "usage: notes_bench gen DB SIGLUM N SEED OUT [SIDE SHARED EDITED]\n"
                 "       notes_bench latency DB SIGLUM QUERIES SEED\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "notes_bench: %s\n", e.what());
    return 1;
  }
}
