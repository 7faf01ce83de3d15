#include "repo/deletion_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <set>

#include "jiaozhu/database.h"
#include "jiaozhu/user_config.h"

namespace jiaozhu::detail {

void DeletionStore::bury(std::string_view kind, const std::string& uuid, const std::string& author,
                         const std::string& at) {
  // The earliest removal is kept, so that copies that removed one row apart
  // (under two of its identities) end with the same record of it.
  auto q = db_.cached(
      "INSERT INTO tombstone (uuid, kind, author, removed_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (uuid) DO UPDATE "
      "SET author = excluded.author, removed_at = excluded.removed_at "
      "WHERE (excluded.removed_at, excluded.author) < (tombstone.removed_at, tombstone.author)");
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

void DeletionStore::redirect(const std::string& from, const std::string& to, const std::string& author,
                             const std::string& at) {
  auto q = db_.cached("INSERT OR IGNORE INTO character_redirect (from_uuid, to_uuid, author, merged_at) VALUES (?, ?, ?, ?)");
  q->bind(1, from);
  q->bind(2, to);
  q->bind(3, author);
  q->bind(4, at);
  q->exec();
}

void DeletionStore::absorb_redirect(const std::string& from, const std::string& to, const std::string& author,
                                    const std::string& at) {
  if (const auto here = target_of(from)) {
    const std::string a = final_character(to), b = final_character(*here);
    if (a != b) redirect(std::max(a, b), std::min(a, b), author, at);
    return;
  }
  if (final_character(to) != from) {
    redirect(from, to, author, at);
    return;
  }
  // `to` leads back to `from`: a loop unless one side gives way.
  if (from > to) return;
  std::string at_uuid = to;
  while (const auto next = target_of(at_uuid)) {
    const std::string target = *next;
    if (target == from) {
      auto drop = db_.cached("DELETE FROM character_redirect WHERE from_uuid = ?");
      drop->bind(1, at_uuid);
      drop->exec();
      break;
    }
    at_uuid = target;
  }
  redirect(from, to, author, at);
}

std::optional<std::string> DeletionStore::target_of(const std::string& from) const {
  auto q = db_.cached("SELECT to_uuid FROM character_redirect WHERE from_uuid = ?");
  q->bind(1, from);
  if (!q->executeStep()) return std::nullopt;
  return q->getColumn(0).getString();
}

DeletionStore::Walk DeletionStore::walk(const std::string& uuid) const {
  std::set<std::string> seen{uuid};
  std::string at = uuid;
  while (auto next = target_of(at)) {
    if (!seen.insert(*next).second) return {at, true};
    at = std::move(*next);
  }
  return {at, false};
}

std::string DeletionStore::final_character(const std::string& uuid) const { return walk(uuid).end; }

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
                           "SELECT c.uuid, c.name FROM character c JOIN character_redirect r ON r.from_uuid = c.uuid "
                           "LIMIT 20");
  while (merged.executeStep()) {
    out.push_back("character " + merged.getColumn(1).getString() + " (" + merged.getColumn(0).getString() +
                  ") was merged into another but is still here");
  }
  SQLite::Statement all(db_.sql(), "SELECT from_uuid FROM character_redirect");
  while (all.executeStep()) {
    const std::string from = all.getColumn(0).getString();
    if (walk(from).loop) out.push_back("the redirects from character " + from + " loop");
  }
  return out;
}

std::string remover() {
  const std::string author = resolve_author("");
  return author.empty() ? "unknown" : author;
}

}  // namespace jiaozhu::detail
