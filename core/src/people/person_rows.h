// The rows of tables character and alias as they are written, for
// PersonRepository (new records: fresh uuid, this copy's clock) and for
// merge (another copy's records, with their own uuids and times). Only
// these functions write the two tables' identities; the caller holds the
// write transaction and has checked the fields (field.h).
#pragma once

#include <cstdint>
#include <string>

#include "jiaozhu/database.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

struct PersonRow {
  std::string uuid, name, note, created_at;  // an empty note is stored as none
};

struct AliasRow {
  std::string uuid;
  int64_t character_id = 0;
  std::string form, kind, note, created_at;  // an empty note is stored as none
};

// The form an alias is found by (alias.folded): script, variant forms and
// letter case folded, one code point for one.
std::string alias_folded(const std::string& form);

// The names persons are known by, as alias.folded has them, each with its
// character's id: every character's name and aliases, but aliases of kind
// error (张着麟 is a misreading, not a name) and those marked ambiguous.
PersonNames person_names(Database& db);

// Insert the row and return its id. An alias form the character has
// already (folded) violates alias's unique constraint: SQLite::Exception.
int64_t insert_person_row(Database& db, const PersonRow& row);
int64_t insert_alias_row(Database& db, const AliasRow& row);

// Gives alias `id` another identity: that of the same form in another copy.
void set_alias_identity(Database& db, int64_t id, const std::string& uuid, const std::string& created_at);
void delete_alias_row(Database& db, int64_t id);

}  // namespace jiaozhu::detail
