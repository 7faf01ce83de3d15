// editions, show: reading what was imported.
#include <iostream>
#include <map>

#include "app.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/address.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "listing_json.h"
#include "notes_output.h"
#include "json_output.h"
#include "text_format.h"
#include "terminal_guard.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

void run_editions(const Globals& g, bool json) {
  Database db = g.open();
  const auto editions = EditionRepository(db).list();
  if (json) {
    print_json(editions_json(editions, EditionDatingRepository(db).current()));
    return;
  }
  if (editions.empty()) {
    std::cout << "no editions yet: add one with `jiaozhu import FILE --work NAME --siglum S`\n";
    return;
  }
  std::vector<std::vector<std::string>> rows{{"siglum", "work", "script", "passages", "characters", "title"}};
  for (const Edition& e : editions) {
    rows.push_back({e.siglum, e.work, std::string(to_string(e.script)), with_commas(e.passages),
                    with_commas(e.code_points), e.title});
  }
  print_table(rows, {3, 4});
}


// Prints one passage; its title and author only when they differ from the
// passage before (`previous`), so paragraphs of one poem are not re-headed.
void print_passage(const Passage& p, const Passage* previous, const NotesOf* notes) {
  const std::string address = format_address(p.siglum, p.seq);
  // Sections and pages are printed where they change, as a book shows them.
  if (!p.section.empty() && (!previous || previous->section != p.section)) {
    std::cout << "§ " << printable(format_section(p.section)) << '\n';
  }
  if (p.page && (!previous || previous->page != p.page)) std::cout << "[p. " << printable(*p.page) << "]\n";
  const bool same_heading = previous && previous->title == p.title && previous->author == p.author;
  if ((p.title || p.author) && !same_heading) {
    auto field_text = [&](const std::optional<std::string>& value, VariantField field) {
      if (!value) return std::string();
      return notes ? mark_spans(*value, note_marks(spans_of(*notes, field), 1)) : printable(*value);
    };
    std::cout << address << "  " << (p.title ? "《" + field_text(p.title, VariantField::kTitle) + "》" : "")
              << (p.author ? " " + field_text(p.author, VariantField::kAuthor) : "") << '\n';
  }
  // Continuation lines of a multi-line passage (a poem) line up under the text.
  const std::string indent(address.size() + 2, ' ');
  std::string text = notes ? mark_spans(p.text, note_marks(spans_of(*notes), 1)) : printable(p.text);
  for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1)) {
    text.insert(at + 1, indent);
  }
  std::cout << ((p.title || p.author) && !same_heading ? indent : address + "  ") << text << '\n';
  if (notes) print_notes_under(*notes, indent);
}

// The notes' spans on the base, moved to where the edited text has those words.
void map_into_edited(std::map<std::string, NotesOf>& notes, const std::vector<EditedPassage>& edited) {
  for (const EditedPassage& e : edited) {
    auto it = notes.find(format_address(e.passage.siglum, e.passage.seq));
    if (it == notes.end()) continue;
    for (Note& n : it->second.own) {
      if (n.target != NoteTarget::kSpan) continue;
      n.start = e.of(n.field).map(n.start);
      n.end = e.of(n.field).map(n.end);
    }
    for (MappedNote& m : it->second.mapped) {
      m.start = e.of(m.note.field).map(m.start);
      m.end = e.of(m.note.field).map(m.end);
    }
  }
}

void run_show(const Globals& g, const std::string& where, const std::string& section, bool json, bool edited) {
  Database db = g.open();
  auto passages = PassageRepository(db).get(parse_address(where), section);
  auto notes = notes_of(db, where, passages);
  if (edited) {
    const std::vector<EditedPassage> e = edited_passages(db, std::move(passages));
    map_into_edited(notes, e);
    passages.clear();
    for (const EditedPassage& p : e) passages.push_back(p.passage);
  }
  auto find = [&](const Passage& p) {
    auto it = notes.find(format_address(p.siglum, p.seq));
    return it == notes.end() ? nullptr : &it->second;
  };
  if (!json) {
    for (std::size_t i = 0; i < passages.size(); ++i) print_passage(passages[i], i ? &passages[i - 1] : nullptr, find(passages[i]));
    return;
  }
  print_json(passages_json(passages, notes));
}

}  // namespace

void add_browse_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "editions", "List the editions with their work, script and size", [&g](CLI::App* editions) {
    auto json = std::make_shared<bool>(false);
    add_json_flag(editions, g, *json, "Print as JSON");
    editions->callback([&g, json] { run_editions(g, *json); });
  });

  add_command(app, g, "show", "Print passages: S (a whole edition), S:N or S:N-M", [&g](CLI::App* show) {
    struct ShowArgs {
      std::string where, section;
      bool json = false, edited = false;
    };
    auto args = std::make_shared<ShowArgs>();
    show->add_option("ADDRESS", args->where, "An edition's siglum, or a passage or range of it")->required();
    show->add_option("--section", args->section, "Only the passages under the section with this heading (梁惠王上)");
    show->add_flag("--edited", args->edited,
                   "The edited text (定本): the readings the editor adopted or emended (`decide`) put in");
    add_json_flag(show, g, args->json, "Print as JSON, one object per passage");
    show->callback([&g, args] { run_show(g, args->where, args->section, args->json, args->edited); });
  });
}

}  // namespace jiaozhu::cli
