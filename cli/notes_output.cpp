#include "notes_output.h"

#include "json_output.h"

#include "listing_json.h"

#include <iostream>

namespace jiaozhu::cli {
namespace {


std::string where(const Note& n) {
  switch (n.target) {
    case NoteTarget::kSpan:
      return n.address + (n.field == VariantField::kText ? "" : " " + std::string(to_string(n.field))) + " [" + std::to_string(n.start) + "," + std::to_string(n.end) + ") 「" + one_line(n.exact) + "」";
    case NoteTarget::kPassage:
      return n.region.empty() ? n.address : n.address + " (page " + n.region_page + ", region " + n.region + ")";
    default: return std::string(to_string(n.target)) + " " + n.target_label;
  }
}

std::string tags_text(const std::vector<std::string>& tags) {
  std::string out;
  for (const std::string& t : tags) out += " #" + t;
  return out;
}

}  // namespace



void print_note(const Note& n, bool full_id) {
  const std::string state = note_state(n);
  std::cout << (full_id ? n.uuid : n.uuid.substr(0, 8)) << "  " << printable(where(n)) << printable(tags_text(n.current.tags))
            << "  " << printable(n.current.author) << "  " << n.current.created_at.substr(0, 10)
            << (state == "live" ? "" : "  (" + state + ")") << '\n';
  const auto& shown = n.conflict() ? n.heads : std::vector<NoteRevision>{n.current};
  for (const NoteRevision& r : shown) {
    std::string body = printable(r.body);
    for (std::size_t at = body.find('\n'); at != std::string::npos; at = body.find('\n', at + 1)) body.insert(at + 1, "    ");
    std::cout << "    " << (n.conflict() ? r.uuid.substr(0, 8) + ": " : "") << body << '\n';
  }
}

void print_revision(const NoteRevision& r) {
  std::string parents;
  for (const std::string& p : r.parents) parents += (parents.empty() ? " after " : ", ") + p.substr(0, 8);
  std::cout << "  " << r.uuid.substr(0, 8) << "  " << r.created_at << "  " << printable(r.author) << parents
            << (r.deleted ? "  (removed)" : "") << printable(tags_text(r.tags)) << '\n'
            << "    " << printable(r.body) << '\n';
}

void print_notes(const std::vector<Note>& notes, bool json, const char* none) {
  if (json) {
    print_json(notes_list_json(notes));
    return;
  }
  if (notes.empty()) {
    std::cout << none << '\n';
    return;
  }
  for (const Note& n : notes) print_note(n, false);
}

std::vector<SpanMark> note_marks(const std::vector<std::pair<int64_t, int64_t>>& spans, std::size_t first) {
  std::vector<SpanMark> out;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (spans[i].first == kNotMarked) continue;
    out.push_back({spans[i].first, spans[i].second, "⟨", "⟩[" + std::to_string(first + i) + "]"});
  }
  return out;
}

std::map<std::string, NotesOf> notes_of(Database& db, const std::string& where, const std::vector<Passage>& passages) {
  std::map<std::string, NotesOf> out;
  NoteRepository repo(db);
  NoteFilter f;
  f.address = where;
  for (Note& n : repo.list(f)) out[n.address].own.push_back(std::move(n));
  if (passages.size() <= kMaxPassagesWithMappedNotes) {
    for (const Passage& p : passages) {
      const std::string address = format_address(p.siglum, p.seq);
      out[address].mapped = repo.mapped_onto(address);
    }
  }
  return out;
}

std::vector<std::pair<int64_t, int64_t>> spans_of(const NotesOf& notes, VariantField field) {
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (const Note& n : notes.own) {
    const bool span = n.target == NoteTarget::kSpan && !n.orphaned;
    if (span && n.field == field) spans.emplace_back(n.start, n.end);
    else if (field == VariantField::kText && (!span || n.field == field)) spans.emplace_back(0, 0);  // at the opening
    else spans.emplace_back(kNotMarked, kNotMarked);
  }
  for (const MappedNote& m : notes.mapped) {
    if (m.note.field == field) spans.emplace_back(m.start, m.end);
    else spans.emplace_back(kNotMarked, kNotMarked);
  }
  return spans;
}

void print_notes_under(const NotesOf& notes, const std::string& indent) {
  std::size_t k = 1;
  for (const Note& n : notes.own) {
    std::cout << indent << "[" << k++ << "] " << n.uuid.substr(0, 8) << ' ' << printable(n.current.author) << ": "
              << printable(n.current.body) << '\n';
  }
  for (const MappedNote& m : notes.mapped) {
    std::cout << indent << "[" << k++ << "] " << m.note.uuid.substr(0, 8) << " (on " << m.note.address << " 「"
              << printable(one_line(m.note.exact)) << "」) " << printable(m.note.current.author) << ": "
              << printable(m.note.current.body) << '\n';
  }
}


}  // namespace jiaozhu::cli
