// Merging two characters, with the notes on them following.
#include "jiaozhu/workflow.h"
#include "notes/note_store.h"

namespace jiaozhu {

Person merge_persons(Database& db, const std::string& into, const std::string& from, const std::string& author) {
  return PersonRepository(db, author).merge(into, from, [](Database& d, const std::string& from_uuid, const std::string& to_uuid) {
    detail::NoteStore(d).move_character_notes(from_uuid, to_uuid);
  });
}

}  // namespace jiaozhu
