#include "jiaozhu/search.h"

#include <sqlite3.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/people.h"
#include "jiaozhu/query.h"
#include "repo/section_paths.h"
#include "util/columns.h"

namespace jiaozhu {
namespace {

// Private-use characters mark matches in highlight(): they cannot occur in
// stored text as markers of anything else, and are one code point each.
constexpr char kOpen[] = "\xEE\x80\x80";   // U+E000
constexpr char kClose[] = "\xEE\x80\x81";  // U+E001

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

// The editions a request searches, as passage id ranges ordered by first id.
// Throws NotFound for an unknown siglum or work.
std::vector<PassageRange> scope(Database& db, const SearchRequest& r) {
  EditionRepository editions(db);
  for (const std::string& s : r.editions) editions.get(s);
  if (!r.work.empty()) {
    SQLite::Statement w(db.sql(), "SELECT 1 FROM work WHERE name = ?");
    w.bind(1, r.work);
    if (!w.executeStep()) throw NotFound("no work '" + r.work + "'");
  }
  std::vector<PassageRange> out;
  for (PassageRange& range : editions.passage_ranges()) {
    const bool named = r.editions.empty() ||
                       std::find(r.editions.begin(), r.editions.end(), range.siglum) != r.editions.end();
    if (named && (r.work.empty() || range.work == r.work)) out.push_back(std::move(range));
  }
  return out;
}

// The range holding passage `id`, or nullptr when it is outside `ranges`.
const PassageRange* range_of(const std::vector<PassageRange>& ranges, int64_t id) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), id,
                             [](int64_t v, const PassageRange& r) { return v < r.first_id; });
  if (it == ranges.begin()) return nullptr;
  --it;
  return id <= it->last_id() ? &*it : nullptr;
}

// Binds what the index queries share: the match, the overall id bounds (which
// FTS5 applies inside the index), and, when the scope has gaps, the ranges.
void bind_scope(SQLite::Statement& q, const std::string& fts_query, const std::vector<PassageRange>& ranges,
                bool gaps) {
  q.bind(":query", fts_query);
  q.bind(":lo", ranges.front().first_id);
  q.bind(":hi", ranges.back().last_id());
  if (!gaps) return q.bind(":ranges");
  nlohmann::json list = nlohmann::json::array();
  for (const PassageRange& r : ranges) list.push_back({r.first_id, r.last_id()});
  q.bind(":ranges", list.dump());
}

// A malformed query that got past to_fts5_query is still the user's error,
// and FTS5's wording is not for them.
template <typename F>
auto guarded(F&& f) {
  try {
    return f();
  } catch (const SQLite::Exception& e) {
    if ((e.getErrorCode() & 0xFF) == SQLITE_CORRUPT) {
      throw DatabaseError(std::string("the search index is damaged (") + e.what() + "): run `jiaozhu reindex`");
    }
    if (std::string(e.what()).find("fts5") != std::string::npos) {
      throw UsageError("cannot search for that: the query is not well formed");
    }
    throw;
  }
}


// The index listed a passage whose words do not hold the query, or that it
// cannot read back: it no longer matches the text (damaged, or edited by
// hand), and its counts cannot be trusted either.
[[noreturn]] void damaged(const SearchHit& h) {
  throw DatabaseError("the search index is damaged: it lists " + format_address(h.siglum, h.seq) +
                      ", whose text does not hold the query; run `jiaozhu reindex`");
}

// Whether the words a hit has marked are the query's: FTS5 marks a hit by
// the positions its index holds, so an index that no longer matches the
// text marks other words (or none). Han characters are one token each and
// are checked; Latin words may be a prefix query's, and are not.
bool holds_query(const SearchHit& h, const std::u32string& query_han, const Folding& folding) {
  if (h.matches.empty() && h.title_matches.empty() && h.author_matches.empty()) return false;
  const auto marked_ok = [&](const std::string& text, const std::vector<Span>& spans) {
    if (spans.empty()) return true;
    const std::u32string folded = folding.code_points(to_code_points(text));
    for (const Span& s : spans) {
      for (std::size_t i = s.begin; i < s.end && i < folded.size(); ++i) {
        if (is_han(folded[i]) && query_han.find(folded[i]) == std::u32string::npos) return false;
      }
    }
    return true;
  };
  return marked_ok(h.text, h.matches) && marked_ok(h.title.value_or(""), h.title_matches) &&
         marked_ok(h.author.value_or(""), h.author_matches);
}

// The passages mentioning `person`, with the spans of the mentions.
std::map<int64_t, std::vector<Span>> mentions_of(Database& db, const std::string& person) {
  const Person who = PersonRepository(db).get(person);
  SQLite::Statement q(db.sql(),
                      "SELECT m.passage_id, m.span_start, m.span_end FROM mention m JOIN alias a ON a.id = m.alias_id "
                      "WHERE a.character_id = ? ORDER BY m.passage_id, m.span_start");
  q.bind(1, who.id);
  std::map<int64_t, std::vector<Span>> out;
  while (q.executeStep()) {
    out[q.getColumn(0).getInt64()].push_back(
        {static_cast<std::size_t>(q.getColumn(1).getInt64()), static_cast<std::size_t>(q.getColumn(2).getInt64())});
  }
  return out;
}

// The passages of the editions searched that stand under a section headed
// `heading`. Throws NotFound when none of those editions has such a section.
std::set<int64_t> passages_in_section(Database& db, const std::vector<PassageRange>& ranges, const std::string& heading) {
  std::set<int64_t> out;
  bool found = false;
  SQLite::Statement q(db.sql(), "SELECT passage_id FROM passage_place WHERE section_id = ?");
  for (const PassageRange& range : ranges) {
    for (int64_t section : detail::SectionPaths(db.sql(), range.edition_id).under(heading)) {
      found = true;
      q.bind(1, section);
      while (q.executeStep()) out.insert(q.getColumn(0).getInt64());
      q.reset();
    }
  }
  if (!found) throw NotFound("no edition searched has a section headed " + heading);
  return out;
}

// A person without a query: their passages in order, mentions marked.
SearchResult person_passages(Database& db, const SearchRequest& r, const std::vector<PassageRange>& ranges,
                             const std::map<int64_t, std::vector<Span>>& mentions, const std::optional<std::set<int64_t>>& section) {
  SearchResult out;
  std::map<std::string, int64_t> counts;
  std::vector<int64_t> ids;
  for (const auto& [id, spans] : mentions) {
    if (section && !section->count(id)) continue;
    if (const PassageRange* range = range_of(ranges, id)) {
      ++counts[range->siglum];
      ids.push_back(id);
    }
  }
  for (const auto& [siglum, n] : counts) {
    out.per_edition.emplace_back(siglum, n);
    out.total += n;
  }
  SQLite::Statement q(db.sql(), "SELECT text, title, ref, author FROM passage WHERE id = ?");
  const auto first = std::min<std::size_t>(static_cast<std::size_t>(r.offset), ids.size());
  const auto last = std::min<std::size_t>(first + static_cast<std::size_t>(r.limit), ids.size());
  for (std::size_t i = first; i < last; ++i) {
    const PassageRange* range = range_of(ranges, ids[i]);
    q.bind(1, ids[i]);
    if (!q.executeStep()) { q.reset(); continue; }
    SearchHit h;
    h.siglum = range->siglum;
    h.seq = ids[i] - range->first_id + 1;
    h.title = detail::optional_text(q.getColumn(1));
    h.author = detail::optional_text(q.getColumn(3));
    h.ref = detail::optional_text(q.getColumn(2));
    h.text = q.getColumn(0).getString();
    h.matches = mentions.at(ids[i]);
    out.hits.push_back(std::move(h));
    q.reset();
  }
  return out;
}

// A title or author as the page query gives it: highlighted in `column`,
// present when column + 2 says the passage has one.
void read_label(SQLite::Statement& page, int column, std::optional<std::string>& label, std::vector<Span>& matches) {
  if (!page.getColumn(column + 2).getInt()) return;
  auto [text, spans] = unmark(page.getColumn(column).getString());
  label = std::move(text);
  matches = std::move(spans);
}

// The query over one index (passage_fts, or the edited text's): each hit's
// passage id and score, within the scope bound by bind_scope.
std::string hits_of(const std::string& table, bool ranked) {
  const std::string name = table.substr(table.find('.') + 1);
  return std::string(ranked ? "SELECT rowid, bm25(" + name + ")" : "SELECT rowid, 0") + " FROM " + table + " WHERE " + name +
         " MATCH :query AND rowid BETWEEN :lo AND :hi AND (:ranges IS NULL OR EXISTS (SELECT 1 FROM json_each(:ranges) s "
         "WHERE " + name + ".rowid BETWEEN s.value->>0 AND s.value->>1))";
}

// One hit of an index with its matches marked.
std::string page_of(const std::string& table) {
  const std::string name = table.substr(table.find('.') + 1);
  return "SELECT highlight(" + name + ", 0, :open, :close), highlight(" + name + ", 1, :open, :close), highlight(" + name +
         ", 2, :open, :close), p.title IS NOT NULL, p.author IS NOT NULL, p.ref FROM " + table + " JOIN passage p ON p.id = " +
         name + ".rowid WHERE " + name + " MATCH :query AND " + name + ".rowid = :id";
}

// Indexes the edited text of the passages in scope that a decision changes,
// in a temporary table of this connection (a few thousand rows at most:
// filled in each search that asks for it, never out of date). Returns
// their ids.
std::set<int64_t> index_edited(Database& db, const std::vector<PassageRange>& ranges) {
  db.sql().exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.edited_fts USING fts5(text, title, author, tokenize = 'jiaozhu')");
  db.sql().exec("DELETE FROM temp.edited_fts");
  SQLite::Statement add(db.sql(), "INSERT INTO temp.edited_fts (rowid, text, title, author) VALUES (?, ?, ?, ?)");
  SQLite::Statement text(db.sql(), "SELECT text, title, author FROM passage WHERE id = ?");
  std::set<int64_t> out;
  for (const PassageRange& range : ranges) {
    const auto decided = decisions_by_passage(DecisionRepository(db).of_edition(EditionRepository(db).get(range.siglum).uuid));
    for (const auto& [seq, decisions] : decided) {
      const bool changes = std::any_of(decisions.begin(), decisions.end(), [](const PlaceDecision& d) { return d.current.reading; });
      if (!changes || seq > range.last_id() - range.first_id + 1) continue;
      const int64_t id = range.first_id + seq - 1;
      text.bind(1, id);
      if (!text.executeStep()) {
        text.reset();
        continue;
      }
      Passage p;
      p.siglum = range.siglum;
      p.seq = seq;
      p.text = text.getColumn(0).getString();
      p.title = detail::optional_text(text.getColumn(1));
      p.author = detail::optional_text(text.getColumn(2));
      text.reset();
      const EditedPassage e = edited_passage(std::move(p), decisions);
      add.bind(1, id);
      add.bind(2, e.passage.text);
      if (e.passage.title) add.bind(3, *e.passage.title); else add.bind(3);
      if (e.passage.author) add.bind(4, *e.passage.author); else add.bind(4);
      add.exec();
      add.reset();
      out.insert(id);
    }
  }
  return out;
}

SearchResult search_now(Database& db, const SearchRequest& r) {
  std::optional<std::map<int64_t, std::vector<Span>>> person;
  if (!r.person.empty()) person = mentions_of(db, r.person);
  const std::vector<PassageRange> ranges = scope(db, r);
  std::optional<std::set<int64_t>> section;
  if (!r.section.empty()) section = passages_in_section(db, ranges, r.section);
  if (person && r.query.empty()) return ranges.empty() ? SearchResult{} : person_passages(db, r, ranges, *person, section);
  const std::string fts_query = to_fts5_query(r.query);
  SearchResult out;
  if (ranges.empty()) return out;
  // Gaps: the scope leaves out editions whose ids lie between its own.
  const auto all = EditionRepository(db).passage_ranges();
  const bool gaps = std::any_of(all.begin(), all.end(), [&](const PassageRange& p) {
    return p.first_id > ranges.front().first_id && p.first_id < ranges.back().first_id && !range_of(ranges, p.first_id);
  });
  std::set<int64_t> edited;
  if (r.edited) edited = index_edited(db, ranges);
  guarded([&] {
    // One pass over the index counts every hit (each hit's edition follows
    // from its id, so no passage is read) and keeps the page: the first hits
    // in passage order, or, ranked, every hit with its score.
    const bool ranked = r.ranked && r.limit > 0;
    const auto wanted = static_cast<std::size_t>(r.offset + r.limit);
    std::string sql = hits_of("passage_fts", ranked) + (r.edited ? " AND rowid NOT IN (SELECT rowid FROM temp.edited_fts)" : "");
    if (r.edited) sql += " UNION ALL " + hits_of("temp.edited_fts", ranked);
    SQLite::Statement pass(db.sql(), sql + (ranked ? "" : " ORDER BY 1"));
    bind_scope(pass, fts_query, ranges, gaps);
    std::map<std::string, int64_t> counts;
    std::vector<std::pair<double, int64_t>> scored;  // score, passage id
    while (pass.executeStep()) {
      const int64_t id = pass.getColumn(0).getInt64();
      const PassageRange* range = range_of(ranges, id);
      if (!range || (person && !person->count(id)) || (section && !section->count(id))) continue;
      ++counts[range->siglum];
      if (ranked || scored.size() < wanted) scored.emplace_back(pass.getColumn(1).getDouble(), id);
    }
    for (const auto& [siglum, n] : counts) {
      out.per_edition.emplace_back(siglum, n);
      out.total += n;
    }
    // The page: in passage order as read, or best scores first, ties by
    // passage order.
    const auto first = std::min<std::size_t>(static_cast<std::size_t>(r.offset), scored.size());
    const auto last = std::min<std::size_t>(first + static_cast<std::size_t>(r.limit), scored.size());
    if (ranked) std::partial_sort(scored.begin(), scored.begin() + static_cast<long>(last), scored.end());
    SQLite::Statement base_page(db.sql(), page_of("passage_fts"));
    std::optional<SQLite::Statement> edited_page;
    if (r.edited) edited_page.emplace(db.sql(), page_of("temp.edited_fts"));
    for (SQLite::Statement* q : {&base_page, edited_page ? &*edited_page : nullptr}) {
      if (!q) continue;
      q->bind(":open", kOpen);
      q->bind(":close", kClose);
      q->bind(":query", fts_query);
    }
    const std::u32string query_han = db.folding().code_points(to_code_points(r.query));
    for (std::size_t i = first; i < last; ++i) {
      const auto [score, id] = scored[i];
      SQLite::Statement& page = edited.count(id) ? *edited_page : base_page;
      const PassageRange* range = range_of(ranges, id);
      page.bind(":id", id);
      SearchHit h;
      h.siglum = range->siglum;
      h.seq = id - range->first_id + 1;
      if (!page.executeStep()) damaged(h);
      if (ranked) h.score = score;
      std::tie(h.text, h.matches) = unmark(page.getColumn(0).getString());
      read_label(page, 1, h.title, h.title_matches);
      read_label(page, 2, h.author, h.author_matches);
      h.ref = detail::optional_text(page.getColumn(5));
      page.reset();
      // The index named a passage whose words do not hold the query: it
      // no longer matches the text (damaged, or edited by hand).
      if (!holds_query(h, query_han, db.folding())) damaged(h);
      out.hits.push_back(std::move(h));
    }
    return 0;
  });
  return out;
}

}  // namespace

SearchResult search(Database& db, const SearchRequest& r) {
  if (r.limit < 0 || r.offset < 0) throw UsageError("--limit and --offset take numbers from 0");
  // One read transaction: counts and page of one moment, and one lock taken
  // instead of one per statement (a fifth of a short search's time).
  SearchResult out;
  db.read([&] { out = search_now(db, r); });
  return out;
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
