// A database's schema as text to compare: every object SQLite keeps in
// sqlite_schema, by "type name", with its SQL's blanks collapsed. Shared by
// the schema check and by its build-time generator (core/gen), which must
// not need the rest of core.
#pragma once

#include <SQLiteCpp/Database.h>

#include <map>
#include <string>

namespace jiaozhu::detail {

using SchemaText = std::map<std::string, std::string>;  // "type name" -> SQL, blanks collapsed

// The schema of `db`, leaving out what SQLite itself makes on its own
// (AUTOINCREMENT's counter, ANALYZE's tables).
SchemaText schema_text_of(SQLite::Database& db);

// `db` taken from empty through the first `version` migrations.
void apply_migrations(SQLite::Database& db, int version);

}  // namespace jiaozhu::detail
