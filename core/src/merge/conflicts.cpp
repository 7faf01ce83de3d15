#include "jiaozhu/conflicts.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "merge/rival_editions.h"
#include "notes/note_store.h"
#include "people/record_history.h"
#include "people/mention_index.h"
#include "repo/deletion_store.h"
#include "util/clock.h"

namespace jiaozhu {
namespace {

std::vector<std::string> link_passages(Database& db, int64_t link) {
  SQLite::Statement q(db.sql(),
                      "SELECT e.siglum, p.seq FROM link_passage lp JOIN passage p ON p.id = lp.passage_id "
                      "JOIN edition e ON e.id = p.edition_id WHERE lp.link_id = ? ORDER BY e.siglum, p.seq");
  q.bind(1, link);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(format_address(q.getColumn(0).getString(), q.getColumn(1).getInt64()));
  return out;
}

// Links only overlap where a manual link came in by merge beside another
// copy's (align never makes two, `link add` breaks what it overlaps), so
// only the few passages of manual links are looked at (CROSS JOIN: from
// the links, not from every linked passage's row, text and all).
std::vector<LinkConflict> link_conflicts(Database& db) {
  SQLite::Statement q(db.sql(),
                      "SELECT DISTINCT e.siglum, p.seq, mine.passage_id, other.edition_id FROM link l "
                      "CROSS JOIN link_passage mine ON mine.link_id = l.id "
                      "CROSS JOIN passage p ON p.id = mine.passage_id CROSS JOIN edition e ON e.id = p.edition_id "
                      "CROSS JOIN link_passage lp2 ON lp2.link_id = l.id CROSS JOIN passage other ON other.id = lp2.passage_id "
                      "WHERE l.origin = 'manual' AND other.edition_id <> p.edition_id "
                      "ORDER BY e.siglum, p.seq, other.edition_id");
  SQLite::Statement holders(db.sql(),
                            "SELECT DISTINCT l.id, l.uuid FROM link_passage lp JOIN link l ON l.id = lp.link_id "
                            "WHERE lp.passage_id = ?1 AND EXISTS (SELECT 1 FROM link_passage x JOIN passage o "
                            "ON o.id = x.passage_id WHERE x.link_id = l.id AND o.edition_id = ?2) ORDER BY l.uuid");
  std::vector<LinkConflict> out;
  while (q.executeStep()) {
    holders.bind(1, q.getColumn(2).getInt64());
    holders.bind(2, q.getColumn(3).getInt64());
    LinkConflict c{format_address(q.getColumn(0).getString(), q.getColumn(1).getInt64()), {}};
    std::vector<std::pair<int64_t, std::string>> ids;
    while (holders.executeStep()) ids.emplace_back(holders.getColumn(0).getInt64(), holders.getColumn(1).getString());
    holders.reset();
    if (ids.size() < 2) continue;
    for (const auto& [id, uuid] : ids) c.links.emplace_back(uuid, link_passages(db, id));
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<EditionConflict> edition_conflicts(Database& db) {
  EditionRepository editions(db);
  std::vector<EditionConflict> out;
  for (const Edition& e : editions.all()) {
    const auto heads = detail::version_heads(db, e.uuid);
    if (heads.size() < 2) continue;
    EditionConflict c{e.siglum, {}};
    for (auto h = heads.begin() + 1; h != heads.end(); ++h) {
      const auto rival = editions.find_by_uuid(detail::rival_uuid(e.uuid, *h));
      c.rivals.push_back(rival ? rival->siglum : std::string());
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

Conflicts list_conflicts(Database& db) {
  return {NoteRepository(db).conflicts(), PersonRepository(db).conflicts(), link_conflicts(db), edition_conflicts(db)};
}

int64_t count_conflicts(Database& db) {
  const int64_t records = static_cast<int64_t>(detail::RecordHistory(db, detail::RecordKind::kPerson).in_conflict().size() +
                                               detail::RecordHistory(db, detail::RecordKind::kAlias).in_conflict().size());
  return detail::NoteStore(db).conflict_count() + records + static_cast<int64_t>(link_conflicts(db).size()) +
         static_cast<int64_t>(edition_conflicts(db).size());
}

void resolve_edition(Database& db, const std::string& siglum, const std::string& keep, const std::string& author) {
  db.write([&] {
    EditionRepository editions(db);
    const Edition e = editions.get(siglum);
    const auto heads = detail::version_heads(db, e.uuid);
    if (heads.size() < 2) throw ConflictError("edition " + siglum + " is not in conflict: it has one current text");
    const Edition kept = editions.get(keep);
    if (kept.id != e.id && kept.uuid != detail::rival_uuid(e.uuid, kept.content_hash)) {
      throw UsageError(keep + " is neither " + siglum + " nor a rival text of it (see `jiaozhu conflicts`)");
    }
    const std::string at = detail::utc_now();
    for (const std::string& h : heads) {
      if (h != kept.content_hash) editions.record_choice(e.uuid, h, kept.content_hash, author, at);
    }
    // Every text concerned is here: nothing is asked of another copy.
    detail::reconcile_edition(db, e.uuid, [](const std::string&, int64_t) { return false; });
    detail::MentionIndex(db).refresh_edition(e.id);
  });
}

}  // namespace jiaozhu
