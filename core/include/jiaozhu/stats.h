// Totals over a database, for `jiaozhu stats`.
#pragma once

#include <cstdint>

namespace jiaozhu {

class Database;

struct Stats {
  int schema_version = 0;
  int64_t works = 0;
  int64_t editions = 0;
  int64_t passages = 0;
  int64_t characters = 0;  // code points over all passages
  int64_t file_bytes = 0;  // page_count * page_size
};

Stats compute_stats(Database& db);

}  // namespace jiaozhu
