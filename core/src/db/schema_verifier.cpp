#include "db/schema_verifier.h"

#include <sqlite3.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>
#include <mutex>

#include "db/migration_list.h"
#include "db/schema_text.h"
#include "fts/fts5_tokenizer.h"

namespace jiaozhu::detail {

SchemaText built_reference(int version) {
  SQLite::Database memory(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  register_fts5_tokenizer(memory.getHandle());
  apply_migrations(memory, version);
  return schema_text_of(memory);
}

namespace {

using Schema = SchemaText;

#include "schema_reference.inc"

// The schema the first `version` migrations make. The newest comes from the
// table generated at build time (gen_schema_reference); an older one, met
// only when a file is upgraded, is built by running the migrations in
// memory, once per version and process.
const Schema& reference(int version) {
  static std::mutex mutex;
  static std::map<int, Schema> built;
  const std::lock_guard lock(mutex);
  auto it = built.find(version);
  if (it != built.end()) return it->second;
  if (version == kReferenceVersion) {
    Schema newest;
    for (const auto& [object, sql] : kReferenceSchema) newest.emplace(object, sql);
    return built.emplace(version, std::move(newest)).first->second;
  }
  return built.emplace(version, built_reference(version)).first->second;
}

}  // namespace

SchemaText newest_reference() { return reference(kReferenceVersion); }
int newest_reference_version() { return kReferenceVersion; }

std::optional<std::string> schema_drift(SQLite::Database& db, int version) {
  const Schema& ours = reference(version);
  const Schema theirs = schema_text_of(db);
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
