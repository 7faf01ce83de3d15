#include "people/record_history.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <set>

#include "jiaozhu/database.h"
#include "util/columns.h"
#include "util/uuid.h"

namespace jiaozhu::detail {

int64_t RecordHistory::insert(int64_t record, const RecordRevision& r) {
  SQLite::Statement q(db_.sql(), std::string("INSERT INTO record_revision (uuid, ") + owner() + ", written_for, " +
                                     label() + ", note, author, made_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, r.version.uuid);
  q.bind(2, record);
  q.bind(3, r.written_for);
  q.bind(4, r.version.label);
  bind_text_or_null(q, 5, r.version.note);
  q.bind(6, r.version.author);
  q.bind(7, r.version.made_at);
  q.exec();
  return db_.sql().getLastInsertRowid();
}

void RecordHistory::start(int64_t record, const std::string& record_uuid, const std::string& author,
                          const std::string& at) {
  SQLite::Statement q(db_.sql(), std::string("SELECT ") + label() + ", coalesce(note, '') FROM " + table() + " WHERE id = ?");
  q.bind(1, record);
  q.executeStep();
  insert(record, {{record_uuid, q.getColumn(0).getString(), q.getColumn(1).getString(), author, at}, record_uuid, {}});
}

void RecordHistory::revise(int64_t record, const std::string& value, const std::string& note, const std::string& author,
                           const std::string& at) {
  SQLite::Statement heads_of(db_.sql(), std::string("SELECT id FROM record_revision WHERE ") + owner() + " = ? AND head = 1");
  heads_of.bind(1, record);
  std::vector<int64_t> parents;
  while (heads_of.executeStep()) parents.push_back(heads_of.getColumn(0).getInt64());
  SQLite::Statement self(db_.sql(), std::string("SELECT uuid FROM ") + table() + " WHERE id = ?");
  self.bind(1, record);
  self.executeStep();
  const int64_t id = insert(record, {{random_uuid(), value, note, author, at}, self.getColumn(0).getString(), {}});
  SQLite::Statement link(db_.sql(), "INSERT INTO record_revision_parent (revision_id, parent_id) VALUES (?, ?)");
  for (int64_t parent : parents) {
    link.bind(1, id);
    link.bind(2, parent);
    link.exec();
    link.reset();
  }
  settle(record);
}

void RecordHistory::move(int64_t from, int64_t into) {
  SQLite::Statement q(db_.sql(), std::string("UPDATE record_revision SET ") + owner() + " = ? WHERE " + owner() + " = ?");
  q.bind(1, into);
  q.bind(2, from);
  q.exec();
  settle(into);
}

bool RecordHistory::known(const std::string& uuid) const {
  SQLite::Statement q(db_.sql(), "SELECT 1 FROM record_revision WHERE uuid = ?");
  q.bind(1, uuid);
  return q.executeStep();
}

void RecordHistory::absorb(int64_t record, const RecordRevision& r) { insert(record, r); }

bool RecordHistory::link_parents(const RecordRevision& r) {
  SQLite::Statement link(db_.sql(),
                         "INSERT OR IGNORE INTO record_revision_parent (revision_id, parent_id) "
                         "SELECT c.id, p.id FROM record_revision c JOIN record_revision p "
                         "ON p.character_id IS c.character_id AND p.alias_id IS c.alias_id "
                         "WHERE c.uuid = ? AND p.uuid = ? AND p.id <> c.id");
  for (const std::string& parent : r.parents) {
    link.bind(1, r.version.uuid);
    link.bind(2, parent);
    if (link.exec() == 0 && !known(parent)) return false;
    link.reset();
  }
  return true;
}

void RecordHistory::settle(int64_t record) {
  SQLite::Statement heads(db_.sql(), std::string("UPDATE record_revision SET head = NOT EXISTS "
                                                 "(SELECT 1 FROM record_revision_parent p WHERE p.parent_id = record_revision.id) "
                                                 "WHERE ") + owner() + " = ?");
  heads.bind(1, record);
  heads.exec();
  SQLite::Statement show(db_.sql(), std::string("UPDATE ") + table() + " SET (" + label() + ", note) = (SELECT " + label() +
                                        ", note FROM record_revision WHERE " + owner() +
                                        " = ?1 AND head = 1 ORDER BY made_at DESC, uuid DESC LIMIT 1) WHERE id = ?1 "
                                        "AND EXISTS (SELECT 1 FROM record_revision WHERE " + owner() + " = ?1)");
  show.bind(1, record);
  show.exec();
}

std::vector<FieldVersion> RecordHistory::heads(int64_t record) const {
  SQLite::Statement q(db_.sql(), std::string("SELECT uuid, ") + label() + ", coalesce(note, ''), author, made_at "
                                     "FROM record_revision WHERE " + owner() + " = ? AND head = 1 "
                                     "ORDER BY made_at DESC, uuid DESC");
  q.bind(1, record);
  std::vector<FieldVersion> out;
  while (q.executeStep()) {
    out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                   q.getColumn(3).getString(), q.getColumn(4).getString()});
  }
  return out;
}

std::vector<std::string> RecordHistory::identities(int64_t record) const {
  SQLite::Statement q(db_.sql(), std::string("SELECT uuid FROM ") + table() + " WHERE id = ?1 UNION "
                                     "SELECT written_for FROM record_revision WHERE " + owner() + " = ?1");
  q.bind(1, record);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getString());
  return out;
}

std::vector<int64_t> RecordHistory::in_conflict() const {
  SQLite::Statement q(db_.sql(), std::string("SELECT ") + owner() + " FROM record_revision WHERE head = 1 AND " + owner() +
                                     " IS NOT NULL GROUP BY " + owner() + " HAVING count(DISTINCT " + label() +
                                     " || char(31) || coalesce(note, '')) > 1 ORDER BY 1");
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
}

std::vector<std::string> RecordHistory::faults() const {
  std::vector<std::string> out;
  const std::string t = table(), o = owner(), l = label();
  SQLite::Statement bare(db_.sql(), "SELECT uuid FROM " + t + " r WHERE NOT EXISTS "
                                        "(SELECT 1 FROM record_revision v WHERE v." + o + " = r.id) LIMIT 10");
  while (bare.executeStep()) out.push_back(t + " " + bare.getColumn(0).getString() + " has no revision");
  SQLite::Statement head(db_.sql(), "SELECT uuid FROM record_revision v WHERE " + o + " IS NOT NULL AND head <> NOT EXISTS "
                                        "(SELECT 1 FROM record_revision_parent p WHERE p.parent_id = v.id) LIMIT 10");
  while (head.executeStep()) out.push_back("revision " + head.getColumn(0).getString() + " has a wrong head flag");
  SQLite::Statement across(db_.sql(), "SELECT c.uuid FROM record_revision_parent x JOIN record_revision c ON c.id = x.revision_id "
                                          "JOIN record_revision p ON p.id = x.parent_id WHERE c." + o + " IS NOT NULL AND "
                                          "(p." + o + " IS NOT c." + o + ") LIMIT 10");
  while (across.executeStep()) out.push_back("revision " + across.getColumn(0).getString() + " has a parent of another record");
  SQLite::Statement shown(db_.sql(), "SELECT r.uuid FROM " + t + " r WHERE EXISTS (SELECT 1 FROM record_revision v WHERE v." + o +
                                         " = r.id) AND (r." + l + ", coalesce(r.note, '')) IS NOT (SELECT " + l +
                                         ", coalesce(note, '') FROM record_revision WHERE " + o + " = r.id AND head = 1 "
                                         "ORDER BY made_at DESC, uuid DESC LIMIT 1) LIMIT 10");
  while (shown.executeStep()) out.push_back(t + " " + shown.getColumn(0).getString() + " does not show its newest revision");
  return out;
}

}  // namespace jiaozhu::detail
