// Search latency on a jiaozhu database: N queries of 1 to 4 Han characters
// drawn from the database's own passages with a fixed seed, each run as the
// CLI runs it (full count per edition, top 20 with highlights and snippets),
// against the same queries as LIKE '%q%' scans (count and first 20 rows).
// With the jiaozhu binary as a fourth argument, each query is also run as a
// whole process, `jiaozhu --db DB search Q --limit 20` with its output to
// /dev/null, as a scholar at a terminal waits for it.
// Usage: search_latency DB [QUERIES] [SEED] [JIAOZHU]
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/search.h"
#include "jiaozhu/unicode.h"

namespace {

using Clock = std::chrono::steady_clock;

std::u32string han_only(const std::string& text) {
  std::u32string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? c : c & (0xFF >> (n + 1));
    for (std::size_t k = 1; k < n && i + k < text.size(); ++k) cp = (cp << 6) | (text[i + k] & 0x3F);
    if (jiaozhu::is_han(cp)) out += cp;
    i += n;
  }
  return out;
}

std::vector<std::string> draw_queries(jiaozhu::Database& db, int count, unsigned seed) {
  std::mt19937 rng(seed);
  const int64_t passages = db.sql().execAndGet("SELECT max(id) FROM passage").getInt64();
  SQLite::Statement q(db.sql(), "SELECT text FROM passage WHERE id = ?");
  std::vector<std::string> out;
  while (static_cast<int>(out.size()) < count) {
    q.bind(1, std::uniform_int_distribution<int64_t>(1, passages)(rng));
    if (!q.executeStep()) { q.reset(); continue; }
    const std::u32string han = han_only(q.getColumn(0).getString());
    q.reset();
    const std::size_t len = std::uniform_int_distribution<std::size_t>(1, 4)(rng);
    if (han.size() < len) continue;
    const std::size_t at = std::uniform_int_distribution<std::size_t>(0, han.size() - len)(rng);
    std::string query;
    for (char32_t c : han.substr(at, len)) jiaozhu::append_utf8(query, c);
    out.push_back(query);
  }
  return out;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Milliseconds for `jiaozhu --db DB search QUERY --limit 20`, stdout and
// stderr to /dev/null; -1 when it could not be run or failed.
double process_ms(const char* jiaozhu, const char* db, const std::string& query) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string q = query;
  std::vector<char*> args = {const_cast<char*>(jiaozhu), const_cast<char*>("--db"), const_cast<char*>(db),
                             const_cast<char*>("search"), q.data(), const_cast<char*>("--limit"),
                             const_cast<char*>("20"), nullptr};
  const auto start = Clock::now();
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, jiaozhu, &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  if (spawned != 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return ms_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: search_latency DB [QUERIES] [SEED]\n");
    return 2;
  }
  const int count = argc > 2 ? std::stoi(argv[2]) : 200;
  const unsigned seed = argc > 3 ? static_cast<unsigned>(std::stoul(argv[3])) : 42;
  jiaozhu::Database db = jiaozhu::open_database(argv[1], jiaozhu::OpenMode::kExisting);
  const auto queries = draw_queries(db, count, seed);

  std::vector<double> fts, like;
  int64_t fts_hits = 0, like_hits = 0;
  for (const std::string& q : queries) {
    auto start = Clock::now();
    jiaozhu::SearchRequest r;
    r.query = q;
    const jiaozhu::SearchResult result = jiaozhu::search(db, r);
    for (const auto& h : result.hits) jiaozhu::make_snippet(h.text, h.matches, 36);
    fts.push_back(ms_since(start));
    fts_hits += result.total;

    start = Clock::now();
    SQLite::Statement n(db.sql(), "SELECT count(*) FROM passage WHERE text LIKE ?");
    n.bind(1, "%" + q + "%");
    n.executeStep();
    like_hits += n.getColumn(0).getInt64();
    SQLite::Statement top(db.sql(), "SELECT id, text FROM passage WHERE text LIKE ? LIMIT 20");
    top.bind(1, "%" + q + "%");
    while (top.executeStep()) {
    }
    like.push_back(ms_since(start));
  }
  std::printf("queries: %d of 1-4 characters, seed %u\n", count, seed);
  std::printf("%-22s %9s %9s %12s\n", "run", "p50_ms", "p95_ms", "total_hits");
  std::printf("%-22s %9.2f %9.2f %12lld\n", "jiaozhu search", percentile(fts, 0.5), percentile(fts, 0.95),
              static_cast<long long>(fts_hits));
  std::printf("%-22s %9.2f %9.2f %12lld\n", "LIKE '%q%' scan", percentile(like, 0.5), percentile(like, 0.95),
              static_cast<long long>(like_hits));
  std::printf("speed-up at p50: %.0fx (target: p50 < 5 ms and >= 30x)\n", percentile(like, 0.5) / percentile(fts, 0.5));
  if (argc > 4) {
    std::vector<double> whole;
    for (const std::string& q : queries) {
      const double ms = process_ms(argv[4], argv[1], q);
      if (ms < 0) {
        std::fprintf(stderr, "search_latency: `%s search %s` failed\n", argv[4], q.c_str());
        return 1;
      }
      whole.push_back(ms);
    }
    std::printf("%-22s %9.2f %9.2f   (whole process: jiaozhu search Q --limit 20)\n", "jiaozhu process",
                percentile(whole, 0.5), percentile(whole, 0.95));
  }
  return 0;
}
