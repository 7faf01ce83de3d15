// Splitting decoded source text into passage drafts, one parser per format.
#pragma once

#include <string>
#include <vector>

#include "jiaozhu/passage.h"

namespace jiaozhu::detail {

// A note the source holds apart from its text (a TEI <note>): it stands
// after code point `at` of passage `passage` (0-based, in this file).
struct SourceNoteDraft {
  std::size_t passage = 0;
  int64_t at = 0;
  std::string text;
  int64_t end = -1;               // a standoff note on words [at, end) (TEI <note target>)
  std::vector<std::string> tags;  // its @type and @resp
};

// A page break that names its image (TEI <pb n facs>, or a <surface> the
// facs points to): the facs as written, a URL or a path relative to the file.
struct SourcePageImage {
  std::string page;
  std::string facs;
  std::string base;  // set by read_source: the source file's folder
  bool inside = false;  // the page begins inside a passage's text
};

// A witness a TEI apparatus records besides the base (<listWit>): its
// label (【宋】) and its readings where it differs from the base, each on
// code points [start, end) of a passage of this file (an omission reads "").
struct SourceReading {
  std::size_t passage = 0;
  int64_t start = 0, end = 0;
  std::string text;
};
struct SourceWitness {
  std::string id, label;
  std::vector<SourceReading> readings;
  // A witness known only where the source names its readings (一作X in a
  // note): its edition holds those passages alone, and it is partial.
  bool partial = false;
};

struct ParsedSource {
  std::vector<PassageDraft> passages;
  std::vector<SourceWitness> witnesses;  // TEI: the apparatus's witnesses but the base
  std::vector<SourcePageImage> page_images;  // in document order
  std::vector<std::string> warnings;
  std::vector<SourceNoteDraft> notes;
};

// Where a JSON record keeps what jiaozhu reads.
struct JsonShape {
  bool split_paragraphs = false;
  // The text: a string or an array of strings under this key; empty: under
  // "paragraphs" (an array) or "text" (a string).
  std::string text_field;
  // Each key's string value is one level of the record's section, outermost
  // first (詩經: chapter, section).
  std::vector<std::string> section_fields;
};

// One passage per line that is not blank; the line's text is kept as is
// except a trailing carriage return. `file` names errors.
ParsedSource parse_text(const std::string& utf8, const std::string& file);

// A JSON object, an array of objects, or JSON Lines. Each object with text
// is one passage (or one per paragraph with `split_paragraphs`): text as
// `shape` says (an array's strings joined by newlines); "title" (else
// "chapter"), "author" and "id"/"ref" kept. Records may stand at any depth
// (唐詩三百首: {"title", "content": [{"type": "五言絕句", "content": [records]}]}):
// the levels around them give their sections by name ("type", "title"…),
// the outermost first, the top-level object's own name left out. Throws
// InputError naming line and column of bad JSON, or nesting deeper than 256.
ParsedSource parse_json(const std::string& utf8, const std::string& file, const JsonShape& shape);

// TEI P5 XML (tei_source.cpp): <div>/<head> sections, a passage per <p>,
// <ab>, <lg> (its <l> lines joined by newlines) or <l> outside one, <pb n>
// and <lb n> page and line references, <note> kept apart, <app> read through
// its <lem>, <choice> through <reg>/<corr>/<expan>. Throws InputError naming
// the file and line of malformed XML.
ParsedSource parse_tei(const std::string& utf8, const std::string& file);
bool looks_like_tei(const std::string& utf8);

// Mandoku text (mandoku_source.cpp), as Kanripo and CBETA publish it: org
// `#` header lines dropped, `* ` headings as sections, a passage per
// paragraph (lines joined, blank lines between), <pb:…> page markers and ¶
// line ends, or CBETA line markers (T01n0001_p0001a01║), as page and line.
ParsedSource parse_mandoku(const std::string& utf8, const std::string& file);
bool looks_like_mandoku(const std::string& utf8);

// True when `utf8` looks like JSON (first non-blank character `{` or `[`).
bool looks_like_json(const std::string& utf8);

}  // namespace jiaozhu::detail
