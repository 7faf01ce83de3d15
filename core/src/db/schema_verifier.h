// Whether a database's schema is exactly the one jiaozhu's migrations make.
//
// A .db may come from a collaborator, and SQLite runs whatever the schema
// holds: a trigger fires on our own INSERT, a view or a changed column
// default or CHECK alters what we read and write. So every file jiaozhu
// opens, its own included, is compared object by object with a reference
// made by the same migrations up to the file's version (for the newest
// version a table generated at build time, else built in memory): the same
// tables, indexes and virtual tables with the same SQL (which fixes their
// columns, types, collations and constraints), and no trigger or view.
#pragma once

#include <optional>
#include <string>

#include "db/schema_text.h"

namespace SQLite {
class Database;
}

namespace jiaozhu::detail {

// Why the schema of `db` is not the one migrations 1..`version` make,
// naming the first object at fault ("holds trigger evil_t, which jiaozhu
// does not make"), or nothing when it is. Reads only sqlite_schema; the
// caller holds a read transaction so that the version and the schema it
// reads belong together.
std::optional<std::string> schema_drift(SQLite::Database& db, int version);

// The reference for `version` built in memory with jiaozhu's own tokenizer;
// a test holds the generated table for the newest version equal to it.
SchemaText built_reference(int version);
// The generated table for the newest version, and that version.
SchemaText newest_reference();
int newest_reference_version();

}  // namespace jiaozhu::detail
