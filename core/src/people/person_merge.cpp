#include "people/person_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>
#include <optional>
#include <set>

#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "people/cbdb_ids.h"
#include "people/person_join.h"
#include "people/person_rows.h"
#include "repo/choice_log_merge.h"
#include "repo/deletion_store.h"

namespace jiaozhu::detail {


namespace {

// Removes the alias here that has been `uuid` (its own, or that of an alias
// joined into it), burying every identity it has had: the alias is gone in
// whatever copy still holds it under one of them.
void remove_alias_identity(MergeContext& m, const std::string& uuid, const std::string& author, const std::string& at) {
  SQLite::Statement q(m.db.sql(),
                      "SELECT id FROM alias WHERE uuid = ?1 UNION SELECT alias_id FROM record_revision "
                      "WHERE written_for = ?1 AND alias_id IS NOT NULL");
  q.bind(1, uuid);
  std::vector<int64_t> ids;
  while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
  detail::RecordHistory history(m.db, detail::RecordKind::kAlias);
  detail::DeletionStore deletions(m.db);
  for (int64_t id : ids) {
    for (const std::string& identity : history.identities(id)) deletions.bury("alias", identity, author, at);
    detail::delete_alias_row(m.db, id);
    ++m.report.removed;
    m.aliases_added = true;  // the mentions are rebuilt
  }
}

}  // namespace

// The other copy's tombstones and redirects, added here; then what they
// remove is removed here: aliases and links by uuid, characters joined into
// the character they became. Runs before characters, aliases and links are
// merged, so that none of what was removed comes back.
void merge_deletions(MergeContext& m) {
  detail::DeletionStore deletions(m.db);
  SQLite::Statement tombs(m.other, "SELECT uuid, kind, author, removed_at FROM tombstone ORDER BY uuid");
  while (tombs.executeStep()) {
    const std::string kind = tombs.getColumn(1).getString();
    if (kind == "fold_rule") continue;  // merge_fold_rules: the later of a rule and its removal wins
    if (kind != "alias" && kind != "link") m.refuse("a tombstone has the unknown kind '" + kind + "'");
    const std::string uuid = m.text(tombs, 0, Field::kUuid);
    const std::string author = m.text(tombs, 2, Field::kAuthor), at = m.text(tombs, 3, Field::kTimestamp);
    deletions.bury(kind, uuid, author, at);
    if (kind == "alias") {
      remove_alias_identity(m, uuid, author, at);
      continue;
    }
    if (detail::delete_link(m.db, uuid)) ++m.report.removed;
  }
  SQLite::Statement redirects(m.other,
                              "SELECT from_uuid, to_uuid, author, merged_at FROM character_redirect ORDER BY from_uuid");
  while (redirects.executeStep()) {
    const std::string from = m.text(redirects, 0, Field::kUuid), to = m.text(redirects, 1, Field::kUuid);
    if (from == to) m.refuse("character " + from + " is redirected to itself");
    deletions.redirect(from, to, m.text(redirects, 2, Field::kAuthor), m.text(redirects, 3, Field::kTimestamp));
  }
}


namespace {

// The local id of the character `uuid` became (through redirects), if here.
std::optional<int64_t> local_character(MergeContext& m, const std::string& uuid) {
  SQLite::Statement q(m.db.sql(), "SELECT id FROM character WHERE uuid = ?");
  q.bind(1, detail::DeletionStore(m.db).final_person(uuid));
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getInt64();
}

}  // namespace

void merge_persons(MergeContext& m) {
  SQLite::Statement q(m.other, "SELECT uuid, name, coalesce(note, ''), created_at FROM character ORDER BY uuid");
  detail::DeletionStore deletions(m.db);
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid), name = m.text(q, 1, Field::kPersonName),
                      note = m.text(q, 2, Field::kPersonNote);
    if (deletions.final_person(uuid) != uuid) {  // merged away: it stays away
      m.redirected.push_back(uuid);
      continue;
    }
    SQLite::Statement local(m.db.sql(), "SELECT id FROM character WHERE uuid = ?");
    local.bind(1, uuid);
    if (local.executeStep()) {
      m.characters[uuid] = local.getColumn(0).getInt64();  // its fields come with its history
      continue;
    }
    SQLite::Statement same(m.db.sql(), "SELECT uuid FROM character WHERE name = ? LIMIT 1");
    same.bind(1, name);
    if (same.executeStep()) {
      m.report.possible_duplicates.push_back("character " + name + ": " + same.getColumn(0).getString().substr(0, 8) +
                                             " here and " + uuid.substr(0, 8) + " there (`jiaozhu character merge`)");
    }
    m.characters[uuid] = detail::insert_person_row(m.db, {uuid, name, note, m.text(q, 3, Field::kTimestamp)});
    ++m.report.characters_added;
  }
}

namespace {

// Gives local alias `id` the identity of incoming alias row `q` (the
// smaller uuid of the two, in every copy); its fields come with its history.
void adopt_alias(MergeContext& m, SQLite::Statement& q, int64_t id) {
  detail::set_alias_identity(m.db, id, m.text(q, 0, Field::kUuid), m.text(q, 5, Field::kTimestamp));
}

}  // namespace

namespace {

// Whether any identity the other copy's alias `uuid` has had is buried here.
bool alias_buried(MergeContext& m, detail::DeletionStore& deletions, const std::string& uuid) {
  if (deletions.buried(uuid)) return true;
  SQLite::Statement q(m.other,
                      "SELECT r.written_for FROM record_revision r JOIN alias a ON a.id = r.alias_id WHERE a.uuid = ?");
  q.bind(1, uuid);
  while (q.executeStep()) {
    if (deletions.buried(q.getColumn(0).getString())) return true;
  }
  return false;
}

}  // namespace

void merge_aliases(MergeContext& m) {
  detail::DeletionStore deletions(m.db);
  SQLite::Statement q(m.other,
                      "SELECT a.uuid, c.uuid, a.form, a.kind, coalesce(a.note, ''), a.created_at "
                      "FROM alias a JOIN character c ON c.id = a.character_id ORDER BY a.uuid");
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid);
    SQLite::Statement known(m.db.sql(), "SELECT id FROM alias WHERE uuid = ?");
    known.bind(1, uuid);
    if (known.executeStep()) {
      m.aliases[uuid] = known.getColumn(0).getInt64();
      continue;
    }
    if (alias_buried(m, deletions, uuid)) continue;
    const std::string form = m.text(q, 2, Field::kPersonName), folded = detail::alias_folded(form);
    const auto mapped = m.characters.find(q.getColumn(1).getString());
    if (mapped == m.characters.end()) continue;  // of a character merged into one neither copy holds
    const int64_t character = mapped->second;
    SQLite::Statement others(m.db.sql(),
                             "SELECT c.name, a.character_id, a.id, a.uuid FROM alias a "
                             "JOIN character c ON c.id = a.character_id WHERE a.folded = ?");
    others.bind(1, folded);
    bool on_this_character = false;
    while (others.executeStep()) {
      if (others.getColumn(1).getInt64() == character) {
        // The same form added to one character on both sides: both copies
        // keep the row with the smaller uuid, so that they agree.
        on_this_character = true;
        m.aliases[uuid] = others.getColumn(2).getInt64();
        if (uuid < others.getColumn(3).getString()) adopt_alias(m, q, others.getColumn(2).getInt64());
      } else if (q.getColumn(3).getString() != "name") {  // a same-named character is reported already
        m.report.possible_duplicates.push_back("alias " + form + " names " + others.getColumn(0).getString() +
                                               " here and another character there");
      }
    }
    if (on_this_character || folded.empty()) continue;  // the same form, added on both sides
    m.aliases[uuid] = detail::insert_alias_row(
        m.db, {uuid, character, form, m.text(q, 3, Field::kAliasKind), m.text(q, 4, Field::kPersonNote),
               m.text(q, 5, Field::kTimestamp)});
    ++m.report.aliases_added;
    m.aliases_added = true;
  }
}

// The other copy's revisions of the characters' and aliases' fields, under
// the local records they map to (after the records are merged); records
// given another head show their winning one.
void merge_history(MergeContext& m, detail::RecordKind kind) {
  const bool person = kind == detail::RecordKind::kPerson;
  const std::map<std::string, int64_t>& local = person ? m.characters : m.aliases;
  const std::string owner = person ? "character" : "alias", column = person ? "name" : "kind";
  detail::RecordHistory history(m.db, kind);
  SQLite::Statement q(m.other, "SELECT r.uuid, o.uuid, r.written_for, r." + column + ", coalesce(r.note, ''), r.author, "
                               "r.made_at, r.id FROM record_revision r JOIN " + owner + " o ON o.id = r." + owner + "_id "
                               "ORDER BY r.id");
  SQLite::Statement parents(m.other, "SELECT p.uuid FROM record_revision_parent x JOIN record_revision p "
                                     "ON p.id = x.parent_id WHERE x.revision_id = ?");
  std::vector<detail::RecordRevision> added;
  std::set<int64_t> touched;
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid);
    const auto record = local.find(q.getColumn(1).getString());
    if (record == local.end() || history.known(uuid)) continue;
    detail::RecordRevision r{{uuid, m.text(q, 3, Field::kPersonName), m.text(q, 4, Field::kPersonNote),
                              m.text(q, 5, Field::kAuthor), m.text(q, 6, Field::kTimestamp)},
                             m.text(q, 2, Field::kUuid), {}};
    parents.bind(1, q.getColumn(7).getInt64());
    while (parents.executeStep()) r.parents.push_back(parents.getColumn(0).getString());
    parents.reset();
    history.absorb(record->second, r);
    touched.insert(record->second);
    added.push_back(std::move(r));
  }
  for (const detail::RecordRevision& r : added) {
    if (!history.link_parents(r)) m.refuse("revision " + r.version.uuid + " of " + owner + " names a parent of another record");
  }
  for (int64_t record : touched) history.settle(record);
}

// The characters here of every group that redirects made (some copy merged
// them) become one row under the group's survivor; the other copy's
// characters merged away map to it. After merge_persons, which brings
// the survivors this copy lacks.
void join_redirected(MergeContext& m, const PersonMoved& moved) {
  SQLite::Statement local(m.db.sql(),
                          "SELECT c.uuid, c.id FROM character c WHERE EXISTS (SELECT 1 FROM character_redirect r "
                          "WHERE r.from_uuid = c.uuid OR r.to_uuid = c.uuid) ORDER BY c.uuid");
  std::vector<std::pair<std::string, int64_t>> grouped;
  while (local.executeStep()) grouped.emplace_back(local.getColumn(0).getString(), local.getColumn(1).getInt64());
  auto count = [&] { return m.db.sql().execAndGet("SELECT count(*) FROM character").getInt64(); };
  const int64_t before = count();
  SQLite::Statement alive(m.db.sql(), "SELECT 1 FROM character WHERE id = ?");
  for (const auto& [uuid, id] : grouped) {
    alive.bind(1, id);
    const bool still = alive.executeStep();
    alive.reset();
    if (still) {  // else joined with an earlier one of its group
      detail::settle_group(m.db, uuid, moved);
    }
  }
  const int64_t joined = before - count();
  m.report.removed += joined;
  if (joined > 0) m.aliases_added = true;
  for (const std::string& uuid : m.redirected) {
    if (auto id = local_character(m, uuid)) m.characters[uuid] = *id;
  }
}

void merge_cbdb_ids(MergeContext& m) { m.report.cbdb_ids = merge_choice_log(m, kCbdbIds, &check_cbdb_id); }

}  // namespace jiaozhu::detail
