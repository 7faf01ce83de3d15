#include "db/settings.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"

namespace jiaozhu::detail {

std::optional<std::string> read_setting(Database& db, const std::string& key) {
  SQLite::Statement q(db.sql(), "SELECT value FROM setting WHERE key = ?");
  q.bind(1, key);
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getString();
}

void write_setting(Database& db, const std::string& key, const std::string& value) {
  SQLite::Statement q(db.sql(), "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)");
  q.bind(1, key);
  q.bind(2, value);
  q.exec();
}

}  // namespace jiaozhu::detail
