// Notes in and out of jiaozhu: W3C Web Annotation JSON-LD (what Hypothesis,
// Recogito and other annotation tools read) and CSV for spreadsheets.
//
// The W3C export is an AnnotationCollection; each note is an Annotation
// whose target's source is its passage (urn:jiaozhu:passage:EDITION:N), its
// scope the edition (urn:uuid:...), selected by a TextQuoteSelector and a
// TextPositionSelector. Tags are TextualBody items with purpose "tagging".
// What the W3C model has no word for travels under the "jz:" prefix, declared
// in the @context: the note's whole revision history and its state.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jiaozhu {

class Database;

enum class NoteFormat { kW3c, kCsv };
// Throws UsageError naming an unknown format.
NoteFormat parse_note_format(std::string_view name);

// Writes every note with its whole history (W3C Web Annotation, conforming
// to the W3C test suite's MUST assertions; docs/w3c.md) or its current
// state (CSV). A note whose newest revision removed it is left out unless
// `include_removed`. Runs in one read transaction of its own.
void export_notes(Database& db, NoteFormat format, bool include_removed, std::ostream& out);

// Where the annotations of other tools go: their target is a web page or
// file (Hypothesis, Recogito), which names no jiaozhu edition.
struct NotesImportOptions {
  std::optional<std::string> edition;              // --edition S: every such source is edition S
  std::vector<std::pair<std::string, std::string>> sources;  // --map URL=S: this source is edition S
};

struct NotesImportReport {
  int64_t annotations = 0;      // read from the file
  int64_t notes_added = 0;      // new to this database
  int64_t revisions_added = 0;  // new revisions, of new and known notes
  int64_t placed = 0;           // annotations of another tool's source placed by their quote
  // Those that could not be: imported orphaned, each as "annotation N
  // (source): why", so that the scholar can place them by hand.
  std::vector<std::string> orphaned;
};

// Reads a W3C document (an AnnotationCollection, an AnnotationPage, an array
// of Annotations or one Annotation) in one transaction. Notes and revisions already here are
// skipped, so importing a file twice changes nothing. An Annotation without
// jiaozhu's history (written by another tool) becomes a note with one
// revision; Hypothesis's API export ({"rows": [...]}) is read as the
// Annotations its rows stand for. An annotation on another tool's source
// is placed in the edition `options` map that source to, by its
// TextQuoteSelector, in either script; one that cannot be placed is
// imported orphaned and listed in the report. Throws InputError naming the
// file and annotation at fault (or the source no option maps), and NotFound
// when a note is on an edition this database does not hold.
NotesImportReport import_notes(Database& db, const std::filesystem::path& file, const NotesImportOptions& options = {});

}  // namespace jiaozhu
