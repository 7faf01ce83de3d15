#include "people/person_rows.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"
#include "people/mention_choices.h"
#include "util/columns.h"

namespace jiaozhu::detail {

std::string alias_folded(const std::string& form) { return to_utf8(fold_code_points(to_code_points(form))); }

PersonNames person_names(Database& db) {
  PersonNames out;
  SQLite::Statement names(db.sql(), "SELECT id, name FROM character");
  while (names.executeStep()) out.emplace(alias_folded(names.getColumn(1).getString()), names.getColumn(0).getInt64());
  const auto ambiguous = ChoiceLog(db, kAliasAmbiguities).all_current();
  SQLite::Statement aliases(db.sql(), "SELECT character_id, folded, uuid FROM alias WHERE kind <> 'error'");
  while (aliases.executeStep()) {
    const auto marked = ambiguous.find(aliases.getColumn(2).getString());
    if (marked != ambiguous.end() && marked->second.value) continue;
    out.emplace(aliases.getColumn(1).getString(), aliases.getColumn(0).getInt64());
  }
  return out;
}

int64_t insert_person_row(Database& db, const PersonRow& row) {
  auto q = db.cached("INSERT INTO character (uuid, name, note, created_at) VALUES (?, ?, ?, ?)");
  q->bind(1, row.uuid);
  q->bind(2, row.name);
  bind_text_or_null(*q, 3, row.note);
  q->bind(4, row.created_at);
  q->exec();
  return db.sql().getLastInsertRowid();
}

int64_t insert_alias_row(Database& db, const AliasRow& row) {
  auto q = db.cached(
      "INSERT INTO alias (uuid, character_id, form, folded, kind, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  q->bind(1, row.uuid);
  q->bind(2, row.character_id);
  q->bind(3, row.form);
  q->bind(4, alias_folded(row.form));
  q->bind(5, row.kind);
  bind_text_or_null(*q, 6, row.note);
  q->bind(7, row.created_at);
  q->exec();
  return db.sql().getLastInsertRowid();
}

void set_alias_identity(Database& db, int64_t id, const std::string& uuid, const std::string& created_at) {
  SQLite::Statement q(db.sql(), "UPDATE alias SET uuid = ?, created_at = ? WHERE id = ?");
  q.bind(1, uuid);
  q.bind(2, created_at);
  q.bind(3, id);
  q.exec();
}

void delete_alias_row(Database& db, int64_t id) {
  SQLite::Statement q(db.sql(), "DELETE FROM alias WHERE id = ?");
  q.bind(1, id);
  q.exec();
}

}  // namespace jiaozhu::detail
