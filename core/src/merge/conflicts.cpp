#include "jiaozhu/conflicts.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "align/link_overlaps.h"
#include "corrections/revision_store.h"
#include "notes/rival_editions.h"
#include "notes/note_store.h"
#include "people/record_history.h"
#include "parallels/gram_index.h"
#include "people/mention_index.h"
#include "repo/deletion_store.h"
#include "util/clock.h"

namespace jiaozhu {
namespace {

std::vector<LinkConflict> link_conflicts(Database& db) {
  std::vector<LinkConflict> out;
  for (detail::OverlappingLinks& o : detail::overlapping_links(db)) out.push_back({std::move(o.passage), std::move(o.links)});
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
  return {NoteRepository(db).conflicts(), PersonRepository(db).conflicts(), link_conflicts(db), edition_conflicts(db),
          DecisionRepository(db).conflicts(), CorrectionRepository(db).conflicts()};
}

int64_t count_conflicts(Database& db) {
  const int64_t records = static_cast<int64_t>(detail::RecordHistory(db, detail::RecordKind::kPerson).in_conflict().size() +
                                               detail::RecordHistory(db, detail::RecordKind::kAlias).in_conflict().size());
  return detail::NoteStore(db).conflict_count() + records + static_cast<int64_t>(link_conflicts(db).size()) +
         static_cast<int64_t>(edition_conflicts(db).size()) + DecisionRepository(db).conflict_count() +
         static_cast<int64_t>(detail::RevisionStore(db).conflicted().size());
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
    detail::GramIndex(db).refresh();  // the text moved between the edition and its rivals
  });
}

}  // namespace jiaozhu
