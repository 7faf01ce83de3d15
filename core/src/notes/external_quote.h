// Placing a quote taken from another tool's copy of a text (a web page that
// Hypothesis or Recogito annotated) in a jiaozhu edition of it. The page may
// be in the other script, its context may run across passages, and its
// text may differ a little: the passages holding the quote are found by the
// search index (which folds script and variant forms), and the quote is
// placed in them by the matcher that re-anchors notes (quote_anchor.h).
#pragma once

#include <cstdint>
#include <optional>

#include "notes/quote_anchor.h"

namespace jiaozhu {
class Database;
struct Edition;
}

namespace jiaozhu::detail {

struct QuotePlace {
  int64_t seq = 0;
  int64_t start = 0, end = 0;  // code points of the passage's text
};

// Where `quote` stands in `edition`: the one place whose text
// matches the quote (folded) and whose context agrees best with the quote's;
// nothing when no passage holds it or two places agree equally well, so
// that a note is left orphaned rather than put on the wrong words. Reads in
// the caller's transaction.
std::optional<QuotePlace> place_external_quote(Database& db, const Edition& edition, const QuoteSelector& quote);

}  // namespace jiaozhu::detail
