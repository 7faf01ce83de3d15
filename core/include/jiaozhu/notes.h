// Annotations: notes anchored on a span of a passage (or a whole passage, a
// link, a variant, a character), with tags, a W3C motivation, an author, and
// their full history.
//
// History is a graph of immutable revisions: every change writes a new
// revision whose parents are the revisions it replaces; nothing is updated in
// place or deleted (`rm` writes a revision marked deleted). A note's heads are
// its revisions no other revision names as parent. One head is the normal
// case; two or more mean concurrent edits met in a merge: the note is in
// conflict until `resolve` writes a revision with all of them as parents.
//
// A span target is stored as code-point offsets into the passage's text (or
// its title or author line, for a note on those words) plus
// a W3C TextQuoteSelector (the exact text, up to 32 code points of prefix and
// suffix), so the anchor can be found again when the text changes. A note
// whose anchor cannot be found is kept and marked orphaned.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/collation.h"

namespace jiaozhu {

class Database;

enum class NoteTarget { kSpan, kPassage, kLink, kVariant, kPerson };  // kPerson: "character" in files and on the command line
std::string_view to_string(NoteTarget t);

// The W3C Web Annotation motivations a note may carry ("correcting" is
// exported as W3C's "editing"), in the order forms offer them.
inline constexpr const char* kMotivations[] = {"commenting", "correcting", "identifying", "linking", "questioning", "tagging"};
// Throws UsageError naming `m` when it is not one of kMotivations.
void check_motivation(const std::string& m);
inline constexpr const char* kDefaultMotivation = "commenting";

struct NoteRevision {
  std::string uuid;
  std::vector<std::string> parents;  // uuids; empty for the first revision
  std::string author;
  std::string created_at;  // UTC, ISO 8601 with milliseconds
  std::string motivation;
  std::string body;
  std::vector<std::string> tags;  // sorted
  bool deleted = false;
  // Set when this revision moved the note to another target (`note move`):
  // where to, as JSON (see NoteRepository::move). The newest revision that
  // moved a note says where it is, in every copy.
  std::string moved_to;
};

struct Note {
  std::string uuid;
  NoteTarget target = NoteTarget::kPassage;
  std::string edition_uuid;  // span and passage targets
  std::string address;       // S:N, span and passage targets
  VariantField field = VariantField::kText;  // span targets: the passage's text, title or author
  int64_t start = 0, end = 0;                // span targets: [start, end) in code points of that field
  std::string exact, prefix, suffix;         // span targets: the quote selector;
                                             // passage targets: exact is the passage's opening
  std::string target_uuid;   // link, variant, character targets
  std::string target_link_uuid;  // variant targets: the variant's link, where it is looked for (may be empty)
  std::string target_key;        // link and variant targets: what they joined and read (may be empty)
  std::string target_label;  // what the target is, for people: the character's name, a variant's readings
  // Passage targets on a region of a page's image (facsimile.h): the page and
  // "X,Y,W,H" in pixels of its full image; both empty for any other note.
  std::string region_page, region;
  bool orphaned = false;     // the quote is no longer in the passage, or the link, variant or character is gone
  std::string created_at;
  NoteRevision current;                // the head shown; the newest when in conflict
  std::vector<NoteRevision> heads;     // more than one: in conflict
  bool conflict() const { return heads.size() > 1; }
};

// A note as it is asked for: where and what.
struct NoteRequest {
  NoteTarget target = NoteTarget::kPassage;
  std::string address;                   // S:N for span and passage targets
  VariantField field = VariantField::kText;  // span targets: in the text, the title or the author line
  std::optional<std::string> quote;      // the span by its text...
  int64_t nth = 0;                       // ...its K-th occurrence (1-based) when it occurs more than once
  std::optional<int64_t> start, end;     // ...or by offsets
  std::string target_ref;                // a variant's uuid (prefix) or a character's name
  // Passage targets: a region "X,Y,W,H" of the image of one of the
  // passage's pages (`region_page`, else the first of its pages with an image).
  std::optional<std::string> region;
  std::string region_page;
  std::string body;
  std::vector<std::string> tags;
  std::string motivation = kDefaultMotivation;
  std::string author;
};

struct NoteChange {
  std::optional<std::string> body;
  std::vector<std::string> add_tags, remove_tags;
  std::optional<std::string> motivation;
  std::string author;
};

struct NoteFilter {
  std::optional<std::string> address;  // S or S:N
  std::optional<std::string> tag;
  std::optional<std::string> author;   // matches any revision's author, case-insensitively, as a substring
  bool orphaned_only = false;
  bool include_deleted = false;
};

// A note of another edition shown on a passage: its span mapped through the
// alignment onto this passage.
struct MappedNote {
  Note note;
  std::string address;  // the passage it is shown on
  int64_t start = 0, end = 0;
};

// Notes, their revisions and tags. Each call that writes runs in one
// transaction of its own, under the write lock; reads run in the caller's
// transaction when there is one. `id` is a note's uuid or a prefix of at
// least 4 characters of it, any case: UsageError when shorter or ambiguous
// (listing the candidates), NotFound when no note has it.
// Holds `db` by reference: the Database must outlive it, and, like the
// Database, it is used by one thread at a time. Any call may also throw
// DatabaseError naming the file when SQLite cannot read or write it
// (database.h); the errors each call names are the others.
class NoteRepository {
 public:
  explicit NoteRepository(Database& db) : db_(db) {}

  // Adds a note. Throws UsageError for a request without author, body or
  // with a bad motivation; NotFound for an unknown passage, variant or
  // character; InputError when the quote is not in the passage (naming the
  // closest readings there) or occurs several times without `nth`.
  Note add(const NoteRequest& request);

  // `id` is a note uuid or a unique prefix of one (at least 4 characters);
  // throws NotFound, or UsageError listing the candidates when ambiguous.
  Note get(const std::string& id) const;
  // Every revision of the note, oldest first.
  std::vector<NoteRevision> history(const std::string& id) const;

  Note edit(const std::string& id, const NoteChange& change);
  Note remove(const std::string& id, const std::string& author);
  Note restore(const std::string& id, const std::string& author);
  // Ends a conflict: a revision whose parents are all the heads, taking the
  // body and tags of revision `take` (a uuid prefix), or `body`.
  Note resolve(const std::string& id, const std::optional<std::string>& take, const std::optional<std::string>& body,
               const std::string& author);

  // Re-targets the note by hand to what `to` names (its target, address,
  // quote or target_ref, as for add), as a revision that records the new
  // target (NoteRevision::moved_to), so that every copy places it there.
  // Throws as add does, and ConflictError for a note in conflict.
  Note move(const std::string& id, const NoteRequest& to, const std::string& author);

  std::vector<Note> list(const NoteFilter& filter) const;
  std::vector<Note> conflicts() const;
  // Live notes whose current body matches `query` (the search query
  // language, same folding as passages), best first.
  std::vector<Note> search(const std::string& query, int64_t limit) const;

  // The notes of passages linked to `address` (other editions), their spans
  // mapped onto it through the alignment.
  std::vector<MappedNote> mapped_onto(const std::string& address) const;

 private:
  Database& db_;
};

}  // namespace jiaozhu
