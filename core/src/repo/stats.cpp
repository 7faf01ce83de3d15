#include "jiaozhu/stats.h"

#include <SQLiteCpp/Database.h>

#include "jiaozhu/database.h"

namespace jiaozhu {

Stats compute_stats(Database& db) {
  auto& sql = db.sql();
  Stats s;
  s.schema_version = db.schema_version();
  s.works = sql.execAndGet("SELECT count(*) FROM work").getInt64();
  s.editions = sql.execAndGet("SELECT count(*) FROM edition").getInt64();
  s.passages = sql.execAndGet("SELECT count(*) FROM passage").getInt64();
  s.code_points = sql.execAndGet("SELECT coalesce(sum(length(text)), 0) FROM passage").getInt64();
  s.links = sql.execAndGet("SELECT count(*) FROM link").getInt64();
  s.variants = sql.execAndGet("SELECT count(*) FROM variant").getInt64();
  s.persons = sql.execAndGet("SELECT count(*) FROM character").getInt64();
  s.notes = sql.execAndGet("SELECT count(DISTINCT note_id) FROM note_revision WHERE head = 1 AND deleted = 0").getInt64();
  s.note_revisions = sql.execAndGet("SELECT count(*) FROM note_revision").getInt64();
  s.conflicts = sql.execAndGet("SELECT count(*) FROM (SELECT 1 FROM note_revision WHERE head = 1 "
                               "GROUP BY note_id HAVING count(*) > 1)").getInt64();
  s.file_bytes = sql.execAndGet("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size").getInt64();
  return s;
}

}  // namespace jiaozhu
