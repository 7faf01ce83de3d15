#include "repo/deletion_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <set>

#include "jiaozhu/database.h"

namespace jiaozhu::detail {

namespace {

#define JZ_TOMBSTONE_UPSERT(keep)                                                                             \
  "INSERT INTO tombstone (uuid, kind, author, removed_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (uuid) DO UPDATE " \
  "SET author = excluded.author, removed_at = excluded.removed_at "                                             \
  "WHERE (excluded.removed_at, excluded.author) " keep " (tombstone.removed_at, tombstone.author)"
constexpr const char* kKeepEarliest = JZ_TOMBSTONE_UPSERT("<");
constexpr const char* kKeepLatest = JZ_TOMBSTONE_UPSERT(">");
#undef JZ_TOMBSTONE_UPSERT

}  // namespace

void DeletionStore::bury(std::string_view kind, const std::string& uuid, const std::string& author,
                         const std::string& at) {
  // The earliest removal is kept, so that copies that removed one row apart
  // (under two of its identities) end with the same record of it.
  record(kind, uuid, author, at, kKeepEarliest);
}

void DeletionStore::bury_latest(std::string_view kind, const std::string& uuid, const std::string& author,
                                const std::string& at) {
  record(kind, uuid, author, at, kKeepLatest);
}

void DeletionStore::record(std::string_view kind, const std::string& uuid, const std::string& author,
                           const std::string& at, const char* keep_sql) {
  auto q = db_.cached(keep_sql);
  q->bind(1, uuid);
  q->bind(2, std::string(kind));
  q->bind(3, author);
  q->bind(4, at);
  q->exec();
}

bool DeletionStore::buried(const std::string& uuid) const {
  auto q = db_.cached("SELECT 1 FROM tombstone WHERE uuid = ?");
  q->bind(1, uuid);
  return q->executeStep();
}

void DeletionStore::revive(const std::string& uuid) {
  auto q = db_.cached("DELETE FROM tombstone WHERE uuid = ?");
  q->bind(1, uuid);
  q->exec();
}

void DeletionStore::redirect(const std::string& from, const std::string& to, const std::string& author,
                             const std::string& at) {
  auto q = db_.cached(
      "INSERT INTO character_redirect (from_uuid, to_uuid, author, merged_at) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (from_uuid, to_uuid) DO UPDATE SET author = excluded.author, merged_at = excluded.merged_at "
      "WHERE (excluded.merged_at, excluded.author) < (character_redirect.merged_at, character_redirect.author)");
  q->bind(1, from);
  q->bind(2, to);
  q->bind(3, author);
  q->bind(4, at);
  q->exec();
}

bool DeletionStore::redirected(const std::string& uuid) const {
  auto q = db_.cached("SELECT 1 FROM character_redirect WHERE from_uuid = ?");
  q->bind(1, uuid);
  return q->executeStep();
}

std::set<std::string> DeletionStore::group(const std::string& uuid) const {
  std::set<std::string> members{uuid};
  std::vector<std::string> todo{uuid};
  auto next = db_.cached(
      "SELECT to_uuid FROM character_redirect WHERE from_uuid = ?1 "
      "UNION SELECT from_uuid FROM character_redirect WHERE to_uuid = ?1");
  while (!todo.empty()) {
    const std::string at = std::move(todo.back());
    todo.pop_back();
    next->bind(1, at);
    while (next->executeStep()) {
      std::string other = next->getColumn(0).getString();
      if (members.insert(other).second) todo.push_back(std::move(other));
    }
    next->reset();
  }
  return members;
}

std::string DeletionStore::final_person(const std::string& uuid) const {
  const std::set<std::string> members = group(uuid);
  for (const std::string& member : members) {  // in order: the first sink is the smallest
    if (!redirected(member)) return member;
  }
  return *members.begin();
}

std::vector<std::string> DeletionStore::faults() const {
  std::vector<std::string> out;
  SQLite::Statement live(db_.sql(),
                         "SELECT t.kind, t.uuid FROM tombstone t WHERE "
                         "(t.kind = 'alias' AND EXISTS (SELECT 1 FROM alias a WHERE a.uuid = t.uuid)) OR "
                         "(t.kind = 'link' AND EXISTS (SELECT 1 FROM link l WHERE l.uuid = t.uuid)) LIMIT 20");
  while (live.executeStep()) {
    out.push_back(live.getColumn(0).getString() + " " + live.getColumn(1).getString() + " is removed but still here");
  }
  SQLite::Statement merged(db_.sql(),
                           "SELECT c.uuid, c.name FROM character c WHERE EXISTS "
                           "(SELECT 1 FROM character_redirect r WHERE r.from_uuid = c.uuid OR r.to_uuid = c.uuid)");
  while (merged.executeStep() && out.size() < 20) {
    const std::string uuid = merged.getColumn(0).getString();
    if (final_person(uuid) != uuid) {
      out.push_back("character " + merged.getColumn(1).getString() + " (" + uuid +
                    ") was merged into another but is still here");
    }
  }
  return out;
}

}  // namespace jiaozhu::detail
