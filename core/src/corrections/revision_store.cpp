#include "corrections/revision_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>

#include "jiaozhu/database.h"
#include "jiaozhu/unicode.h"
#include "util/columns.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

// A revision's columns, its parents comma-separated last.
constexpr char kColumns[] =
    "SELECT r.uuid, r.text, coalesce(r.reason, ''), r.author, r.made_at, "
    "(SELECT group_concat(parent_uuid) FROM passage_revision_parent x WHERE x.revision_uuid = r.uuid), "
    "r.edition_uuid, r.version_hash, r.seq FROM passage_revision r ";
constexpr char kIsHead[] = "NOT EXISTS (SELECT 1 FROM passage_revision_parent x WHERE x.parent_uuid = r.uuid)";

StoredRevision read_row(SQLite::Statement& q) {
  StoredRevision s;
  PassageRevision& r = s.revision;
  r.uuid = q.getColumn(0).getString();
  r.text = q.getColumn(1).getString();
  r.reason = q.getColumn(2).getString();
  r.author = q.getColumn(3).getString();
  r.made_at = q.getColumn(4).getString();
  r.parents = sorted_comma_list(q.getColumn(5));
  s.key = {q.getColumn(6).getString(), q.getColumn(7).getString(), q.getColumn(8).getInt64()};
  r.imported = r.parents.empty() && r.uuid == root_uuid(s.key);
  return s;
}

std::vector<PassageRevision> read_revisions(SQLite::Statement& q) {
  std::vector<PassageRevision> out;
  while (q.executeStep()) out.push_back(read_row(q).revision);
  return out;
}

void bind_key(SQLite::Statement& q, const RevisionKey& key) {
  q.bind(1, key.edition_uuid);
  q.bind(2, key.version_hash);
  q.bind(3, key.seq);
}

std::string without_white_space(const std::string& text) {
  std::string out;
  for (char32_t c : to_code_points(text)) {
    std::string one;
    append_utf8(one, c);
    if (!is_blank(one)) out += one;
  }
  return out;
}

}  // namespace

std::string root_uuid(const RevisionKey& key) {
  return uuid_from_name("jiaozhu passage as imported\x1f" + key.edition_uuid + "\x1f" + key.version_hash + "\x1f" +
                        std::to_string(key.seq));
}

std::string revision_uuid(const RevisionKey& key, const PassageRevision& r) {
  std::string parents;
  for (const std::string& p : r.parents) parents += p + ",";
  return uuid_from_name("jiaozhu passage revision\x1f" + key.edition_uuid + "\x1f" + key.version_hash + "\x1f" +
                        std::to_string(key.seq) + "\x1f" + r.text + "\x1f" + r.reason + "\x1f" + r.author + "\x1f" +
                        r.made_at + "\x1f" + parents);
}

std::string derived_uuid(const RevisionKey& key, const PassageRevision& r) {
  return r.parents.empty() ? root_uuid(key) : revision_uuid(key, r);
}

bool heads_differ(const std::vector<PassageRevision>& heads) {
  return std::any_of(heads.begin(), heads.end(), [&](const PassageRevision& h) { return h.text != heads.front().text; });
}

bool same_but_white_space(const std::string& a, const std::string& b) {
  return a == b || without_white_space(a) == without_white_space(b);
}

bool RevisionStore::insert(const RevisionKey& key, const PassageRevision& r) {
  if (!insert_row(key, r)) return false;
  insert_parents(r);
  return true;
}

bool RevisionStore::insert_row(const RevisionKey& key, const PassageRevision& r) {
  // ON CONFLICT, not OR IGNORE: a row that breaks a CHECK must fail, not vanish.
  auto q = db_.cached("INSERT INTO passage_revision (uuid, edition_uuid, version_hash, seq, text, reason, "
                      "author, made_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING");
  q->bind(1, r.uuid);
  q->bind(2, key.edition_uuid);
  q->bind(3, key.version_hash);
  q->bind(4, key.seq);
  q->bind(5, r.text);
  bind_text_or_null(*q, 6, r.reason);
  q->bind(7, r.author);
  q->bind(8, r.made_at);
  return q->exec() > 0;
}

void RevisionStore::insert_parents(const PassageRevision& r) {
  auto parent = db_.cached("INSERT INTO passage_revision_parent (revision_uuid, parent_uuid) VALUES (?, ?) "
                           "ON CONFLICT DO NOTHING");
  for (const std::string& p : r.parents) {
    parent->bind(1, r.uuid);
    parent->bind(2, p);
    parent->exec();
    parent->reset();
  }
}

bool RevisionStore::has(const std::string& uuid) const {
  auto q = db_.cached("SELECT 1 FROM passage_revision WHERE uuid = ?");
  q->bind(1, uuid);
  return q->executeStep();
}

std::vector<PassageRevision> RevisionStore::of_passage(const RevisionKey& key) const {
  SQLite::Statement q(db_.sql(), std::string(kColumns) +
                                     "WHERE r.edition_uuid = ? AND r.version_hash = ? AND r.seq = ? ORDER BY r.made_at, r.uuid");
  bind_key(q, key);
  auto out = read_revisions(q);
  // The root first, whatever its time: a version recorded after a copy's
  // correction (merge order) must not put the text as imported after it.
  std::stable_partition(out.begin(), out.end(), [](const PassageRevision& r) { return r.imported; });
  return out;
}

std::vector<PassageRevision> RevisionStore::heads(const RevisionKey& key) const {
  SQLite::Statement q(db_.sql(), std::string(kColumns) + "WHERE r.edition_uuid = ? AND r.version_hash = ? AND r.seq = ? AND " +
                                     kIsHead + " ORDER BY r.made_at DESC, r.uuid DESC");
  bind_key(q, key);
  return read_revisions(q);
}

std::vector<RevisionKey> RevisionStore::conflicted() const {
  SQLite::Statement q(db_.sql(), std::string("SELECT r.edition_uuid, r.version_hash, r.seq FROM passage_revision r "
                                             "JOIN edition e ON e.uuid = r.edition_uuid AND e.content_hash = r.version_hash WHERE ") +
                                     kIsHead + " GROUP BY r.edition_uuid, r.version_hash, r.seq HAVING count(DISTINCT r.text) > 1");
  std::vector<RevisionKey> out;
  while (q.executeStep()) out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt64()});
  return out;
}

std::vector<StoredRevision> RevisionStore::all() const {
  SQLite::Statement q(db_.sql(), std::string(kColumns) + "ORDER BY r.edition_uuid, r.version_hash, r.seq, r.made_at, r.uuid");
  std::vector<StoredRevision> out;
  while (q.executeStep()) out.push_back(read_row(q));
  return out;
}

std::vector<std::string> RevisionStore::faults() const {
  std::vector<std::string> out;
  std::map<std::string, const StoredRevision*> by_uuid;
  const std::vector<StoredRevision> rows = all();
  for (const StoredRevision& s : rows) by_uuid[s.revision.uuid] = &s;
  auto passage = [](const RevisionKey& k) { return "passage " + std::to_string(k.seq) + " of edition " + k.edition_uuid; };
  for (const StoredRevision& s : rows) {
    const PassageRevision& r = s.revision;
    if (r.uuid != derived_uuid(s.key, r)) out.push_back("revision " + r.uuid + " of " + passage(s.key) + " does not derive from its content");
    for (const std::string& p : r.parents) {
      const auto it = by_uuid.find(p);
      if (it == by_uuid.end()) {
        out.push_back("revision " + r.uuid + " of " + passage(s.key) + " names a parent that is not here: " + p);
      } else if (it->second->key.edition_uuid != s.key.edition_uuid || it->second->key.version_hash != s.key.version_hash ||
                 it->second->key.seq != s.key.seq) {
        out.push_back("revision " + r.uuid + " of " + passage(s.key) + " names a parent of another passage: " + p);
      }
    }
  }
  for (const StaleCorrection& c : stale_corrections(db_)) {
    out.push_back("passage " + c.address + " does not show its newest correction; see `jiaozhu passage log " + c.address + "`");
  }
  SQLite::Statement missing(db_.sql(),
                            "SELECT e.siglum, r.seq FROM passage_revision r JOIN edition e ON e.uuid = r.edition_uuid "
                            "AND e.content_hash = r.version_hash WHERE NOT EXISTS (SELECT 1 FROM passage p "
                            "WHERE p.edition_id = e.id AND p.seq = r.seq) GROUP BY e.id, r.seq");
  while (missing.executeStep()) {
    out.push_back("passage " + missing.getColumn(0).getString() + ":" + std::to_string(missing.getColumn(1).getInt64()) +
                  " has corrections but is not there");
  }
  return out;
}

std::vector<StaleCorrection> stale_corrections(Database& db) {
  // The heads of every corrected passage of a current version, the newest
  // of each first.
  SQLite::Statement q(db.sql(),
                      std::string("SELECT e.id, p.id, r.seq, p.text, r.text, e.siglum FROM passage_revision r "
                                  "JOIN edition e ON e.uuid = r.edition_uuid AND e.content_hash = r.version_hash "
                                  "JOIN passage p ON p.edition_id = e.id AND p.seq = r.seq WHERE ") +
                          kIsHead + " ORDER BY e.id, r.seq, r.made_at DESC, r.uuid DESC");
  std::vector<StaleCorrection> out;
  int64_t last_passage = 0;
  while (q.executeStep()) {
    const int64_t passage = q.getColumn(1).getInt64();
    if (passage == last_passage) continue;  // only the newest head is shown
    last_passage = passage;
    if (q.getColumn(3).getString() == q.getColumn(4).getString()) continue;
    out.push_back({q.getColumn(0).getInt64(), passage, q.getColumn(2).getInt64(),
                   q.getColumn(5).getString() + ":" + std::to_string(q.getColumn(2).getInt64()), q.getColumn(3).getString(),
                   q.getColumn(4).getString()});
  }
  return out;
}

PassageRevision imported_revision(Database& db, const RevisionKey& key, const std::string& text) {
  PassageRevision r;
  r.uuid = root_uuid(key);
  r.text = text;
  r.author = "(imported)";
  r.imported = true;
  SQLite::Statement q(db.sql(), "SELECT coalesce((SELECT made_at FROM edition_version WHERE edition_uuid = ?1 "
                                "AND content_hash = ?2), (SELECT imported_at FROM edition WHERE uuid = ?1), '')");
  q.bind(1, key.edition_uuid);
  q.bind(2, key.version_hash);
  q.executeStep();
  r.made_at = q.getColumn(0).getString();
  return r;
}

}  // namespace jiaozhu::detail
