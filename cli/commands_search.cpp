// search, reindex: full-text search over every edition.
#include <algorithm>
#include <iostream>

#include "app.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/address.h"
#include "jiaozhu/error.h"
#include "jiaozhu/search.h"
#include "listing_json.h"
#include "json_output.h"
#include "text_format.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

// Code points of a snippet: enough for a line of a terminal in Han text.

struct SearchArgs {
  SearchRequest request;
  bool count_only = false;
  bool json = false;
};

// The snippet with its matches marked: bold on a terminal, [..] otherwise.
// The text is made printable and the marks are not (mark_spans), so the
// result is printed as it is, never through printable() again.
std::string marked(const Snippet& s, bool terminal) {
  const std::string open = terminal ? "\033[1m" : "[", close = terminal ? "\033[0m" : "]";
  std::vector<SpanMark> marks;
  for (const Span& m : s.matches) marks.push_back({static_cast<int64_t>(m.begin), static_cast<int64_t>(m.end), open, close});
  return (s.cut_before ? "…" : "") + mark_spans(one_line(s.text), marks) + (s.cut_after ? "…" : "");
}

// Code points of a title or author shown with a hit.
constexpr std::size_t kLabelWidth = 30;

// A hit's title, 《靜夜思》, and its author where the query matched it,
// marked as the text is; empty for a passage without a title.
std::string labels(const SearchHit& h, bool terminal) {
  auto whole = [&](const std::string& label, const std::vector<Span>& matches) {
    return marked(make_snippet(label, matches, kLabelWidth), terminal);
  };
  std::string out;
  if (h.title) out += "《" + whole(*h.title, h.title_matches) + "》 ";
  if (h.author && !h.author_matches.empty()) out += whole(*h.author, h.author_matches) + " ";
  return out;
}

void print_counts(const SearchResult& r) {
  std::string line = with_commas(r.total) + (r.total == 1 ? " passage" : " passages");
  for (std::size_t i = 0; i < r.per_edition.size(); ++i) {
    line += (i ? ", " : ": ") + r.per_edition[i].first + " " + with_commas(r.per_edition[i].second);
  }
  std::cout << line << '\n';
}

void run_search(const Globals& g, const SearchArgs& a) {
  if (a.request.query.empty() && a.request.person.empty()) throw UsageError("search needs a QUERY (or --person NAME)");
  Database db = g.open();
  SearchRequest request = a.request;
  if (a.count_only) request.limit = 0;
  const SearchResult r = search(db, request);
  if (a.json) {
    print_json(search_json(a.request.query, r));
    return;
  }
  if (!a.count_only) {
    const bool terminal = colour_allowed(1);
    std::size_t width = 0;
    for (const SearchHit& h : r.hits) width = std::max(width, format_address(h.siglum, h.seq).size());
    for (const SearchHit& h : r.hits) {
      const std::string address = format_address(h.siglum, h.seq);
      std::cout << address << std::string(width - address.size() + 2, ' ') << labels(h, terminal)
                << marked(make_snippet(h.text, h.matches, kSnippetWidth), terminal) << '\n';
    }
  }
  print_counts(r);
  const auto shown = static_cast<int64_t>(r.hits.size());
  if (!a.count_only && request.offset + shown < r.total) {
    std::cout << "showing " << request.offset + 1 << "-" << request.offset + shown << "; --offset "
              << request.offset + shown << " for more\n";
  }
}

}  // namespace

void add_search_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "search", "Find passages in every edition, whatever their script", [&g](CLI::App* cmd) {
    auto args = std::make_shared<SearchArgs>();
    cmd->add_option("QUERY", args->request.query,
                    "Han runs are phrases (张若 finds 張若麟); terms separated by spaces must all occur; "
                    "OR, NOT, \"...\", ( ) and a Latin prefix* work as in FTS5");
    cmd->add_option("--person", args->request.person, "Only passages mentioning this character, under any alias");
    cmd->add_option("--edition", args->request.editions, "Search only this edition (repeatable)")->allow_extra_args(false);
    cmd->add_option("--section", args->request.section, "Only passages under the section with this heading (梁惠王上)");
    cmd->add_flag("--edited", args->request.edited,
                  "Search the edited text (定本): the readings the editor adopted or emended (`decide`) put in");
    cmd->add_option("--work", args->request.work, "Search only the editions of this work");
    cmd->add_option("--limit", args->request.limit, "Passages to show (default 20)");
    cmd->add_option("--offset", args->request.offset, "Passages to skip, for the next page");
    cmd->add_flag("--count", args->count_only, "Print only the counts per edition");
    cmd->add_flag("--rank", args->request.ranked,
                  "Best matches first (bm25), not passage order: scores every hit, slower on frequent characters");
    add_json_flag(cmd, g, args->json, "Print as JSON, with code-point offsets of the matches");
    cmd->callback([&g, args] { run_search(g, *args); });
  });

  add_command(app, g, "reindex", "Rebuild the search index (after a change of folding table)", [&g](CLI::App* reindex_cmd) {
    auto reindex_json = std::make_shared<bool>(false);
    add_json_flag(reindex_cmd, g, *reindex_json, "Print as JSON");
    reindex_cmd->callback([&g, reindex_json] {
      Database db = g.open();
      reindex(db);
      print_result(*reindex_json, {{"reindexed", db.path().string()}}, "reindexed " + db.path().string());
    });
  });
}

}  // namespace jiaozhu::cli
