// Importing source files as a new edition of a work.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/decode.h"
#include "jiaozhu/field.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/script.h"

namespace jiaozhu {

class Database;

// kMandoku: Kanripo's and CBETA's plain text with markers (mandoku_source.cpp).
enum class SourceFormat { kAuto, kText, kJson, kTei, kMandoku };
// Parses --format (auto, text, json, tei, mandoku); throws UsageError.
SourceFormat parse_format(std::string_view name);

struct ImportOptions {
  std::string work;
  std::string siglum;
  std::string title;
  std::optional<Script> script;  // nullopt: detect
  SourceFormat format = SourceFormat::kAuto;
  Encoding encoding = Encoding::kAuto;
  // JSON only: make each string of "paragraphs" its own passage instead of
  // one passage per object (a long text kept as one object, like 三字經).
  bool split_paragraphs = false;
  // JSON only: the key holding a record's text (a string or an array of
  // strings; 詩經's "content"), instead of "paragraphs" or "text".
  std::string text_field;
  // JSON only: keys whose values make the passage's section, outermost
  // first (論語's "chapter").
  std::vector<std::string> section_fields;
  // Which brackets hold the source's own notes and which its supplements,
  // as pairs of opening and closing characters ("（）()"; "" for none);
  // nothing: the format's rule (JSON and text: notes in （）, supplements in
  // [] and 〔〕; TEI and Mandoku: none). See docs/import.md.
  std::optional<std::string> inline_notes;
  std::optional<std::string> supplements;
  // TEI: the sigla of the apparatus's witnesses, by label (宋 for 【宋】) or
  // witness id (wit2); a witness not named gets the base's siglum and its
  // label in pinyin (T-Song).
  std::map<std::string, std::string> witness_sigla;
  // Replace the text of the edition the siglum names (a corrected
  // re-import). When the new text has the same passages in number and
  // structure (titles, authors, refs, sections, pages), only their texts
  // differing, each passage that changed is corrected (ImportSteps'
  // correct: a revision each, collated again alone) and every other link
  // stays. Otherwise the edition's text is replaced whole: its links go
  // (align again), its notes are placed again by their quotes, and those
  // that cannot be are kept as orphaned.
  bool replace = false;
  // The dynasty the text is dated to (edition_dating.h), recorded with a new
  // text in the import's transaction; nothing: not dated.
  std::optional<std::string> dynasty;
  // Who imports: the author of the notes a TEI source brings and of the
  // dating ("Name <mail>"; "unknown" when empty).
  std::string author;
};

// What import changed in the sources' labels to store them (field.h:
// normalized_label): how many labels of each kind, and where the first were.
struct LabelChanges {
  int64_t tabs = 0, line_breaks = 0, spaces = 0, nfc = 0;
  // "poet.tang.22000.json: passage 31: title: tab", the first kPlacesKept.
  std::vector<std::string> places;
  static constexpr std::size_t kPlacesKept = 10;
  int64_t total() const { return tabs + line_breaks + spaces + nfc; }
  void add(const LabelChanges& other);
};

struct ImportReport {
  std::string siglum;
  bool unchanged = false;  // the same content was already this edition
  int64_t passages = 0;
  int64_t code_points = 0;  // over all passages
  Script script = Script::kUnknown;
  std::vector<std::string> encodings;  // per file, as decoded
  std::vector<std::string> warnings;   // e.g. JSON objects without text, skipped
  LabelChanges labels;                 // labels normalised to be stored
  bool replaced = false;               // an existing edition's text was replaced
  int64_t passages_corrected = 0;      // replaced passage by passage: those that changed
  int64_t links_recollated = 0;        // and the links holding them, collated again
  int64_t links_made = 0;              // and links made for those that now say what another edition does
  std::string replaced_whole;          // replaced whole: why not passage by passage
  int64_t links_removed = 0;           // replaced whole: the links that held its old passages
  int64_t notes_orphaned = 0;          // replaced: notes whose words are gone
  int64_t notes_imported = 0;          // notes the sources hold apart from the text (TEI <note>)
  int64_t page_images = 0;             // pages given the image the sources name (TEI <pb facs>)
  // Editions made of the witnesses a TEI apparatus records (<listWit>): each
  // the base with that witness's readings, of the same work.
  struct Witness {
    std::string siglum, label;
    int64_t readings = 0;
    int64_t links = 0;  // one per passage it has, collated from the apparatus
    bool partial = false;  // named by the source's notes: it holds those passages alone
  };
  std::vector<Witness> witnesses;
  std::string image_folder;            // where those that are files lie, set for this machine
};


// Reports progress: `stage` is "importing", `done` and `total` count bytes of
// source files written so far and in all.
using ImportProgress = std::function<void(std::string_view stage, uint64_t done, uint64_t total)>;

// What must follow, in the import's transaction, when an edition's text is
// new or replaced: the layers above import bring what they derive from the
// text up to date, and take the sources' notes. They record in `report`
// what they did (notes_orphaned, notes_imported).
using AfterNewText = std::function<void(Database& db, int64_t edition_id, const std::vector<SourceNote>& notes,
                                        ImportReport& report)>;

// What corrects the passages of edition `edition_id` that a replacement
// changed (corrections.h: correct_passages), in the import's transaction,
// recording in `report` what it did (passages_corrected, links_recollated,
// notes_orphaned).
using CorrectPassages = std::function<void(Database& db, int64_t edition_id, const std::vector<PassageCorrection>& changed,
                                           ImportReport& report)>;

// A page's image as a source names it (TEI <pb facs>): an http(s) URL or an
// absolute path on this machine.
struct SourcePageFacs {
  std::string page;
  std::string facs;
  std::string base;  // the folder of the source file that names it
  bool inside = false;  // the page begins inside a passage's text
};

// What records the images the sources name for the pages of edition
// `edition_id` (facsimile.h), in the import's transaction, whenever the
// import writes or finds its text; in `report` (page_images, image_folder).
using RecordPageImages = std::function<void(Database& db, int64_t edition_id, const std::vector<SourcePageFacs>& images,
                                            ImportReport& report)>;

struct ImportSteps {
  AfterNewText after_new_text;
  CorrectPassages correct;
  RecordPageImages page_images;
};

// Reads `files` in order into one edition: one transaction (its own) writes
// the work (if new), the edition, its source files and passages, while later
// files are still being parsed on other threads, then runs
// `steps.after_new_text` unless the text was already there. A replacement
// of the same passages in number and structure runs `steps.correct` on the
// changed ones instead. On any error nothing is written.
// Throws InputError naming file and line for unreadable input (bad encoding,
// empty, binary, a passage over the length limit, bad JSON), ConflictError
// when the siglum names other content (without `replace`) or the content is
// already another edition, DatabaseError when the write fails. Scholars'
// callers use import_edition (workflow.h), which passes the persons' and
// notes' steps.
ImportReport import_text(Database& db, std::span<const std::filesystem::path> files, const ImportOptions& options,
                         const ImportProgress& progress, const ImportSteps& steps);

// Files named by number (poet.tang.0.json … poet.tang.57000.json, 001.json):
// `files` ordered by the numbers in their names, a run of digits compared by
// value, the rest by character; names alike keep the order given.
std::vector<std::filesystem::path> in_numeric_order(std::span<const std::filesystem::path> files);
// The first two neighbours of `files` that the numbers in their names put
// the other way round (poet.tang.10000.json before poet.tang.2000.json, as
// a shell's glob sorts them), or nothing when they are in numeric order or
// fewer than two names hold a number.
std::optional<std::pair<std::filesystem::path, std::filesystem::path>> numeric_disorder(
    std::span<const std::filesystem::path> files);

// The largest file accepted, in bytes (the longest passage is
// kMaxPassageCodePoints, in field.h).
inline constexpr std::uintmax_t kMaxFileBytes = 1ull << 30;

}  // namespace jiaozhu
