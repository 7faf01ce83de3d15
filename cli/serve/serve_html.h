// The HTML pieces the pages of `jiaozhu serve` share: the page frame, a
// passage's text with its notes, persons and variants marked, and the
// lists beside it. Every text from the database goes through html_escape.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jiaozhu/collation.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/people.h"
#include "notes_output.h"

namespace jiaozhu::cli {

// A whole page: the navigation, `title` as its heading (unless the body
// brings its own, as the apparatus does), `body`, the selection form and
// the built-in script. `stylesheets` are asset paths linked after app.css,
// `scripts` after app.js.
std::string page_html(const std::string& title, const std::string& body, const std::vector<std::string>& stylesheets = {},
                      const std::vector<std::string>& scripts = {}, bool body_has_heading = false);

// A passage's text, cut wherever a mark begins or ends; each stretch is one
// element carrying the classes and data attributes of every mark over it:
// notes (data-notes: their numbers in the list beside), persons
// (data-person: the name), variants (data-variants: their uuids, classes
// v-CLASS and k-KIND). An addition (start == end) is an empty marker before
// the character at start, drawn by the stylesheet, so that it never enters
// the text a reader selects.
class MarkedText {
 public:
  explicit MarkedText(const std::string& text);
  void note(int64_t start, int64_t end, std::size_t number, bool mapped);
  void person(int64_t start, int64_t end, const std::string& name);
  void variant(int64_t start, int64_t end, const Variant& v, const std::string& reading);
  // The words a parallel in another passage names (`/read/S:N?span=A-B`).
  void quoted(int64_t start, int64_t end);
  std::string html() const;

 private:
  struct Cover {
    std::set<std::size_t> notes;
    bool mapped = false;
    std::string person;
    std::vector<std::size_t> variants;
    bool quoted = false;
    bool operator==(const Cover&) const = default;
  };
  struct VariantMark {
    std::string uuid, css, title;
  };
  std::string element(const Cover& c, const std::string& inner) const;

  std::u32string text_;
  std::vector<Cover> cover_;
  std::vector<VariantMark> variants_;
  std::multimap<int64_t, std::size_t> points_;  // additions, by the offset they stand before
};

// What stands beside a passage in the reading and parallel views.
struct PassageMarks {
  const NotesOf* notes = nullptr;
  std::vector<const Mention*> mentions;
  std::vector<const Variant*> variants;  // v.a in this passage, or v.b when `on_b`
  bool on_b = false;
  std::optional<std::pair<int64_t, int64_t>> quoted;  // [start, end) of the text a parallel opened it on
};

// The passage as an <article>: its address (a link to the parallel view),
// page, title, marked text, and beside it its notes (with their actions)
// and its variants (with the kind setter).
std::string passage_html(const Passage& p, const PassageMarks& marks);

// The page image panel beside the passages `addresses` (S:N) of edition
// `siglum`: the image of the first one's page, with what facsimile.js needs
// to follow the reader (each passage's page image) and the region notes
// among `notes`; empty html when none of them has an image. `origins` are
// the hosts of the web images it shows, for the page's Content-Security-Policy.
struct FacsimilePanel {
  std::string html;
  std::vector<std::string> origins;
};
FacsimilePanel facsimile_panel(Database& db, const std::string& siglum, const std::vector<std::string>& addresses,
                               const std::map<std::string, NotesOf>& notes);

// One note as a list item with its actions (edit, remove or restore,
// history) and, in conflict, every version with "keep this".
std::string note_item_html(const Note& n, const std::string& where);

// The variants of a passage as a list, each with its class, kind and,
// where a kind may be set, a chooser.
std::string variants_list_html(const std::vector<const Variant*>& variants, bool on_b);

}  // namespace jiaozhu::cli
