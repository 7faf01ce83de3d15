// How notes are printed, as text and as JSON; shared by the note commands
// and by `show` and `parallel`, which print notes under their passages.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jiaozhu/notes.h"
#include "output.h"

namespace jiaozhu::cli {

nlohmann::ordered_json note_json(const Note& n);
nlohmann::ordered_json revision_json(const NoteRevision& r);

// One note: a header line (id, where, tags, author, state) and its text.
void print_note(const Note& n, bool full_id);
void print_revision(const NoteRevision& r);
void print_notes(const std::vector<Note>& notes, bool json, const char* none);

// The marks that show notes' spans in a passage's text: ⟨words⟩ followed by
// the note's number [k], k counting from `first`.
std::vector<SpanMark> note_marks(const std::vector<std::pair<int64_t, int64_t>>& spans, std::size_t first);

}  // namespace jiaozhu::cli
