#include "notes/rival_editions.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "align/link_store.h"
#include "notes/anchor_finder.h"
#include "notes/note_store.h"
#include "people/mention_index.h"
#include "repo/passage_rewrite.h"
#include "util/sha256.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

std::vector<std::string> version_hashes(Database& db, const std::string& uuid) {
  SQLite::Statement q(db.sql(), "SELECT content_hash FROM edition_version WHERE edition_uuid = ? ORDER BY content_hash");
  q.bind(1, uuid);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getString());
  return out;
}

// The rival editions here of edition `uuid`, by the hash of the version they hold.
std::map<std::string, Edition> rivals_here(Database& db, const std::string& uuid) {
  EditionRepository editions(db);
  std::map<std::string, Edition> out;
  for (const std::string& h : version_hashes(db, uuid)) {
    if (auto e = editions.find_by_uuid(rival_uuid(uuid, h))) out.emplace(h, *e);
  }
  return out;
}

// Moves the passages and source files of edition `from` to the empty `to`:
// their ids stay, and with them their mentions and search rows.
// Their links go: a link's uuid derives from its edition's uuid and
// passage numbers, which are another edition's now (align makes them again).
void move_text(Database& db, int64_t from, int64_t to) {
  delete_links_of_edition(db, from);
  EditionRepository(db).move_content(from, to);
}

// A rival edition holds a version as it was imported: passages the edition
// `owner_uuid` corrected while it showed version `hash` (passage_revision's
// roots) are set back to their imported text in `rival`. The corrections
// stay as history, under the edition's identity.
void show_as_imported(Database& db, int64_t rival, const std::string& owner_uuid, const std::string& hash) {
  SQLite::Statement q(db.sql(),
                      "SELECT p.id, r.text FROM passage_revision r JOIN passage p ON p.edition_id = ?1 AND p.seq = r.seq "
                      "WHERE r.edition_uuid = ?2 AND r.version_hash = ?3 AND p.text <> r.text AND NOT EXISTS "
                      "(SELECT 1 FROM passage_revision_parent x WHERE x.revision_uuid = r.uuid)");
  q.bind(1, rival);
  q.bind(2, owner_uuid);
  q.bind(3, hash);
  std::vector<std::pair<int64_t, std::string>> changed;
  while (q.executeStep()) changed.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
  std::vector<int64_t> ids;
  for (const auto& [id, text] : changed) {
    rewrite_passage_text(db, id, text);
    ids.push_back(id);
  }
  if (!ids.empty()) MentionIndex(db).refresh(ids);
}

std::string rival_siglum(EditionRepository& editions, const std::string& siglum, const std::string& hash) {
  for (std::size_t digits = 6; digits <= 12; ++digits) {
    const std::string candidate = siglum.substr(0, 24) + "-" + hash.substr(0, digits);
    if (!editions.find(candidate)) return candidate;
  }
  throw ConflictError("cannot find a free siglum for a rival text of edition " + siglum);
}

// Its time is the version's, not this copy's clock: every copy lists it alike.
int64_t new_rival(Database& db, const Edition& main, const std::string& hash, Script script) {
  EditionRepository editions(db);
  const int64_t id = editions.insert({rival_siglum(editions, main.siglum, hash), main.work, main.title, script, hash,
                                      rival_uuid(main.uuid, hash)});
  editions.date_by_version(id, main.uuid, hash);
  return id;
}

// Removes a rival edition whose head was dropped; its notes go to the edition.
void drop_rival(Database& db, const Edition& rival, int64_t main) {
  NoteStore(db).move_edition_notes(rival.id, main);
  delete_links_of_edition(db, rival.id);
  EditionRepository editions(db);
  editions.clear_content(rival.id);
  editions.remove_empty(rival.id);
}

}  // namespace

std::string rival_uuid(const std::string& edition_uuid, const std::string& hash) {
  return uuid_from_name("jiaozhu rival edition " + edition_uuid + " " + hash);
}

std::vector<std::string> version_heads(Database& db, const std::string& edition_uuid) {
  SQLite::Statement q(db.sql(),
                      "SELECT content_hash FROM edition_version v WHERE edition_uuid = ?1 "
                      "AND NOT EXISTS (SELECT 1 FROM edition_version c WHERE c.edition_uuid = ?1 "
                      "AND c.parent_hash = v.content_hash) "
                      "AND NOT EXISTS (SELECT 1 FROM edition_choice x WHERE x.edition_uuid = ?1 "
                      "AND x.dropped_hash = v.content_hash) ORDER BY made_at DESC, content_hash DESC");
  q.bind(1, edition_uuid);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getString());
  if (!out.empty()) return out;
  // Every head dropped: two copies resolved the conflict apart, each keeping
  // another text, and merged their choices. The newest choice holds (then
  // the greater hash), so every copy shows the same text; keeping whatever
  // each copy had would leave them apart for good.
  SQLite::Statement newest(db.sql(),
                           "SELECT x.kept_hash FROM edition_choice x WHERE x.edition_uuid = ?1 AND EXISTS ("
                           "SELECT 1 FROM edition_version v WHERE v.edition_uuid = ?1 AND v.content_hash = x.kept_hash "
                           "AND NOT EXISTS (SELECT 1 FROM edition_version c WHERE c.edition_uuid = ?1 "
                           "AND c.parent_hash = v.content_hash)) ORDER BY x.made_at DESC, x.kept_hash DESC LIMIT 1");
  newest.bind(1, edition_uuid);
  if (newest.executeStep()) out.push_back(newest.getColumn(0).getString());
  return out;
}

Reconciled reconcile_edition(Database& db, const std::string& edition_uuid, const VersionSource& source) {
  EditionRepository editions(db);
  Reconciled r;
  const auto found = editions.find_by_uuid(edition_uuid);
  if (!found) return r;
  const Edition main = *found;
  std::vector<std::string> heads = version_heads(db, edition_uuid);
  if (heads.empty()) heads = {main.content_hash};  // versions that loop (a text restored): keep what is here
  const std::string& shown = heads.front();
  auto rivals = rivals_here(db, edition_uuid);
  if (main.content_hash != shown) {
    const bool keep_old = std::find(heads.begin(), heads.end(), main.content_hash) != heads.end();
    const auto from_rival = rivals.find(shown);
    if (from_rival != rivals.end()) editions.set_hash(from_rival->second.id, sha256_hex("moving " + shown));
    editions.set_hash(main.id, shown);
    if (keep_old && !rivals.count(main.content_hash)) {
      const int64_t id = new_rival(db, main, main.content_hash, main.script);
      move_text(db, main.id, id);
      show_as_imported(db, id, main.uuid, main.content_hash);
      r.added.push_back(id);
    } else {
      delete_links_of_edition(db, main.id);
      editions.clear_content(main.id);
    }
    if (from_rival != rivals.end()) {
      move_text(db, from_rival->second.id, main.id);
      editions.set_script(main.id, from_rival->second.script);
      drop_rival(db, from_rival->second, main.id);
      rivals.erase(from_rival);
    } else if (!source(shown, main.id)) {
      throw ConflictError("the current text of edition " + main.siglum + " is in neither copy");
    }
    r.text_changed = true;
  }
  for (auto it = rivals.begin(); it != rivals.end();) {
    const bool wanted = std::find(heads.begin() + 1, heads.end(), it->first) != heads.end();
    if (wanted) { ++it; continue; }
    drop_rival(db, it->second, main.id);
    ++r.removed;
    r.text_changed = true;  // notes came over: place them
    it = rivals.erase(it);
  }
  for (auto h = heads.begin() + 1; h != heads.end(); ++h) {
    if (rivals.count(*h) || editions.find_by_content(*h)) continue;
    const int64_t id = new_rival(db, main, *h, main.script);
    if (source(*h, id)) {
      r.added.push_back(id);
    } else {  // another copy has it; until then the conflict is listed without it
      editions.remove_empty(id);
    }
  }
  if (r.text_changed) reanchor_edition(db, main.id);
  return r;
}

std::vector<std::string> version_faults(Database& db) {
  std::vector<std::string> out;
  for (const Edition& e : EditionRepository(db).all()) {
    if (const auto owner = rival_of(db, e.uuid)) {
      const auto heads = version_heads(db, owner->second);
      if (heads.empty() || std::find(heads.begin() + 1, heads.end(), e.content_hash) == heads.end()) {
        out.push_back("edition " + e.siglum + " is a rival text no longer current");
      }
      continue;
    }
    const auto heads = version_heads(db, e.uuid);
    if (!heads.empty() && heads.front() != e.content_hash) {
      out.push_back("edition " + e.siglum + " does not show the newest of its current texts");
    }
  }
  return out;
}

std::optional<std::pair<int64_t, std::string>> rival_of(Database& db, const std::string& uuid) {
  SQLite::Statement q(db.sql(), "SELECT v.edition_uuid, v.content_hash, e.id FROM edition_version v "
                                "JOIN edition e ON e.uuid = v.edition_uuid");
  while (q.executeStep()) {
    if (rival_uuid(q.getColumn(0).getString(), q.getColumn(1).getString()) == uuid) {
      return std::pair{q.getColumn(2).getInt64(), q.getColumn(0).getString()};
    }
  }
  return std::nullopt;
}

}  // namespace jiaozhu::detail
