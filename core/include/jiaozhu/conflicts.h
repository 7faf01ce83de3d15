// What two copies edited apart and a scholar must decide: notes with
// several heads, characters and aliases whose fields were set apart, and a
// passage that two links join to one other edition (each copy linked it
// elsewhere). `merge` and `sync` exit 1 while any remain.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

struct Conflicts {
  std::vector<Note> notes;             // `note resolve`
  std::vector<RecordConflict> records;  // `character edit`, `alias edit`
  std::vector<LinkConflict> links;     // `link rm`
  std::size_t size() const { return notes.size() + records.size() + links.size(); }
};

// Reads only; the listing is in a stable order.
Conflicts list_conflicts(Database& db);

}  // namespace jiaozhu
