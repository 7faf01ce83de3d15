// What two copies edited apart and a scholar must decide: notes with
// several heads, characters and aliases whose fields were set apart, a
// passage that two links join to one other edition (each copy linked it
// elsewhere), apparatus places two editors decided differently, and
// passages corrected apart to different texts. `merge` and `sync` exit 1
// while any remain.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jiaozhu/corrections.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/people.h"

namespace jiaozhu {

class Database;

// Passage `passage` belongs to every link in `links` (uuid, then its
// passages as S:N), all of them with passages of one other edition; `link rm`
// on all but one ends it.
struct LinkConflict {
  std::string passage;
  std::vector<std::pair<std::string, std::vector<std::string>>> links;
};

// Edition `siglum` was replaced in two copies from one text: it shows the
// newest text; each other text is a rival edition beside it (its siglum, or
// empty while its text is in another copy only).
struct EditionConflict {
  std::string siglum;
  std::vector<std::string> rivals;
};

struct Conflicts {
  std::vector<Note> notes;                // `note resolve`
  std::vector<RecordConflict> records;     // `character edit`, `alias edit`
  std::vector<LinkConflict> links;        // `link rm`
  std::vector<EditionConflict> editions;  // `edition resolve`
  std::vector<PlaceDecision> decisions;   // `decide` again
  std::vector<PassageConflict> passages;  // `passage set` again
  std::size_t size() const {
    return notes.size() + records.size() + links.size() + editions.size() + decisions.size() + passages.size();
  }
};

// Reads only; the listing is in a stable order. Throws DatabaseError when
// the file cannot be read.
Conflicts list_conflicts(Database& db);
// list_conflicts(db).size() without loading what is listed: what merge
// reports after every merge (a merge of busy copies leaves thousands).
int64_t count_conflicts(Database& db);

// Ends edition `siglum`'s conflict: the text of `keep` (the edition itself
// or one of its rival editions) becomes its text in every copy, as a choice
// that merge carries; the rival editions go, notes on them moving to the
// edition and placed again by their quotes. One transaction. Throws
// NotFound for an unknown siglum, UsageError when `keep` is neither the
// edition nor a rival of it, ConflictError when there is no conflict. The
// choice is recorded as made by `author`.
void resolve_edition(Database& db, const std::string& siglum, const std::string& keep, const std::string& author);

}  // namespace jiaozhu
