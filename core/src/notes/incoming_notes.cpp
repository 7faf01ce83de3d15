#include "notes/incoming_notes.h"

#include <SQLiteCpp/Statement.h>

#include <utility>

#include "jiaozhu/facsimile.h"
#include "jiaozhu/interrupt.h"

namespace jiaozhu::detail {
namespace {

// Notes per hand-over, and hand-overs the reader may run ahead: enough to
// keep the writer from waiting, few enough to keep memory flat.
constexpr std::size_t kBatchNotes = 256;
constexpr std::size_t kBatchesAhead = 8;

// Thrown inside the reader when the consumer has gone.
struct Stopped {};

}  // namespace

// Prepared once: a note's row, a revision's parents and its tags.
struct IncomingNotes::Lookups {
  explicit Lookups(SQLite::Database& other)
      : note(other,
             "SELECT n.uuid, n.target, e.uuid, e.siglum, n.passage_seq, n.span_start, n.span_end, "
             "coalesce(n.quote_exact, n.passage_opening), n.quote_prefix, n.quote_suffix, n.target_uuid, n.orphaned, "
             "n.created_at, n.target_link_uuid, n.target_key, coalesce(n.span_field, 'text'), n.region_page, n.region "
             "FROM note n LEFT JOIN edition e ON e.id = n.edition_id WHERE n.id = ?"),
        parents(other,
                "SELECT p.uuid FROM note_revision_parent rp LEFT JOIN note_revision p ON p.id = rp.parent_id "
                "WHERE rp.revision_id = ?"),
        tags(other, "SELECT tag FROM note_tag WHERE revision_id = ? ORDER BY tag") {}
  SQLite::Statement note, parents, tags;
};

std::size_t revision_digest(SQLite::Statement& q, int first) {
  auto column = [&](int offset) { return q.getColumn(first + offset).getString(); };
  return std::hash<std::string>{}(column(1) + '\x1e' +
                                  revision_content(column(2), column(3), column(4), column(5) == "1", column(6),
                                                   column(7), column(8)));
}

IncomingNotes::IncomingNotes(SQLite::Database& other, ForeignText text, const KnownRevisions& known,
                             const std::map<std::string, std::string>& edition_uuids)
    : other_(other), text_(std::move(text)), known_(known), edition_uuids_(edition_uuids), reader_([this] { read(); }) {}

IncomingNotes::~IncomingNotes() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  reader_.join();
}

std::vector<NoteRecord> IncomingNotes::next() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !ready_.empty() || done_ || error_; });
  if (error_) {
    check_interrupt();  // a read stopped by Ctrl-C is an interruption, not a bad file
    try {
      std::rethrow_exception(error_);
    } catch (const SQLite::Exception& e) {
      throw DatabaseError(text_.file() + " cannot be read (" + e.what() + "); nothing was merged");
    }
  }
  if (ready_.empty()) return {};
  std::vector<NoteRecord> batch = std::move(ready_.front());
  ready_.pop_front();
  changed_.notify_all();
  return batch;
}

void IncomingNotes::push(std::vector<NoteRecord>&& batch) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return ready_.size() < kBatchesAhead || stop_; });
  if (stop_) throw Stopped{};
  ready_.push_back(std::move(batch));
  changed_.notify_all();
}

void IncomingNotes::read() {
  try {
    // Every revision, grouped by note in note uuid order; the index on
    // note_revision(note_id) finds each note's.
    SQLite::Statement q(other_, std::string("SELECT n.id, r.id, ") + kRevisionDigestColumns +
                                    " FROM note n JOIN note_revision r ON r.note_id = n.id ORDER BY n.uuid");
    Lookups lookups(other_);
    std::vector<NoteRecord> batch;
    NoteRecord note;
    std::vector<int64_t> revision_ids;  // of note.revisions, in the other file
    int64_t note_id = 0, seen = 0;
    auto finish = [&] {
      if (note.revisions.empty()) return;
      finish_note(lookups, note_id, note, revision_ids);
      batch.push_back(std::move(note));
      if (batch.size() == kBatchNotes) push(std::exchange(batch, {}));
    };
    while (q.executeStep()) {
      ++seen;
      if (q.getColumn(0).getInt64() != note_id) {
        finish();
        note = NoteRecord{};
        revision_ids.clear();
        note_id = q.getColumn(0).getInt64();
      }
      text_.text(q, 3, Field::kUuid);  // the note's, named in the refusal below
      std::string uuid = text_.text(q, 2, Field::kUuid);
      if (const auto it = known_.find(uuid); it != known_.end()) {
        if (it->second != revision_digest(q, 2)) {
          text_.refuse("note revision " + uuid + " of note " + q.getColumn(3).getString() +
                       " differs from the revision with that id here: one id cannot name two texts");
        }
        continue;
      }
      NoteRevision r;
      r.uuid = std::move(uuid);
      r.author = text_.text(q, 4, Field::kAuthor);
      r.created_at = text_.text(q, 5, Field::kTimestamp);
      r.motivation = text_.text(q, 6, Field::kMotivation);
      r.deleted = q.getColumn(7).getInt() != 0;
      r.body = text_.text(q, 8, Field::kNoteText);
      r.moved_to = text_.text(q, 10, Field::kNoteText);
      note.revisions.push_back(std::move(r));
      revision_ids.push_back(q.getColumn(1).getInt64());
    }
    finish();
    if (seen != other_.execAndGet("SELECT count(*) FROM note_revision").getInt64()) {
      text_.refuse("a note revision belongs to no note");
    }
    if (other_.execAndGet("SELECT count(*) FROM note n WHERE NOT EXISTS "
                          "(SELECT 1 FROM note_revision r WHERE r.note_id = n.id)").getInt64() > 0) {
      text_.refuse("a note has no revision");
    }
    if (!batch.empty()) push(std::move(batch));
  } catch (const Stopped&) {
  } catch (...) {
    const std::lock_guard lock(mutex_);
    error_ = std::current_exception();
  }
  const std::lock_guard lock(mutex_);
  done_ = true;
  changed_.notify_all();
}

// Fills in the note row of `note`, and its new revisions' parents and tags.
void IncomingNotes::finish_note(Lookups& lookups, int64_t id, NoteRecord& note,
                                const std::vector<int64_t>& revision_ids) {
  SQLite::Statement& q = lookups.note;
  q.reset();
  q.bind(1, id);
  if (!q.executeStep()) text_.refuse("a note revision belongs to no note");
  Note& n = note.note;
  n.uuid = text_.text(q, 0, Field::kUuid);
  try {
    n.target = parse_note_target(q.getColumn(1).getString());
  } catch (const InputError&) {
    text_.refuse("note " + n.uuid + " has an unknown target");
  }
  const auto local = edition_uuids_.find(q.getColumn(2).getString());
  if (local != edition_uuids_.end()) n.edition_uuid = local->second;
  note.passage_seq = q.getColumn(4).getInt64();
  n.address = q.getColumn(3).getString() + ":" + std::to_string(note.passage_seq);
  n.start = q.getColumn(5).getInt64();
  n.end = q.getColumn(6).getInt64();
  n.exact = text_.text(q, 7, Field::kQuote);
  n.prefix = text_.text(q, 8, Field::kQuote);
  n.suffix = text_.text(q, 9, Field::kQuote);
  n.target_uuid = text_.text(q, 10, Field::kUuid);
  n.orphaned = q.getColumn(11).getInt() != 0;
  n.created_at = text_.text(q, 12, Field::kTimestamp);
  n.target_link_uuid = text_.text(q, 13, Field::kUuid);
  n.target_key = text_.text(q, 14, Field::kQuote);
  if (!n.target_key.empty() && !is_sha256_hex(n.target_key)) text_.refuse("note " + n.uuid + " has a target key that is not a digest");
  try {
    n.field = parse_variant_field(q.getColumn(15).getString());
  } catch (const UsageError&) {
    text_.refuse("note " + n.uuid + " is on an unknown field of its passage");
  }
  n.region_page = text_.text(q, 16, Field::kPassageLabel);
  n.region = text_.text(q, 17, Field::kReference);
  if (n.region_page.empty() != n.region.empty() || (!n.region.empty() && n.target != NoteTarget::kPassage)) {
    text_.refuse("note " + n.uuid + " has half a region, or a region on a target other than a passage");
  }
  if (!n.region.empty()) {
    try {
      n.region = parse_region(n.region).text();
    } catch (const UsageError& e) {
      text_.refuse("note " + n.uuid + ": " + e.what());
    }
  }

  SQLite::Statement &parents = lookups.parents, &tags = lookups.tags;
  for (std::size_t i = 0; i < revision_ids.size(); ++i) {
    NoteRevision& r = note.revisions[i];
    parents.bind(1, revision_ids[i]);
    while (parents.executeStep()) {
      if (parents.getColumn(0).isNull()) text_.refuse("a note revision names a parent that is not there");
      r.parents.push_back(text_.text(parents, 0, Field::kUuid));
    }
    parents.reset();
    tags.bind(1, revision_ids[i]);
    while (tags.executeStep()) r.tags.push_back(text_.text(tags, 0, Field::kTag));
    tags.reset();
  }
}

}  // namespace jiaozhu::detail
