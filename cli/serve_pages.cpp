// The pages of `jiaozhu serve`, rendered on the server: editions, the
// reading view of an edition with its notes marked on their words, the
// parallel view of a passage and the passages linked with it, search and
// notes. Every text from the database goes through html_escape.
#include <map>
#include <set>
#include <sstream>

#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/search.h"
#include "jiaozhu/unicode.h"
#include "listing_json.h"
#include "notes_output.h"
#include "serve.h"

namespace jiaozhu::cli {
namespace {

// Passages on one reading page.
constexpr int64_t kPageSize = 50;

std::string page(const std::string& title, const std::string& body) {
  return "<!doctype html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" +
         html_escape(title) + " — jiaozhu</title><link rel=\"stylesheet\" href=\"/assets/app.css\"></head><body>\n"
         "<header><nav><a href=\"/\">Editions</a><a href=\"/notes\">Notes</a>"
         "<form class=\"search\" action=\"/search\" method=\"get\"><input name=\"q\" placeholder=\"search\"></form>"
         "</nav><h1>" + html_escape(title) + "</h1></header>\n<main>\n" + body +
         "</main>\n<form id=\"note-form\" hidden><div>A note on the words selected</div>"
         "<input name=\"address\" readonly><input name=\"quote\" readonly>"
         "<textarea name=\"text\" placeholder=\"the note\" required></textarea><input name=\"tags\" placeholder=\"tags\">"
         "<p class=\"error\"></p><button type=\"submit\">Add note</button> <button type=\"button\" name=\"cancel\">Cancel</button>"
         "</form>\n<script src=\"/assets/app.js\"></script></body></html>\n";
}

void send_page(WebResponse& res, const std::string& title, const std::string& body) {
  res.body = page(title, body);
}

// The passage's text with the notes' spans marked: each stretch covered by
// the same notes is one <mark> naming their numbers.
std::string marked_text(const Passage& p, const NotesOf* notes) {
  const std::u32string text = to_code_points(p.text);
  std::vector<std::set<std::size_t>> cover(text.size());
  std::vector<bool> mapped(text.size(), false);
  if (notes) {
    std::size_t k = 1;
    auto mark = [&](int64_t start, int64_t end, bool other) {
      for (int64_t i = std::max<int64_t>(0, start); i < end && i < static_cast<int64_t>(text.size()); ++i) {
        cover[static_cast<std::size_t>(i)].insert(k);
        if (other) mapped[static_cast<std::size_t>(i)] = true;
      }
      ++k;
    };
    for (const Note& n : notes->own) {
      if (n.target == NoteTarget::kSpan && !n.orphaned) mark(n.start, n.end, false);
      else ++k;
    }
    for (const MappedNote& m : notes->mapped) mark(m.start, m.end, true);
  }
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t j = i;
    while (j < text.size() && cover[j] == cover[i] && mapped[j] == mapped[i]) ++j;
    const std::string run = html_escape(to_utf8(text.substr(i, j - i)));
    if (cover[i].empty()) {
      out += run;
    } else {
      std::string numbers;
      for (std::size_t n : cover[i]) numbers += (numbers.empty() ? "" : " ") + std::to_string(n);
      out += "<mark class=\"note" + std::string(mapped[i] ? " mapped" : "") + "\" data-notes=\"" + numbers + "\">" + run + "</mark>";
    }
    i = j;
  }
  return out;
}

std::string note_item(const Note& n, const std::string& where) {
  std::string tags;
  for (const std::string& t : n.current.tags) tags += " #" + t;
  return "<li>" + html_escape(n.current.body) + " <span class=\"meta\">" + html_escape(n.current.author) + html_escape(tags) +
         (where.empty() ? "" : " (on " + html_escape(where) + ")") + (n.orphaned ? " (orphaned)" : "") +
         (n.conflict() ? " (in conflict)" : "") + "</span></li>";
}

std::string notes_list(const NotesOf* notes) {
  if (!notes || (notes->own.empty() && notes->mapped.empty())) return "<ol class=\"notes\"></ol>";
  std::string out = "<ol class=\"notes\">";
  for (const Note& n : notes->own) out += note_item(n, "");
  for (const MappedNote& m : notes->mapped) out += note_item(m.note, m.note.address);
  return out + "</ol>";
}

std::string passage_html(const Passage& p, const std::map<std::string, NotesOf>& notes) {
  const std::string address = format_address(p.siglum, p.seq);
  const auto n = notes.find(address);
  const NotesOf* of = n == notes.end() ? nullptr : &n->second;
  std::string title;
  if (p.title) title += "《" + *p.title + "》";
  if (p.author) title += " " + *p.author;
  return "<article class=\"passage\" id=\"" + html_escape(address) + "\"><div class=\"address\"><a href=\"/parallel/" +
         html_escape(address) + "\">" + html_escape(address) + "</a>" +
         (p.page ? "<div class=\"page\">p. " + html_escape(*p.page) + "</div>" : "") + "</div><div>" +
         (title.empty() ? "" : "<div class=\"title\">" + html_escape(title) + "</div>") + "<div class=\"text\" data-address=\"" +
         html_escape(address) + "\">" + marked_text(p, of) + "</div></div>" + notes_list(of) + "</article>\n";
}

// The passages to read: the whole window an address names, 50 from N for
// S:N, the first 50 for S.
Address reading_window(Database& db, const std::string& where) {
  Address a = parse_address(where);
  const Edition e = EditionRepository(db).get(a.siglum);
  const int64_t count = EditionRepository(db).passage_count(e.id);
  if (a.whole_edition()) a.first = 1, a.last = std::min(count, kPageSize);
  else if (a.first == a.last) a.last = std::min(count, a.first + kPageSize - 1);
  else a.last = std::min(a.last, a.first + 4 * kPageSize - 1);
  return a;
}

void read_page(Database& db, const std::string& where, WebResponse& res) {
  const Address a = reading_window(db, where);
  const std::string range = format_address(a.siglum, a.first) + "-" + std::to_string(a.last);
  const auto passages = PassageRepository(db).get(a);
  const auto notes = notes_of(db, range, passages);
  std::string body;
  const std::vector<std::string>* section = nullptr;
  for (const Passage& p : passages) {
    if (!p.section.empty() && (!section || *section != p.section)) {
      body += "<h2 class=\"section\">" + html_escape(format_section(p.section)) + "</h2>\n";
    }
    section = &p.section;
    body += passage_html(p, notes);
  }
  const int64_t count = EditionRepository(db).passage_count(EditionRepository(db).get(a.siglum).id);
  body += "<nav>";
  if (a.first > 1) body += "<a href=\"/read/" + html_escape(format_address(a.siglum, std::max<int64_t>(1, a.first - kPageSize))) + "\">← earlier</a> ";
  if (a.last < count) body += "<a href=\"/read/" + html_escape(format_address(a.siglum, a.last + 1)) + "\">later →</a>";
  body += "</nav>";
  send_page(res, a.siglum + " " + range, body);
}

void parallel_page(Database& db, const std::string& where, WebResponse& res) {
  const Address at = parse_address(where);
  if (at.whole_edition() || at.first != at.last) throw UsageError("the parallel view is of one passage: S:N");
  std::vector<std::string> shown{where};
  for (const Link& l : CollationRepository(db).links_of(where)) {
    for (const auto* side : {&l.a, &l.b}) {
      for (const std::string& other : *side) {
        if (std::find(shown.begin(), shown.end(), other) == shown.end()) shown.push_back(other);
      }
    }
  }
  std::string body = "<div class=\"parallel\">";
  for (const std::string& address : shown) {
    const auto passages = PassageRepository(db).get(parse_address(address));
    body += "<section><h2>" + html_escape(address) + "</h2>" + passage_html(passages.front(), notes_of(db, address, passages)) +
            "</section>";
  }
  send_page(res, "parallel " + where, body + "</div>");
}

void index_page(Database& db, WebResponse& res) {
  std::string body = "<table><tr><th>siglum</th><th>work</th><th>title</th><th>passages</th></tr>";
  for (const Edition& e : EditionRepository(db).list()) {
    body += "<tr><td><a href=\"/read/" + html_escape(e.siglum) + "\">" + html_escape(e.siglum) + "</a></td><td>" +
            html_escape(e.work) + "</td><td>" + html_escape(e.title) + "</td><td>" + std::to_string(e.passages) + "</td></tr>";
  }
  send_page(res, "Editions", body + "</table>");
}

void search_page(Database& db, const WebRequest& req, WebResponse& res) {
  SearchRequest r;
  r.query = req.param("q");
  if (req.has("edition")) r.editions.push_back(req.param("edition"));
  if (r.query.empty()) return send_page(res, "Search", "<p>Type words to search in the box above.</p>");
  r.limit = 50;
  const SearchResult found = search(db, r);
  std::string body = "<p>" + std::to_string(found.total) + " passages</p><ol class=\"hits\">";
  for (const SearchHit& h : found.hits) {
    const std::u32string text = to_code_points(h.text);
    std::string marked;
    std::size_t at = 0;
    for (const Span& m : h.matches) {
      marked += html_escape(to_utf8(text.substr(at, m.begin - at))) + "<mark>" +
                html_escape(to_utf8(text.substr(m.begin, m.end - m.begin))) + "</mark>";
      at = m.end;
    }
    marked += html_escape(to_utf8(text.substr(std::min(at, text.size()))));
    const std::string address = format_address(h.siglum, h.seq);
    body += "<li><a href=\"/read/" + html_escape(address) + "\">" + html_escape(address) + "</a> " + marked + "</li>";
  }
  send_page(res, "Search: " + r.query, body + "</ol>");
}

void notes_page(Database& db, const WebRequest& req, WebResponse& res) {
  NoteFilter f;
  if (req.has("tag")) f.tag = checked_argument(Field::kTag, req.param("tag"), "tag");
  if (req.has("author")) f.author = checked_argument(Field::kAuthor, req.param("author"), "author");
  f.orphaned_only = req.has("orphaned");
  std::string body = "<ol class=\"notes\">";
  for (const Note& n : NoteRepository(db).list(f)) body += note_item(n, n.address.empty() ? n.target_label : n.address);
  send_page(res, "Notes", body + "</ol>");
}

std::string address_of(const WebRequest& req) {
  return checked_argument(Field::kNoteText, req.matches.at(1), "address");
}

}  // namespace

void add_page_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/", [&](const WebRequest&, WebResponse& res) { gate.with([&](Database& db) { index_page(db, res); }); });
  routes.get("/read/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { read_page(db, address_of(req), res); });
  });
  routes.get("/parallel/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { parallel_page(db, address_of(req), res); });
  });
  routes.get("/search", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { search_page(db, req, res); });
  });
  routes.get("/notes", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { notes_page(db, req, res); });
  });
}

}  // namespace jiaozhu::cli
