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
  int64_t code_points = 0;  // over all passages
  int64_t links = 0;
  int64_t variants = 0;
  int64_t persons = 0;     // rows of `character`: the persons of the text
  int64_t notes = 0;       // live notes (their current revision not deleted)
  int64_t note_revisions = 0;
  int64_t conflicts = 0;   // notes with more than one head
  int64_t file_bytes = 0;  // page_count * page_size
};

// Counts every table's rows (reading every passage's length: ~0.3 s on
// 100,000 passages), in one read transaction. Throws DatabaseError when the
// file cannot be read.
Stats compute_stats(Database& db);

}  // namespace jiaozhu
