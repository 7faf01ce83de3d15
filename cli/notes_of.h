// The notes a passage is shown with, in listings, the parallel view and the
// reading room.
#pragma once

#include <cstddef>
#include <vector>

#include "jiaozhu/notes.h"

namespace jiaozhu::cli {

// The notes shown with passages: their own, and those of linked passages in
// other editions, mapped through the alignment (only when at most
// kMaxPassagesWithMappedNotes passages are shown: mapping costs a diff each).
inline constexpr std::size_t kMaxPassagesWithMappedNotes = 50;

struct NotesOf {
  std::vector<Note> own;
  std::vector<MappedNote> mapped;
};

}  // namespace jiaozhu::cli
