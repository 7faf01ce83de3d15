// The note tables (note, note_revision, note_revision_parent, note_tag,
// note_fts) at row level, shared by the note commands, the W3C importer and
// merge. Every method expects the caller to hold the write transaction when
// it writes.
//
// Invariants kept here and verified by `check`:
//   * revisions are only appended; a revision's parents are revisions of the
//     same note stored before it;
//   * note_revision.head = 1 exactly for the revisions no revision names as
//     parent;
//   * note_fts holds exactly the bodies of head revisions not deleted, under
//     the revision's id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/notes.h"

namespace SQLite {
class Statement;
}

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// A note's identity and target, with its history: what travels between
// copies of a database. Anchors name the edition by uuid and the passage by
// number, never by local id.
struct NoteRecord {
  Note note;                            // current, heads and label are not read
  int64_t passage_seq = 0;              // span and passage targets
  // Read from another tool: the target's source is a web page or file (its
  // URL), not a jiaozhu edition; the quote is yet to be placed in the
  // edition it is mapped to (NotesImportOptions).
  std::string external_source;
  // The caller looked for the quote in the whole edition and found no
  // place: insert() stores the note orphaned without looking again.
  bool unplaceable = false;
  std::vector<NoteRevision> revisions;  // any order; parents within the list or already stored
};

struct AbsorbResult {
  int64_t note_id = 0;  // local id
  bool note_added = false;
  int64_t revisions_added = 0;
};

// What absorb may assume of a record's revisions.
enum class Revisions {
  kMaybeStored,  // some may be here already (an import, a second merge)
  kAllNew,       // none is here: the caller filtered them by uuid
};

class NoteStore {
 public:
  explicit NoteStore(Database& db) : db_(db) {}

  std::optional<int64_t> find(const std::string& uuid) const;
  // The local id of the note whose uuid starts with `prefix` (lower case).
  // Throws NotFound, or UsageError naming the candidates when several match.
  int64_t resolve_prefix(const std::string& prefix) const;

  // Inserts the note's row, its anchor placed in this copy's text of the
  // edition (by offsets when the quote is still there, else by the quote,
  // else orphaned). Throws NotFound when the edition is not in this copy.
  int64_t insert(const NoteRecord& record);

  // Appends revision `r` to note `note_id`: it becomes a head, its parents
  // stop being heads. Throws ConflictError when a parent is not a stored
  // revision of that note.
  void append(int64_t note_id, const NoteRevision& r);

  // Adds the note if new and every revision not yet stored, parents first;
  // when one of them moved the note, places it where the newest move says.
  // Adding what is already there changes nothing, so absorbing is
  // idempotent and its result does not depend on order. kAllNew skips the
  // lookup of each revision; a stored one would then break its uuid's
  // uniqueness and throw. Throws ConflictError for a record without
  // revisions, and (kMaybeStored) for a revision whose uuid is stored here
  // under another note or with other content; InputError when the
  // revisions repeat a uuid or form a cycle.
  AbsorbResult absorb(const NoteRecord& record, Revisions revisions = Revisions::kMaybeStored);

  bool has_revision(const std::string& uuid) const;
  // Throws ConflictError when the revision stored under `r.uuid` is not
  // `r` (same note, author, time, motivation, body, state and tags).
  void require_same_stored(int64_t note_id, const std::string& note_uuid, const NoteRevision& r) const;
  // Every revision, ordered by time then uuid (the same order in every copy).
  std::vector<NoteRevision> revisions(int64_t note_id) const;
  std::vector<NoteRevision> heads(int64_t note_id) const;
  // How many heads: more than one means the note is in conflict.
  int64_t head_count(int64_t note_id) const;
  // How many notes are in conflict.
  int64_t conflict_count() const;

  // The note row as a NoteRecord without revisions.
  NoteRecord read(int64_t note_id) const;
  // Every note's id, in a stable order (edition, passage, span, uuid).
  // Every note (the removed too with `include_removed`), by edition,
  // passage and place.
  std::vector<int64_t> ids(bool include_removed) const;

  // Gives the note the target of `target` (its note's target fields and
  // passage_seq), placed in this copy's text; orphaned, keeping its place,
  // when the target's edition is not here.
  void retarget(int64_t note_id, const NoteRecord& target);
  // Places the note where the newest revision that moved it says
  // (NoteRevision::moved_to); false when none did. Throws InputError for a
  // move that is not a target.
  bool apply_moves(int64_t note_id);

  // Moves a span or passage anchor, or marks it orphaned (seq kept as the
  // last place known).
  void place(int64_t note_id, int64_t passage_seq, int64_t start, int64_t end, bool orphaned);

  // Gives each note on a variant that lacks target_link_uuid (made before
  // schema 6, or read from a file without it) its variant's link, when this
  // copy holds the variant. Returns how many were filled in.
  int64_t link_variant_notes();

  // Re-indexes every live head body (after the folding table changed).
  void reindex();

  // Moves the notes of edition `from` to edition `to` (a rival text
  // dropped: its notes are placed again in the edition by their quotes).
  void move_edition_notes(int64_t from, int64_t to);

  // Points the notes on character `from` at character `to` (merged into it).
  void move_character_notes(const std::string& from_uuid, const std::string& to_uuid);
  // Faults of the invariants above; empty when sound.
  std::vector<std::string> faults() const;

  // For a batch (import-notes, merge): revisions appended from now on are
  // indexed for search by one statement in finish_indexing() instead of one
  // FTS5 insert each, which was a quarter of a large merge. Until then
  // note_fts lacks them; the caller finishes in the same transaction.
  void defer_indexing();
  void finish_indexing();

 private:
  // Where a note's target stands in this copy: the columns insert() and
  // retarget() write beside the target's own fields.
  struct Placement {
    std::optional<int64_t> edition_id;
    int64_t seq = 0, start = 0, end = 0;
    bool orphaned = false;
    std::string opening;             // a passage note's
    std::optional<std::string> key;  // a link or variant note's
  };
  Placement placement(const NoteRecord& record) const;
  void index_faults(std::vector<std::string>& out) const;
  static void bind_target(SQLite::Statement& q, int first, const Note& n, const Placement& p);

  Database& db_;
  std::optional<int64_t> deferred_after_;  // the newest revision id when deferring began
};

// A revision's content, all but its uuid and parents, as one string: two
// revisions of one uuid must have the same, whether compared here (import)
// or as a digest of rows (merge). `tags` sorted and joined by U+001F.
std::string revision_content(std::string_view author, std::string_view created_at, std::string_view motivation,
                             bool deleted, std::string_view body, std::string_view tags, std::string_view moved_to);
std::string revision_content(const NoteRevision& r);

NoteTarget parse_note_target(std::string_view name);

// A revision's tags as stored: sorted, each once.
std::vector<std::string> sorted_tags(std::vector<std::string> tags);

// The head shown for a note: the newest (by time, then uuid), so that every
// copy holding the same revisions shows the same one. `heads` is not empty.
const NoteRevision& newest_head(const std::vector<NoteRevision>& heads);

}  // namespace jiaozhu::detail
