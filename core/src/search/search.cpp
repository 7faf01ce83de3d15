#include "jiaozhu/search.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <nlohmann/json.hpp>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/query.h"
#include "search/search_index.h"
#include "util/columns.h"

namespace jiaozhu {
namespace {

// Private-use characters mark matches in highlight(): they cannot occur in
// stored text as markers of anything else, and are one code point each.
constexpr char kOpen[] = "\xEE\x80\x80";   // U+E000
constexpr char kClose[] = "\xEE\x80\x81";  // U+E001

// The filter every search query shares: the MATCH, then the optional
// restriction to editions (a JSON array of ids) and to one work.
constexpr char kFilter[] =
    " FROM passage_fts JOIN passage p ON p.id = passage_fts.rowid JOIN edition e ON e.id = p.edition_id"
    " WHERE passage_fts MATCH :query"
    " AND (:editions IS NULL OR e.id IN (SELECT value FROM json_each(:editions)))"
    " AND (:work IS NULL OR e.work_id = (SELECT id FROM work WHERE name = :work))";

// Splits highlight() output into the plain text and the marked spans.
std::pair<std::string, std::vector<Span>> unmark(const std::string& marked) {
  std::string text;
  std::vector<Span> spans;
  std::size_t points = 0;
  for (std::size_t i = 0; i < marked.size();) {
    if (marked.compare(i, 3, kOpen) == 0) { spans.push_back({points, points}); i += 3; continue; }
    if (marked.compare(i, 3, kClose) == 0) { if (!spans.empty()) spans.back().end = points; i += 3; continue; }
    const auto c = static_cast<unsigned char>(marked[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    text.append(marked, i, n);
    ++points;
    i += n;
  }
  return {text, spans};
}

void bind_filter(SQLite::Statement& q, const std::string& fts_query, const std::optional<std::string>& editions,
                 const std::string& work) {
  q.bind(":query", fts_query);
  detail::bind_optional(q, q.getIndex(":editions"), editions);
  detail::bind_optional(q, q.getIndex(":work"),
                        work.empty() ? std::nullopt : std::optional(work));
}

// A malformed query that got past to_fts5_query is still the user's error,
// and FTS5's wording is not for them.
template <typename F>
auto guarded(F&& f) {
  try {
    return f();
  } catch (const SQLite::Exception& e) {
    if (std::string(e.what()).find("fts5") != std::string::npos) {
      throw UsageError("cannot search for that: the query is not well formed");
    }
    throw;
  }
}

}  // namespace

SearchResult search(Database& db, const SearchRequest& r) {
  const std::string fts_query = to_fts5_query(r.query);
  if (r.limit < 0 || r.offset < 0) throw UsageError("--limit and --offset take numbers from 0");
  std::optional<std::string> editions;
  if (!r.editions.empty()) {
    nlohmann::json ids = nlohmann::json::array();
    for (const std::string& s : r.editions) ids.push_back(EditionRepository(db).get(s).id);
    editions = ids.dump();
  }
  if (!r.work.empty()) {
    SQLite::Statement w(db.sql(), "SELECT 1 FROM work WHERE name = ?");
    w.bind(1, r.work);
    if (!w.executeStep()) throw NotFound("no work '" + r.work + "'");
  }
  SearchResult out;
  guarded([&] {
    SQLite::Statement count(db.sql(), std::string("SELECT e.siglum, count(*)") + kFilter + " GROUP BY e.id ORDER BY e.siglum");
    bind_filter(count, fts_query, editions, r.work);
    while (count.executeStep()) {
      out.per_edition.emplace_back(count.getColumn(0).getString(), count.getColumn(1).getInt64());
      out.total += count.getColumn(1).getInt64();
    }
    SQLite::Statement hits(db.sql(),
                           std::string("SELECT e.siglum, p.seq, p.title, p.ref, "
                                       "highlight(passage_fts, 0, :open, :close), bm25(passage_fts)") +
                               kFilter + " ORDER BY rank LIMIT :limit OFFSET :offset");
    bind_filter(hits, fts_query, editions, r.work);
    hits.bind(":open", kOpen);
    hits.bind(":close", kClose);
    hits.bind(":limit", r.limit);
    hits.bind(":offset", r.offset);
    while (hits.executeStep()) {
      SearchHit h;
      h.siglum = hits.getColumn(0).getString();
      h.seq = hits.getColumn(1).getInt64();
      h.title = detail::optional_text(hits.getColumn(2));
      h.ref = detail::optional_text(hits.getColumn(3));
      std::tie(h.text, h.matches) = unmark(hits.getColumn(4).getString());
      h.score = hits.getColumn(5).getDouble();
      out.hits.push_back(std::move(h));
    }
    return 0;
  });
  return out;
}

void reindex(Database& db) {
  db.write([&] { detail::SearchIndex(db).rebuild(); });
}

Snippet make_snippet(const std::string& text, const std::vector<Span>& matches, std::size_t width) {
  // Code point boundaries, so that the window is cut on characters.
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) at.push_back(i);
  }
  const std::size_t n = at.size();
  at.push_back(text.size());
  std::size_t begin = 0;
  if (n > width && !matches.empty()) {
    // Put the first match a third of the way in: some context before it.
    const std::size_t lead = width / 3;
    begin = matches.front().begin > lead ? matches.front().begin - lead : 0;
    begin = std::min(begin, n - width);
  }
  const std::size_t end = std::min(n, begin + width);
  Snippet s;
  s.text = text.substr(at[begin], at[end] - at[begin]);
  s.start = begin;
  s.cut_before = begin > 0;
  s.cut_after = end < n;
  for (const Span& m : matches) {
    if (m.end <= begin || m.begin >= end) continue;
    s.matches.push_back({std::max(m.begin, begin) - begin, std::min(m.end, end) - begin});
  }
  return s;
}

}  // namespace jiaozhu
