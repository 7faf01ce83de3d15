// Baseline for the mentions benchmark: one FTS phrase query per name, over
// the same database and index jiaozhu's mention scan uses.
// Usage: fts_phrase_baseline DB NAMES_FILE
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "jiaozhu/query.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: fts_phrase_baseline DB NAMES_FILE\n");
    return 2;
  }
  jiaozhu::Database db = jiaozhu::open_database(argv[1], jiaozhu::OpenMode::kExisting);
  std::ifstream in(argv[2]);
  const auto start = std::chrono::steady_clock::now();
  int64_t names = 0, hits = 0;
  SQLite::Statement q(db.sql(), "SELECT count(*) FROM passage_fts WHERE passage_fts MATCH ?");
  for (std::string name; std::getline(in, name);) {
    if (name.empty()) continue;
    ++names;
    q.bind(1, jiaozhu::to_fts5_query(name));
    if (q.executeStep()) hits += q.getColumn(0).getInt64();
    q.reset();
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%.2f %lld %lld\n", s, static_cast<long long>(names), static_cast<long long>(hits));
  return 0;
}
