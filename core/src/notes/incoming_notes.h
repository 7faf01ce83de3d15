// The notes of another copy that carry revisions this copy lacks, read from
// its file on a thread of their own while the caller writes them: reading
// is a sixth of a large merge, and the writer leaves the second core idle.
//
// Notes come in uuid order (so that the writer's note uuid index grows in
// one sweep), each with only its unknown revisions, their parents (uuids)
// and tags. A revision known here is read no further than its uuid.
#pragma once

#include <SQLiteCpp/Database.h>

#include <condition_variable>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "repo/foreign_text.h"
#include "notes/note_store.h"

namespace jiaozhu::detail {

// The revisions a copy holds, by uuid, each with a digest of its content:
// its note's uuid, author, time, motivation, state, body and tags. Another
// copy's revision of the same uuid must have the same digest, or one id
// would name two texts and merge would keep one of them silently. The
// digest (std::hash) is compared only within one process.
using KnownRevisions = std::unordered_map<std::string, std::size_t>;

// The columns revision_digest() reads, selected from
// `note_revision r JOIN note n ON n.id = r.note_id`, r.uuid first.
inline constexpr const char* kRevisionDigestColumns =
    "r.uuid, n.uuid, r.author, r.created_at, r.motivation, r.deleted, r.body, "
    "(SELECT group_concat(tag, char(31)) FROM (SELECT tag FROM note_tag WHERE revision_id = r.id ORDER BY tag)), "
    "coalesce(r.moved_to, '')";

// The digest of the row of `q` whose kRevisionDigestColumns start at `first`.
std::size_t revision_digest(SQLite::Statement& q, int first = 0);

class IncomingNotes {
 public:
  // Starts reading `other`, which the caller has verified and holds a read
  // transaction on, and must not touch until this object is gone. `known`
  // holds this copy's revisions; one of the other file's with a known uuid
  // but another digest refuses the merge (DatabaseError from next()), and
  // is otherwise skipped. `edition_uuids` maps the other
  // file's edition uuids to this copy's. Both must outlive this object.
  IncomingNotes(SQLite::Database& other, ForeignText text, const KnownRevisions& known,
                const std::map<std::string, std::string>& edition_uuids);
  // Stops the reader if it is still running.
  ~IncomingNotes();
  IncomingNotes(const IncomingNotes&) = delete;
  IncomingNotes& operator=(const IncomingNotes&) = delete;

  // The next notes, in uuid order; empty when all have been read. Throws
  // what the reader threw: DatabaseError refusing the file, or Interrupted.
  std::vector<NoteRecord> next();

 private:
  struct Lookups;
  void read();
  void finish_note(Lookups& lookups, int64_t id, NoteRecord& note, const std::vector<int64_t>& revision_ids);
  void push(std::vector<NoteRecord>&& batch);

  SQLite::Database& other_;
  ForeignText text_;
  const KnownRevisions& known_;
  const std::map<std::string, std::string>& edition_uuids_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<NoteRecord>> ready_;
  bool done_ = false, stop_ = false;
  std::exception_ptr error_;
  std::thread reader_;  // last: starts once everything above exists
};

}  // namespace jiaozhu::detail
