// The pages around the text: editions, search, notes and a note's history,
// persons and a person's page, and the suggestions of two aligned
// editions (aliases, fold rules) to accept. Every text from the database
// goes through html_escape.
#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/people.h"
#include "jiaozhu/script.h"
#include "jiaozhu/search.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/variant_form_suggestions.h"
#include "app.h"
#include "text_format.h"
#include "serve.h"
#include "serve_html.h"

namespace jiaozhu::cli {
namespace {

// Hits on a search page, mentions on a person's page.
constexpr int64_t kListSize = 50;
constexpr int64_t kMentionsShown = 200;
constexpr int64_t kNotesShown = 100;

std::string link(const std::string& href, const std::string& text) {
  return "<a href=\"" + html_escape(href) + "\">" + html_escape(text) + "</a>";
}

// A path segment as a browser sends it back: UTF-8 percent-encoded.
std::string path_segment(const std::string& s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ':') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// The edition the suggestions form offers beside the first: another of its
// work when there is one (an edition is never compared with itself).
std::size_t second_edition(const std::vector<Edition>& editions) {
  for (std::size_t i = 1; i < editions.size(); ++i) {
    if (editions[i].work == editions[0].work) return i;
  }
  return editions.size() > 1 ? 1 : 0;
}

void index_page(Database& db, WebResponse& res) {
  const std::vector<Edition> editions = EditionRepository(db).list();
  std::string body = "<table class=\"editions\"><tr><th>siglum</th><th>work</th><th>script</th><th>passages</th>"
                     "<th>characters</th><th>title</th><th></th></tr>";
  for (const Edition& e : editions) {
    body += "<tr><td>" + link("/read/" + e.siglum, e.siglum) + "</td><td>" + html_escape(e.work) + "</td><td>" +
            std::string(to_string(e.script)) + "</td><td class=\"number\">" + with_commas(e.passages) +
            "</td><td class=\"number\">" + with_commas(e.code_points) + "</td><td>" + html_escape(e.title) + "</td><td>" +
            link("/apparatus/" + e.siglum, "apparatus") + "</td></tr>";
  }
  body += "</table>\n<h2>Suggestions of two aligned editions</h2><form action=\"/suggestions\" method=\"get\">";
  const std::size_t chosen[] = {0, second_edition(editions)};
  for (std::size_t side = 0; side < 2; ++side) {
    body += "<select name=\"" + std::string(side ? "b" : "a") + "\">";
    for (std::size_t i = 0; i < editions.size(); ++i) {
      body += "<option" + std::string(i == chosen[side] ? " selected" : "") + ">" + html_escape(editions[i].siglum) + "</option>";
    }
    body += "</select> ";
  }
  res.body = page_html("Editions", body + "<button type=\"submit\">suggest</button></form>");
}

std::string marked_hit(const SearchHit& h) {
  const std::u32string text = to_code_points(h.text);
  std::string marked;
  std::size_t at = 0;
  for (const Span& m : h.matches) {
    marked += html_escape(to_utf8(text.substr(at, m.begin - at))) + "<mark>" +
              html_escape(to_utf8(text.substr(m.begin, m.end - m.begin))) + "</mark>";
    at = m.end;
  }
  return marked + html_escape(to_utf8(text.substr(std::min(at, text.size()))));
}

// The search form with the CLI's filters, as they were asked.
std::string search_form(const WebRequest& req) {
  auto field = [&](const char* name, const char* placeholder) {
    return "<input name=\"" + std::string(name) + "\" placeholder=\"" + placeholder + "\" value=\"" + html_escape(req.param(name)) + "\">";
  };
  return "<form class=\"filters\" action=\"/search\" method=\"get\">" + field("q", "words") + field("edition", "edition") +
         field("work", "work") + field("section", "section") + field("person", "person") +
         "<button type=\"submit\">search</button></form>\n";
}

void search_page(Database& db, const WebRequest& req, WebResponse& res) {
  SearchRequest r;
  r.query = req.param("q");
  if (req.has("edition") && !req.param("edition").empty()) r.editions.push_back(req.param("edition"));
  r.work = req.param("work");
  r.section = req.param("section");
  r.person = req.param("person");
  r.offset = req.number("offset", 0);
  std::string body = search_form(req);
  if (r.query.empty() && r.person.empty()) return void(res.body = page_html("Search", body + "<p>Type words to search.</p>"));
  r.limit = kListSize;
  const SearchResult found = search(db, r);
  body += "<p>" + std::to_string(found.total) + " passages</p><ol class=\"hits\" start=\"" + std::to_string(r.offset + 1) + "\">";
  for (const SearchHit& h : found.hits) {
    const std::string address = format_address(h.siglum, h.seq);
    body += "<li>" + link("/read/" + address + "#" + address, address) + " " + marked_hit(h) + "</li>";
  }
  body += "</ol>";
  if (r.offset + kListSize < found.total) {
    body += "<a href=\"/search?q=" + path_segment(r.query) + "&amp;edition=" + path_segment(req.param("edition")) + "&amp;work=" +
            path_segment(r.work) + "&amp;section=" + path_segment(r.section) + "&amp;person=" + path_segment(r.person) +
            "&amp;offset=" + std::to_string(r.offset + kListSize) + "\">more →</a>";
  }
  res.body = page_html("Search: " + (r.query.empty() ? r.person : r.query), body);
}

void notes_page(Database& db, const WebRequest& req, WebResponse& res) {
  NoteFilter f;
  if (!req.param("tag").empty()) f.tag = checked_argument(Field::kTag, req.param("tag"), "tag");
  if (!req.param("author").empty()) f.author = checked_argument(Field::kAuthor, req.param("author"), "author");
  if (!req.param("address").empty()) f.address = req.param("address");
  f.orphaned_only = req.param("orphaned") == "1";
  f.include_deleted = req.param("removed") == "1";
  const bool conflicts = req.param("conflicts") == "1";
  auto check = [&](const char* name, const char* label) {
    return "<label><input type=\"checkbox\" name=\"" + std::string(name) + "\" value=\"1\"" +
           (req.param(name) == "1" ? " checked" : "") + "> " + label + "</label> ";
  };
  std::string body = "<form class=\"filters\" method=\"get\"><input name=\"tag\" placeholder=\"tag\" value=\"" +
                     html_escape(req.param("tag")) + "\"><input name=\"author\" placeholder=\"author\" value=\"" +
                     html_escape(req.param("author")) + "\">" + check("orphaned", "orphaned") + check("conflicts", "in conflict") +
                     check("removed", "removed too") + "<button type=\"submit\">filter</button></form>\n<ol class=\"notes\">";
  std::vector<Note> notes = conflicts ? NoteRepository(db).conflicts() : NoteRepository(db).list(f);
  const Page shown{req.number("offset", 0), kNotesShown};
  const int64_t total = take_page(notes, shown);
  for (const Note& n : notes) body += note_item_html(n, n.address.empty() ? n.target_label : n.address);
  body += "</ol><p>" + std::to_string(total) + " notes";
  if (shown.offset + kNotesShown < total) {
    // The same filters, the next page.
    std::string next = "/notes?offset=" + std::to_string(shown.offset + kNotesShown);
    for (const char* name : {"tag", "author", "address", "orphaned", "conflicts", "removed"}) {
      if (!req.param(name).empty()) next += std::string("&") + name + "=" + path_segment(req.param(name));
    }
    body += "; " + link(next, "the next " + std::to_string(kNotesShown) + " →");
  }
  res.body = page_html("Notes", body + "</p>");
}

void note_page(Database& db, const std::string& id, WebResponse& res) {
  const Note n = NoteRepository(db).get(id);
  std::string body = "<ol class=\"notes\">" + note_item_html(n, n.address.empty() ? n.target_label : n.address) + "</ol>";
  if (n.target == NoteTarget::kSpan) body += "<p>On 「" + html_escape(n.exact) + "」</p>";
  body += "<h2>History</h2><table><tr><th>when</th><th>who</th><th>text</th><th>tags</th><th></th></tr>";
  for (const NoteRevision& r : NoteRepository(db).history(n.uuid)) {
    std::string tags;
    for (const std::string& t : r.tags) tags += (tags.empty() ? "" : " ") + t;
    body += "<tr><td>" + html_escape(r.created_at) + "</td><td>" + html_escape(r.author) + "</td><td>" + html_escape(r.body) +
            "</td><td>" + html_escape(tags) + "</td><td>" + (r.deleted ? "removed" : r.moved_to.empty() ? "" : "moved") + "</td></tr>";
  }
  res.body = page_html("Note " + n.uuid.substr(0, 8), body + "</table>");
}

void persons_page(Database& db, WebResponse& res) {
  std::string body = "<table><tr><th>name</th><th>aliases</th><th>mentions</th></tr>";
  for (const Person& p : PersonRepository(db).list()) {
    std::string aliases;
    for (const Alias& a : p.aliases) if (a.form != p.name) aliases += (aliases.empty() ? "" : "、") + a.form;
    int64_t mentions = 0;
    for (const auto& [siglum, n] : p.per_edition) mentions += n;
    body += "<tr><td>" + link("/person/" + path_segment(p.name), p.name) + "</td><td>" + html_escape(aliases) + "</td><td>" +
            std::to_string(mentions) + "</td></tr>";
  }
  res.body = page_html("Persons", body + "</table>");
}

void person_page(Database& db, const std::string& who, WebResponse& res) {
  PersonRepository people(db);
  const Person p = people.get(who);
  std::string body = p.note.empty() ? "" : "<p>" + html_escape(p.note) + "</p>";
  if (p.cbdb_id) body += "<p>CBDB " + html_escape(*p.cbdb_id) + "</p>";
  body += "<h2>Aliases</h2><table><tr><th>form</th><th>kind</th><th>mentions</th><th>note</th></tr>";
  for (const Alias& a : p.aliases) {
    body += "<tr><td>" + html_escape(a.form) + "</td><td>" + html_escape(a.kind) + "</td><td>" + std::to_string(a.mentions) +
            "</td><td>" + html_escape(a.note) + "</td></tr>";
  }
  body += "</table><form class=\"alias-add\" data-character=\"" + html_escape(p.uuid) +
          "\"><input name=\"form\" placeholder=\"another form\" required><select name=\"kind\"><option>error</option>"
          "<option>variant</option><option>courtesy</option><option>style</option><option>temple</option>"
          "<option>posthumous</option><option>title</option></select><button type=\"submit\">Add alias</button>"
          "<p class=\"error\"></p></form>";
  body += "<h2>Mentions</h2><p>";
  for (const auto& [siglum, n] : p.per_edition) body += html_escape(siglum) + " " + std::to_string(n) + "　";
  body += "</p><ol class=\"mentions\">";
  const std::vector<Mention> mentions = people.mentions(p.uuid, std::nullopt);
  for (std::size_t i = 0; i < mentions.size() && static_cast<int64_t>(i) < kMentionsShown; ++i) {
    const Mention& m = mentions[i];
    body += "<li>" + link("/read/" + m.address + "#" + m.address, m.address) + " …" + html_escape(m.context) + "… " +
            (m.form == m.text ? "" : "<span class=\"meta\">(" + html_escape(m.form) + ", " + html_escape(m.kind) + ")</span>") +
            (m.status == "unconfirmed" ? " <span class=\"meta unconfirmed\">(unconfirmed: " + html_escape(m.form) +
                                             " is marked ambiguous)</span>"
                                       : "") +
            "</li>";
  }
  body += "</ol>";
  if (static_cast<int64_t>(mentions.size()) > kMentionsShown) {
    body += "<p>and " + std::to_string(mentions.size() - kMentionsShown) + " more: " +
            link("/search?person=" + path_segment(p.name), "search them") + "</p>";
  }
  res.body = page_html(p.name, body);
}

// Accept and dismiss, or for a dismissed suggestion, take the dismissal back.
std::string decision_buttons(bool dismissed) {
  if (dismissed) return " <span class=\"meta\">(dismissed)</span><button type=\"button\" data-decide=\"undo\">take back</button>";
  return " <button type=\"button\" data-decide=\"accept\">accept</button><button type=\"button\" data-decide=\"dismiss\">dismiss</button>";
}

void suggestions_page(Database& db, const WebRequest& req, WebResponse& res) {
  const std::string a = req.param("a"), b = req.param("b");
  if (a.empty() || b.empty()) throw UsageError("suggestions need two editions: ?a=S&b=T");
  const bool all = req.param("all") == "1";
  std::string body = std::string("<p>") +
                     (all ? link("/suggestions?a=" + path_segment(a) + "&b=" + path_segment(b), "hide the dismissed ones")
                          : link("/suggestions?a=" + path_segment(a) + "&b=" + path_segment(b) + "&all=1", "show the dismissed ones too")) +
                     "</p><h2>Aliases</h2><ol class=\"suggestions\">";
  for (const AliasSuggestion& s : PersonRepository(db).suggest(a, b, all)) {
    std::string places;
    for (const std::string& x : s.addresses) places += " " + link("/parallel/" + x, x);
    const std::string data = " data-kind=\"alias\" data-character=\"" + html_escape(s.character) + "\" data-form=\"" +
                             html_escape(s.form) + "\" data-alias-kind=\"" + html_escape(s.kind) + "\"";
    body += "<li" + data + (s.dismissed ? " class=\"dismissed\"" : "") + ">" + html_escape(s.form) + " as " + html_escape(s.kind) +
            " of " + link("/person/" + path_segment(s.character), s.character) + ": " + html_escape(s.evidence) + places +
            decision_buttons(s.dismissed) + "</li>";
  }
  body += "</ol><h2>Fold rules (variant forms)</h2><ol class=\"suggestions\">";
  for (const FoldSuggestion& s : suggest_fold_rules(db, a, b, all)) {
    std::string evidence;
    for (const std::string& e : s.evidence) evidence += (evidence.empty() ? "" : "; ") + e;
    body += "<li data-kind=\"fold\" data-form=\"" + html_escape(s.form) + "\" data-standard=\"" + html_escape(s.standard) + "\"" +
            (s.dismissed ? " class=\"dismissed\"" : "") + ">" + html_escape(s.form) + " → " + html_escape(s.standard) + ": " + std::to_string(s.count) + " places, " +
            std::to_string(static_cast<int>(s.consistency * 100 + 0.5)) + "% consistent" +
            (evidence.empty() ? "" : "; " + html_escape(evidence)) + decision_buttons(s.dismissed) + "</li>";
  }
  res.body = page_html("Suggestions: " + a + " and " + b, body + "</ol>");
}

std::string segment(const WebRequest& req, const char* what) {
  return checked_argument(Field::kReference, req.matches.at(1), what);
}

}  // namespace

void add_page_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/", [&](const WebRequest&, WebResponse& res) { gate.with([&](Database& db) { index_page(db, res); }); });
  routes.get("/search", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { search_page(db, req, res); });
  });
  routes.get("/notes", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { notes_page(db, req, res); });
  });
  routes.get("/notes/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { note_page(db, segment(req, "note id"), res); });
  });
  routes.get("/persons", [&](const WebRequest&, WebResponse& res) { gate.with([&](Database& db) { persons_page(db, res); }); });
  routes.get("/person/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { person_page(db, segment(req, "person"), res); });
  });
  routes.get("/suggestions", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { suggestions_page(db, req, res); });
  });
}

}  // namespace jiaozhu::cli
