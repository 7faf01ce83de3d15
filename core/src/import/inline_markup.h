// A source's own matter inside its text: the editors' notes in brackets
// (（一作「噫吁戲」）, （京本作「驄」）, （《北夢瑣言》…）) and the supplements a
// digitiser or editor added ([夷]). Neither is a word of the witness: notes
// leave the text and become notes on the words they follow; supplements stay
// in the text, without their brackets, marked by a note tagged "supplied".
// Which brackets hold which is data, a rule per source format.
#pragma once

#include <string>

#include "import/source_parser.h"
#include "jiaozhu/import.h"

namespace jiaozhu::detail {

// Which brackets hold what, as pairs of opening and closing characters
// (U"（）" holds one pair). Empty: none.
struct InlineMarkup {
  std::u32string notes;
  std::u32string supplements;
};

// The rule of a format: chinese-poetry's JSON and plain text hold notes in
// （） and supplements in [] and 〔〕; TEI and Mandoku mark both in their own
// way (<note>, <supplied>), so nothing. `options` may name others
// (ImportOptions::inline_notes, ::supplements).
InlineMarkup inline_markup_of(SourceFormat format, const ImportOptions& options);

// Takes the notes and supplements of `markup` out of each passage of
// `parsed`, whose texts are NFC, keeping every offset in code points of the
// text that remains:
// - a note leaves the text (a line that was only a note goes whole) and
//   becomes a SourceNoteDraft after the words it follows, tagged "inline";
// - a note naming readings (一作X, 一本作X, 京本作「X」, 辛本、川本作「X」,
//   LEMMA 一作：X; several split by ；) gives each to the witness it names
//   (一本 for 一作), in parsed.witnesses as partial witnesses, and is a
//   note on the words it reads otherwise, tagged "reading" too: X replaces
//   as many characters before the note as it has, or the last LEMMA before it;
// - a supplement keeps its text and gets a note on it tagged "supplied";
//   brackets holding only Chinese numerals ([一], [二]) are a digitiser's
//   note markers: they leave the text and stay as a note tagged "marker".
// A passage that would be left without text keeps its text as it was;
// unmatched brackets stay as text.
void take_inline_markup(ParsedSource& parsed, const InlineMarkup& markup);

}  // namespace jiaozhu::detail
