#include "db/schema_text.h"

#include <SQLiteCpp/Statement.h>

#include "db/migration_list.h"

namespace jiaozhu::detail {
namespace {

// What SQLite itself makes and a file may or may not have: the indexes of
// UNIQUE and PRIMARY KEY constraints (named by SQLite and compared with the
// reference like any index), AUTOINCREMENT's counter and ANALYZE's tables.
bool engine_table(const std::string& type, const std::string& name) {
  return type == "table" && (name == "sqlite_sequence" || name.rfind("sqlite_stat", 0) == 0);
}

// The SQL with each run of white space made one space: SQLite keeps the text
// as written, and how a statement was spread over lines is no difference.
std::string collapsed(const std::string& sql) {
  std::string out;
  bool space = false;
  for (char c : sql) {
    const bool blank = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (blank) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

SchemaText schema_text_of(SQLite::Database& db) {
  SQLite::Statement q(db, "SELECT type, name, coalesce(sql, '') FROM sqlite_schema");
  SchemaText out;
  while (q.executeStep()) {
    const std::string type = q.getColumn(0).getString(), name = q.getColumn(1).getString();
    if (engine_table(type, name)) continue;
    out[type + " " + name] = collapsed(q.getColumn(2).getString());
  }
  return out;
}

void apply_migrations(SQLite::Database& db, int version) {
  for (const Migration& m : kMigrations) {
    if (m.version <= version) db.exec(std::string(m.sql));
  }
}

}  // namespace jiaozhu::detail
