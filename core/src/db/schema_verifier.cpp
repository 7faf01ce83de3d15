#include "db/schema_verifier.h"

#include <sqlite3.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>
#include <mutex>

#include "db/migration_list.h"
#include "search/fts5_tokenizer.h"

namespace jiaozhu::detail {
namespace {

using Schema = std::map<std::string, std::string>;  // "type name" -> SQL, blanks collapsed

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

Schema schema_of(SQLite::Database& db) {
  SQLite::Statement q(db, "SELECT type, name, coalesce(sql, '') FROM sqlite_schema");
  Schema out;
  while (q.executeStep()) {
    const std::string type = q.getColumn(0).getString(), name = q.getColumn(1).getString();
    if (engine_table(type, name)) continue;
    out[type + " " + name] = collapsed(q.getColumn(2).getString());
  }
  return out;
}

// The schema the first `version` migrations make, built once per version
// and process (about a millisecond each).
const Schema& reference(int version) {
  static std::mutex mutex;
  static std::map<int, Schema> built;
  const std::lock_guard lock(mutex);
  auto it = built.find(version);
  if (it != built.end()) return it->second;
  SQLite::Database memory(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  register_fts5_tokenizer(memory.getHandle());
  for (const Migration& m : kMigrations) {
    if (m.version <= version) memory.exec(std::string(m.sql));
  }
  return built.emplace(version, schema_of(memory)).first->second;
}

}  // namespace

std::optional<std::string> schema_drift(SQLite::Database& db, int version) {
  const Schema& ours = reference(version);
  const Schema theirs = schema_of(db);
  for (const auto& [object, sql] : theirs) {
    const auto it = ours.find(object);
    if (it == ours.end()) return "holds " + object + ", which jiaozhu does not make";
    if (it->second != sql) return object + " is not as jiaozhu makes it";
  }
  for (const auto& [object, sql] : ours) {
    if (!theirs.count(object)) return "lacks " + object;
  }
  return std::nullopt;
}

}  // namespace jiaozhu::detail
