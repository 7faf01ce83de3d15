#include "notes/external_quote.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
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
std::vector<Candidate> candidates(Database& db, int64_t edition_id, const std::u32string& exact) {
  std::string phrase = "\"";
  for (char c : to_utf8(exact)) phrase += c == '"' ? std::string("\"\"") : std::string(1, c);
  phrase += '"';
  SQLite::Statement range(db.sql(), "SELECT min(id), max(id) FROM passage WHERE edition_id = ?");
  range.bind(1, edition_id);
  if (!range.executeStep() || range.getColumn(0).isNull()) return {};
  SQLite::Statement q(db.sql(),
                      "SELECT p.seq, p.text FROM passage_fts JOIN passage p ON p.id = passage_fts.rowid "
                      "WHERE passage_fts MATCH ? AND passage_fts.rowid BETWEEN ? AND ? ORDER BY p.seq LIMIT ?");
  q.bind(1, phrase);
  q.bind(2, range.getColumn(0).getInt64());
  q.bind(3, range.getColumn(1).getInt64());
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

std::optional<QuotePlace> place_external_quote(Database& db, int64_t edition_id, const QuoteSelector& quote) {
  if (quote.exact.empty()) return std::nullopt;
  const std::vector<Candidate> found = candidates(db, edition_id, quote.exact);
  const QuoteSelector folded{fold_code_points(quote.exact), fold_code_points(quote.prefix), fold_code_points(quote.suffix)};
  std::optional<QuotePlace> best;
  std::size_t best_score = 0;
  bool tied = false;
  for (const Candidate& c : found) {
    const std::u32string text = fold_code_points(c.text);
    // Alone, a passage holding the quote is the place; among several, its
    // context must speak for it.
    const auto at = locate(text, folded, 0, found.size() > 1);
    if (!at) continue;
    const std::size_t score = agreement(text, at->start, at->end, folded);
    if (best && score == best_score) tied = true;
    if (!best || score > best_score) {
      best = QuotePlace{c.seq, static_cast<int64_t>(at->start), static_cast<int64_t>(at->end)};
      best_score = score;
      tied = false;
    }
  }
  if (tied) return std::nullopt;
  return best;
}

}  // namespace jiaozhu::detail
