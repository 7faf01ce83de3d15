#include "corrections/revision_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>

#include "corrections/correction_effects.h"
#include "corrections/revision_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/unicode.h"
#include "util/columns.h"
#include "jiaozhu/field.h"

namespace jiaozhu::detail {
namespace {

// The other copy's revisions, read under the field rules, each checked to
// derive from its content.
std::vector<StoredRevision> read_incoming(MergeContext& m) {
  SQLite::Statement q(m.other,
                      "SELECT r.uuid, r.edition_uuid, r.version_hash, r.seq, r.text, coalesce(r.reason, ''), r.author, "
                      "r.made_at, (SELECT group_concat(parent_uuid) FROM passage_revision_parent x "
                      "WHERE x.revision_uuid = r.uuid) FROM passage_revision r");
  std::vector<StoredRevision> out;
  while (q.executeStep()) {
    StoredRevision s;
    PassageRevision& r = s.revision;
    r.uuid = m.text(q, 0, Field::kUuid);
    s.key.edition_uuid = m.text(q, 1, Field::kUuid);
    s.key.version_hash = q.getColumn(2).getString();
    if (!is_sha256_hex(s.key.version_hash)) m.refuse("a passage revision names a version that is not 64 hex digits");
    s.key.seq = q.getColumn(3).getInt64();
    r.text = m.text(q, 4, Field::kPassageText);
    if (r.text.empty() || to_nfc(r.text) != r.text) m.refuse("passage revision " + r.uuid + " has an empty or unnormalized text");
    r.reason = m.text(q, 5, Field::kNoteText);
    r.author = m.text(q, 6, Field::kAuthor);
    r.made_at = m.text(q, 7, Field::kTimestamp);
    r.parents = sorted_comma_list(q.getColumn(8));
    if (r.uuid != derived_uuid(s.key, r)) m.refuse("passage revision " + r.uuid + " does not derive from its content");
    r.imported = r.parents.empty();
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

void merge_passage_revisions(MergeContext& m) {
  const std::vector<StoredRevision> incoming = read_incoming(m);
  RevisionStore store(m.db);
  std::vector<const PassageRevision*> added;
  for (const StoredRevision& s : incoming) {
    if (store.insert_row(s.key, s.revision)) added.push_back(&s.revision);
  }
  for (const PassageRevision* r : added) {
    for (const std::string& p : r->parents) {
      if (!store.has(p)) m.refuse("passage revision " + r->uuid + " names a parent that is not there");
    }
    store.insert_parents(*r);
  }
  // Every passage that does not show its newest head now: one the other
  // copy corrected, or one whose edition's text this merge took whole (as
  // imported: editions_merge.cpp) and whose corrections were here already.
  const EditionRepository editions(m.db);
  std::map<int64_t, std::vector<TextUpdate>> updates;
  for (StaleCorrection& c : stale_corrections(m.db)) {
    updates[c.edition_id].push_back({c.passage_id, c.seq, std::move(c.shown), std::move(c.newest)});
  }
  for (const auto& [edition_id, changed] : updates) {
    m.report.passages_corrected += static_cast<int64_t>(changed.size());
    apply_texts(m.db, editions.find_by_id(edition_id).value(), changed);
  }
}

}  // namespace jiaozhu::detail
