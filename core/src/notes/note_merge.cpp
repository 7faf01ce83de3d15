#include "notes/note_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "notes/incoming_notes.h"
#include "notes/note_store.h"
#include "repo/deletion_store.h"

namespace jiaozhu::detail {
namespace {


detail::KnownRevisions local_revisions(Database& db) {
  detail::KnownRevisions out;
  SQLite::Statement q(db.sql(), std::string("SELECT ") + detail::kRevisionDigestColumns +
                                    " FROM note_revision r JOIN note n ON n.id = r.note_id");
  while (q.executeStep()) out.emplace(q.getColumn(0).getString(), detail::revision_digest(q));
  return out;
}

// A note of the other file, refused (naming the file) when its history
// cannot be part of this copy's: a parent of another note, a cycle.
detail::AbsorbResult absorb_from(MergeContext& m, detail::NoteStore& store, const detail::NoteRecord& rec) {
  try {
    return store.absorb(rec, detail::Revisions::kAllNew);
  } catch (const ConflictError& e) {
    m.refuse(e.what());
  } catch (const InputError& e) {
    m.refuse("note " + rec.note.uuid + ": " + e.what());
  }
}

}  // namespace

void merge_notes(MergeContext& m) {
  const auto known = local_revisions(m.db);
  detail::IncomingNotes incoming(m.other, m.foreign, known, m.edition_uuids);
  detail::NoteStore store(m.db);
  detail::DeletionStore deletions(m.db);
  store.defer_indexing();
  for (auto batch = incoming.next(); !batch.empty(); batch = incoming.next()) {
    for (detail::NoteRecord& rec : batch) {
      // A note on a character merged away is on the character it became.
      if (rec.note.target == NoteTarget::kPerson) rec.note.target_uuid = deletions.final_person(rec.note.target_uuid);
      const detail::AbsorbResult r = absorb_from(m, store, rec);
      m.report.notes_added += r.note_added ? 1 : 0;
      m.report.revisions_added += r.revisions_added;
      if (store.head_count(r.note_id) > 1) m.report.conflicts.push_back(rec.note.uuid);
    }
  }
  store.finish_indexing();
  store.link_variant_notes();
}

}  // namespace jiaozhu::detail
