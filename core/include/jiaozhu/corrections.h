// Corrections of a transcription, passage by passage: a scholar who checks
// a passage against the printed book sets its text again, with a reason
// ("據原書卷三頁十二"). Each correction is a revision of the passage with its
// author and time; `passage log` lists them, `passage restore` goes back to
// one (as a new revision).
//
// A correction collates again only what it changed: the links holding the
// passage keep their ids and get their variants found again; every other
// link and variant stays as it is. The passage's search index rows, the
// persons' mentions in it and the notes on it (placed again by their quotes;
// one whose words are gone is kept, orphaned) follow; kinds set by hand and
// the editor's decisions on places the correction did not touch move with
// their words.
//
// Two copies that corrected one passage apart leave two heads; different
// texts are a conflict (`conflicts`), settled by correcting the passage
// again. The same text corrected twice is no conflict. Each call that
// writes runs in one transaction of its own; DatabaseError when the file
// cannot be read or written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/passage.h"

namespace jiaozhu {

class Database;

struct PassageRevision {
  std::string uuid;
  std::string text;
  std::string reason;   // empty: none given
  std::string author;   // "Name <mail>"
  std::string made_at;  // UTC, milliseconds
  std::vector<std::string> parents;  // uuids, sorted
  bool imported = false;  // the passage as its edition was imported: the first revision
};

// A passage's revisions, oldest first, and which of them are heads.
struct PassageHistory {
  std::string address;  // S:N
  std::vector<PassageRevision> revisions;  // empty: never corrected
  std::vector<std::string> heads;          // uuids, the shown one first
  bool conflict = false;                   // heads with different texts
};

// What a correction did.
struct CorrectionReport {
  std::string address;
  bool written = false;           // false: the text was the same (up to white space)
  std::string revision;           // the revision written
  int64_t links_recollated = 0;   // links whose variants were found again
  int64_t links_made = 0;         // links it had none of, made now that it says the same as another
  int64_t notes_orphaned = 0;     // notes on it whose words are gone (kept)
  int64_t kinds_carried = 0;      // kinds set by hand moved with their variants
  int64_t places_carried = 0;     // decided places moved with their words
};

// A passage corrected apart in two copies, its heads differing.
struct PassageConflict {
  std::string address;
  std::vector<PassageRevision> heads;  // the shown one first
};

// Holds `db` by reference: the Database must outlive it, and, like the
// Database, it is used by one thread at a time.
class CorrectionRepository {
 public:
  explicit CorrectionRepository(Database& db) : db_(db) {}

  // The revisions of passage `address` (S:N). Throws NotFound for an unknown
  // siglum or passage, UsageError for an address of several passages.
  PassageHistory history(const std::string& address) const;

  // Sets the text of passage `address` to `text` as `author`, with `reason`
  // (may be empty). Text that differs from the shown one only in white
  // space writes nothing (written = false), unless the passage is in
  // conflict: then it settles it. Throws UsageError when `text` breaks the
  // passage field rules (empty, too long, not UTF-8) and NoAuthor for an
  // empty `author`, NotFound and UsageError as history().
  CorrectionReport correct(const std::string& address, const std::string& text, const std::string& reason,
                           const std::string& author);

  // Writes the text of revision `revision` (a uuid or a prefix of at least
  // 4 characters) again, as a new revision. Throws NotFound when the
  // passage has no such revision, UsageError when the prefix is ambiguous.
  CorrectionReport restore(const std::string& address, const std::string& revision, const std::string& reason,
                           const std::string& author);

  // Passages corrected apart in two copies with different texts.
  std::vector<PassageConflict> conflicts() const;

 private:
  Database& db_;
};

// What correct_passages did.
struct CorrectionSummary {
  int64_t passages = 0;  // passages corrected
  int64_t links_recollated = 0;
  int64_t links_made = 0;
  int64_t notes_orphaned = 0;
};
// Corrects passages of edition `edition_id` to the texts given, as
// `author` with `reason`, in the caller's write transaction (what import
// --replace does when the passages are the same in number). A text that is
// the passage's own, up to white space, is left alone. The caller has
// checked the texts against the passage field rules.
CorrectionSummary correct_passages(Database& db, int64_t edition_id, const std::vector<PassageCorrection>& corrections,
                                   const std::string& reason, const std::string& author);

// Why the revisions disagree with the passages (as sentences), for `check`:
// a revision whose uuid does not derive from its content, a parent of
// another passage, a corrected passage of an edition's current version
// that does not show its newest head. Empty when they agree.
std::vector<std::string> correction_faults(Database& db);

// The texts as edition `edition_id`'s version had them: passage seq ->
// text, for the passages corrected since (their first revision). What
// `check` hashes in their stead to verify the edition's content hash.
std::vector<std::pair<int64_t, std::string>> imported_texts(Database& db, int64_t edition_id);

}  // namespace jiaozhu
