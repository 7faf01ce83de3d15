#include "notes/external_quote.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "jiaozhu/query.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// Enough for any quote a scholar marks; a quote found in more passages than
// this is too common to be placed by its context anyway.
constexpr int kMaxCandidates = 500;

struct Candidate {
  int64_t seq = 0;
  std::u32string text;
};

// The passages whose indexed tokens hold the quote's, as an FTS5 phrase:
// one string literal, its quotes doubled, so nothing of the quote is syntax.
std::vector<Candidate> candidates(Database& db, const Edition& edition, const std::u32string& exact) {
  std::string phrase = "\"";
  for (char c : to_utf8(exact)) phrase += c == '"' ? std::string("\"\"") : std::string(1, c);
  phrase += '"';
  // An edition's passages have consecutive ids (schema/schema.sql): the
  // index is searched in that range alone.
  const EditionRepository editions(db);
  SQLite::Statement first(db.sql(), "SELECT id FROM passage WHERE edition_id = ? AND seq = 1");
  first.bind(1, edition.id);
  if (!first.executeStep()) return {};
  const int64_t first_id = first.getColumn(0).getInt64();
  const int64_t last_id = first_id + editions.passage_count(edition.id) - 1;
  SQLite::Statement q(db.sql(),
                      "SELECT p.seq, p.text FROM passage_fts JOIN passage p ON p.id = passage_fts.rowid "
                      "WHERE passage_fts MATCH ? AND passage_fts.rowid BETWEEN ? AND ? ORDER BY p.seq LIMIT ?");
  q.bind(1, in_passage_text(phrase));
  q.bind(2, first_id);
  q.bind(3, last_id);
  q.bind(4, kMaxCandidates);
  std::vector<Candidate> out;
  try {
    while (q.executeStep()) out.push_back({q.getColumn(0).getInt64(), to_code_points(q.getColumn(1).getString())});
  } catch (const SQLite::Exception&) {
    return {};  // a quote of punctuation only: no token to search by
  }
  return out;
}

// How many code points of context agree: the prefix's end before the
// place, the suffix's start after it.
std::size_t agreement(const std::u32string& text, std::size_t start, std::size_t end, const QuoteSelector& q) {
  std::size_t n = 0;
  while (n < q.prefix.size() && n < start && q.prefix[q.prefix.size() - 1 - n] == text[start - 1 - n]) ++n;
  std::size_t m = 0;
  while (m < q.suffix.size() && end + m < text.size() && q.suffix[m] == text[end + m]) ++m;
  return n + m;
}

}  // namespace

namespace {

// Text without its whitespace, and where each kept code point stood: a web
// page shows a poem's lines as line breaks, spaces or nothing, and a quote
// taken there may cross them.
struct Squeezed {
  std::u32string text;
  std::vector<std::size_t> at;  // at[i]: the offset in the original of text[i]
};

Squeezed squeezed(const std::u32string& text) {
  Squeezed out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char32_t c = text[i];
    if (is_layout_space(c)) continue;
    out.text += fold_code_points(std::u32string_view(&text[i], 1));
    out.at.push_back(i);
  }
  return out;
}

}  // namespace

std::optional<QuotePlace> place_external_quote(Database& db, const Edition& edition, const QuoteSelector& quote) {
  const QuoteSelector wanted{squeezed(quote.exact).text, squeezed(quote.prefix).text, squeezed(quote.suffix).text};
  if (wanted.exact.empty()) return std::nullopt;
  const std::vector<Candidate> found = candidates(db, edition, quote.exact);
  std::optional<QuotePlace> best;
  std::size_t best_score = 0;
  bool tied = false;
  for (const Candidate& c : found) {
    const Squeezed text = squeezed(c.text);
    // Alone, a passage holding the quote is the place; among several, its
    // context must speak for it.
    const auto at = locate(text.text, wanted, 0, found.size() > 1);
    if (!at || at->end <= at->start) continue;
    const std::size_t score = agreement(text.text, at->start, at->end, wanted);
    if (best && score == best_score) tied = true;
    if (!best || score > best_score) {
      best = QuotePlace{c.seq, static_cast<int64_t>(text.at[at->start]), static_cast<int64_t>(text.at[at->end - 1] + 1)};
      best_score = score;
      tied = false;
    }
  }
  if (tied) return std::nullopt;
  return best;
}

}  // namespace jiaozhu::detail
