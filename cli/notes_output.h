// How notes are printed, as text and as JSON; shared by the note commands
// and by `show` and `parallel`, which print notes under their passages.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "listing_json.h"
#include "text_format.h"

namespace jiaozhu::cli {


// One note: a header line (id, where, tags, author, state) and its text.
void print_note(const Note& n, bool full_id);
void print_revision(const NoteRevision& r);
void print_notes(const std::vector<Note>& notes, bool json, const char* none);

// The marks that show notes' spans in a passage's text: ⟨words⟩ followed by
// the note's number [k], k counting from `first`.
std::vector<SpanMark> note_marks(const std::vector<std::pair<int64_t, int64_t>>& spans, std::size_t first);


// By passage address, for `passages`, which `where` (S, S:N or S:N-M) names.
std::map<std::string, NotesOf> notes_of(Database& db, const std::string& where, const std::vector<Passage>& passages);
// Spans to mark in `field` of the passage, in the order the notes are
// numbered: a note on another field is kNotMarked; one on the whole passage
// (or lost) marks the text's opening.
inline constexpr int64_t kNotMarked = -1;
std::vector<std::pair<int64_t, int64_t>> spans_of(const NotesOf& notes, VariantField field = VariantField::kText);
// The numbered list of notes printed under a passage.
void print_notes_under(const NotesOf& notes, const std::string& indent);

}  // namespace jiaozhu::cli
