// The critical apparatus: a base text (底本) and, at every place where any
// other witness differs from it, which witnesses read what. Built on the
// pairwise collation, each witness against the base (star alignment: 對校
// against the 底本), and written as JSON, a 校勘記 in text, CSV, TEI P5
// (parallel segmentation) or one self-contained HTML page.
//
// Offsets are code points into the base passage's stored text.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/collation.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/variant_kind.h"

namespace jiaozhu {

class Database;

// The classes an apparatus records unless asked otherwise: the readings, not
// the orthography. Variant forms (glyph) are left out as 校勘 practice
// leaves 異體字 out (異體字不出校); script, punctuation and passage breaks
// too. `--class` names others.
std::vector<VariantClass> default_apparatus_classes();

struct ApparatusRequest {
  std::string base;                     // siglum of the base text
  std::vector<std::string> witnesses;   // sigla, in the order they are cited
  std::optional<std::string> passages;  // S:N or S:N-M of the base: only those
  std::vector<VariantClass> classes;    // empty: default_apparatus_classes()
  bool witness_texts = false;           // fill ApparatusPassage::witness_texts (the HTML page's)
  bool undecided_only = false;          // only the places no decision or policy decides, and those in conflict
};

// What a reading does to the lemma.
enum class ReadingKind {
  kSubstitution,  // other text in its place (a transposition too: 乙 is #20's)
  kOmission,      // nothing in its place (脫)
  kAddition,      // text where the base has none (衍), the lemma empty
  kLacuna,        // the witness lacks the whole passage
};
std::string_view to_string(ReadingKind k);

struct ApparatusReading {
  std::string text;                    // as its first witness writes it; empty for an omission or lacuna
  std::vector<std::string> witnesses;  // sigla, in request order
  VariantClass variant_class = VariantClass::kSubstantive;  // the weightiest of its witnesses' variants
  ReadingKind kind = ReadingKind::kSubstitution;
  // The 校勘 kind (variant_kind.h) of its first witness's variants there,
  // when they agree on one; nothing for other classes or a lacuna.
  std::optional<VariantKind> cause;
  std::string cause_evidence;
};

// One place of the base. Readings that differ only in what folding ignores
// (皇太极, 皇太極) are one reading. Witnesses not named in lemma_witnesses
// or a reading lack the passage (a kLacuna reading names them).
struct ApparatusEntry {
  int64_t number = 0;     // 1-based, through the whole apparatus
  VariantField field = VariantField::kText;  // the title and author are collated as the text is
  int64_t start = 0;      // [start, end) in that field of the base passage; start == end:
  int64_t end = 0;        //   an addition before the character at start
  std::string lemma;      // the base's text there
  std::vector<std::string> lemma_witnesses;  // witnesses that agree with the base, in request order
  std::vector<ApparatusReading> readings;
  // The editor's judgement (decisions.h): the place's id, the decision on
  // it (an undone one is none), else the policy that decides it, and
  // whether two copies decided it differently (`decision` is the newest).
  std::string id;
  std::optional<Decision> decision;
  std::optional<Policy> policy;
  bool in_conflict = false;
  // The base's words here are supplied (a note tagged "supplied": [夷] in
  // the source), not the base witness's own: the 校勘記 says so.
  bool supplied = false;
  // What holds here: the decision's action, else the policy's; nothing: undecided.
  std::optional<DecisionAction> action() const;
  // 不出校: left out of the 校勘記, the TEI and the HTML page.
  bool omitted() const { return action() == DecisionAction::kOmit; }
};

// A note on the base, at its span (the whole passage for a passage note).
struct ApparatusNote {
  std::string uuid;
  VariantField field = VariantField::kText;  // what start and end count in: the text, title or author
  int64_t start = 0, end = 0;
  std::string quote;  // the words noted (a whole passage's note: its text)
  std::string body;
  std::string author;
  std::vector<std::string> tags;
};

struct ApparatusMention {
  int64_t start = 0, end = 0;
  std::size_t person = 0;  // index into Apparatus::persons
};

struct ApparatusPerson {
  std::string uuid;
  std::string name;
  std::vector<std::string> aliases;  // the other forms
};

struct ApparatusPassage {
  int64_t seq = 0;
  std::string address;  // S:N
  std::string text;
  std::string title, author;
  std::vector<std::string> section;      // the passage's section path (Passage::section)
  std::optional<std::string> page, line;  // where it begins in the base's source
  // The lacuna (witnesses lacking the whole passage) first, then the
  // title's entries, the author's and the text's, each by start, then end.
  std::vector<ApparatusEntry> entries;
  std::vector<ApparatusNote> notes;
  std::vector<ApparatusMention> mentions;
  // Per witness (request order): the text of the passages linked with
  // this one, joined by line breaks; empty when it lacks it. Only when asked.
  std::vector<std::string> witness_texts;
};

struct Apparatus {
  Edition base;
  std::vector<Edition> witnesses;
  std::vector<VariantClass> classes;
  std::vector<ApparatusPassage> passages;  // every base passage asked for, in order
  std::vector<ApparatusPerson> persons;    // those mentioned in these passages
  int64_t entries = 0;
  std::vector<Policy> policies;  // in force: the 凡例
  int64_t undecided = 0;         // entries no decision or policy decides, or in conflict (before undecided_only)
  bool worklist = false;         // built with undecided_only: the 校勘記 names each place's id, to decide it by
  std::vector<PageImage> page_images;  // the base's page images, in page order (TEI <facsimile>)
  // Entries not omitted: what a 校勘記 records.
  int64_t recorded() const;
};

// The places an apparatus lists, for DecisionRepository::remember_places.
std::vector<ApparatusPlace> places_of(const Apparatus& a);

// Throws what build_apparatus would for a request it cannot answer, before
// anything is aligned for it: UsageError for no witness, a witness named
// twice, the base among the witnesses or a --passage range of another
// edition; NotFound for an unknown siglum or passage.
void check_apparatus_request(Database& db, const ApparatusRequest& request);

// Builds the apparatus from the stored collation of the base with each
// witness; a pair not aligned has no links, and every passage of the base
// reads as lacking in that witness (workflow.h's make_apparatus aligns such
// pairs first). Runs in one read transaction of its own. Throws as
// check_apparatus_request does. Memory is linear in the base's text and
// the variants.
Apparatus build_apparatus(Database& db, const ApparatusRequest& request);

// The formats. Each writes the whole apparatus to `out`; none throws but
// what the stream does.
void write_apparatus_json(const Apparatus& a, std::ostream& out);
void write_apparatus_text(const Apparatus& a, std::ostream& out);  // 校勘記
void write_apparatus_csv(const Apparatus& a, std::ostream& out);   // UTF-8 with a BOM, CRLF rows
void write_apparatus_tei(const Apparatus& a, std::ostream& out);   // TEI P5, parallel segmentation
void write_apparatus_html(const Apparatus& a, std::ostream& out);  // one page, nothing fetched

// The HTML page's parts, for a page that carries its style and script
// otherwise (jiaozhu serve links them: its pages allow no inline code):
// what goes in <body> but the script, the stylesheet, the script (which
// expects that body), and the page's title.
// `editing`: the reading room's page for the editor, every place listed
// with its decision, the controls to decide it, and the count undecided.
void write_apparatus_html_body(const Apparatus& a, std::ostream& out, bool editing);
std::string_view apparatus_html_style();
std::string_view apparatus_html_script();
std::string apparatus_title(const Apparatus& a);

// An apparatus too large for one page (a whole collection's runs to tens of
// megabytes), cut into pages: one per top-level section of the base (卷),
// a section longer than `max_passages` passages in several, a base without
// sections in runs of `max_passages`. Each part is an Apparatus of its own
// (the same base, witnesses and persons; its passages and its entries'
// count), its entries keeping their numbers in the whole.
struct ApparatusPart {
  std::string heading;    // the section's heading, or the part's first and last passage
  std::string file_name;  // "001.html", "002.html"…
  Apparatus apparatus;
};
std::vector<ApparatusPart> split_apparatus(Apparatus whole, std::size_t max_passages);
// The page that lists the parts, with their headings, passages and entries,
// linked by file name; one page, nothing fetched.
void write_apparatus_html_index(const std::vector<ApparatusPart>& parts, std::ostream& out);
// Part `i` as one page, as write_apparatus_html writes a whole, with links
// to the index (index.html) and the parts before and after it.
void write_apparatus_html_part(const std::vector<ApparatusPart>& parts, std::size_t i, std::ostream& out);

// "一", "十二", "一百零五": the numbers of a 校勘記's notes.
std::string chinese_number(int64_t n);

}  // namespace jiaozhu
