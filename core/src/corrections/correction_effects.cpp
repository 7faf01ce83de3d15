#include "corrections/correction_effects.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <set>

#include "align/link_recollation.h"
#include "decisions/place_carry.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/unicode.h"
#include "notes/anchor_finder.h"
#include "notes/target_follower.h"
#include "parallels/gram_index.h"
#include "people/mention_index.h"
#include "repo/passage_rewrite.h"
#include "util/clock.h"

namespace jiaozhu::detail {
namespace {

bool notes_on_collation(Database& db) {
  SQLite::Statement q(db.sql(), "SELECT 1 FROM note WHERE target IN ('link', 'variant') LIMIT 1");
  return q.executeStep();
}

// The other editions linked with passages `ids`.
std::set<int64_t> linked_editions(Database& db, int64_t edition_id, const std::vector<int64_t>& ids) {
  std::set<int64_t> out;
  auto q = db.cached("SELECT DISTINCT p.edition_id FROM link_passage x JOIN link_passage y ON y.link_id = x.link_id "
                     "JOIN passage p ON p.id = y.passage_id WHERE x.passage_id = ? AND p.edition_id <> ?");
  for (int64_t id : ids) {
    q->bind(1, id);
    q->bind(2, edition_id);
    while (q->executeStep()) out.insert(q->getColumn(0).getInt64());
    q->reset();
  }
  return out;
}

}  // namespace

CorrectionReport apply_texts(Database& db, const Edition& edition, const std::vector<TextUpdate>& updates) {
  CorrectionReport report;
  if (updates.empty()) return report;
  std::vector<ChangedPassage> changed;
  std::vector<int64_t> ids, seqs;
  for (const TextUpdate& u : updates) {
    rewrite_passage_text(db, u.passage_id, u.new_text);
    changed.push_back({u.passage_id, TextChange(to_code_points(u.old_text), to_code_points(u.new_text))});
    ids.push_back(u.passage_id);
    seqs.push_back(u.seq);
  }
  // Notes on a link or variant keep a key of what it joined and read, by
  // which they follow a variant whose spans a correction moved.
  const bool follow = notes_on_collation(db);
  if (follow) remember_collation_targets(db);
  const Recollation r = recollate_links(db, changed);
  report.links_recollated = r.links;
  report.kinds_carried = r.kinds_carried;
  report.links_made = link_unlinked(db, edition.id, ids);
  if (follow) {
    for (int64_t other : linked_editions(db, edition.id, ids)) follow_collation_targets(db, edition.id, other);
  }
  MentionIndex(db).refresh(ids);
  std::vector<GramIndex::PassageText> texts;
  for (const TextUpdate& u : updates) texts.push_back({u.seq, u.old_text, u.new_text});
  GramIndex(db).update_passages(edition.id, texts);
  report.notes_orphaned = reanchor_passages(db, edition.id, seqs);
  for (std::size_t i = 0; i < changed.size(); ++i) {
    report.places_carried += carry_decided_places(db, edition.uuid, seqs[i], changed[i].change);
  }
  return report;
}

PassageRevision record_revision(Database& db, const RevisionKey& key, const std::string& shown, const std::string& text,
                                const std::string& reason, const std::string& author) {
  RevisionStore store(db);
  std::vector<PassageRevision> heads = store.heads(key);
  if (heads.empty()) {
    heads.push_back(imported_revision(db, key, shown));
    store.insert(key, heads.back());
  }
  PassageRevision r;
  r.text = text;
  r.reason = reason;
  r.author = author;
  r.made_at = utc_now_ms();
  for (const PassageRevision& h : heads) r.parents.push_back(h.uuid);
  std::sort(r.parents.begin(), r.parents.end());
  r.uuid = revision_uuid(key, r);
  store.insert(key, r);
  return r;
}

}  // namespace jiaozhu::detail
