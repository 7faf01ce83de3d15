// The pages that show the text: the reading view of an edition (notes,
// persons and, against a chosen witness, variants marked), the parallel
// view of a passage along its links, and the live apparatus, which is the
// apparatus export's own HTML (#14) with its style and script linked.
#include <algorithm>
#include <optional>
#include <sstream>

#include "jiaozhu/address.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/parallels.h"
#include "jiaozhu/workflow.h"
#include "parallel_view.h"
#include "serve.h"
#include "serve_html.h"

namespace jiaozhu::cli {
namespace {

// Passages on one reading page, and base passages on one apparatus page.
constexpr int64_t kPageSize = 50;

// The passages to show: the whole window an address names (at most four
// pages), 50 from N for S:N, the first 50 for S.
Address window_of(Database& db, const std::string& where) {
  Address a = parse_address(where);
  const int64_t count = EditionRepository(db).passage_count(EditionRepository(db).get(a.siglum).id);
  if (a.whole_edition()) a.first = 1, a.last = std::min(count, kPageSize);
  else if (a.first == a.last) a.last = std::min(count, a.first + kPageSize - 1);
  else a.last = std::min(a.last, a.first + 4 * kPageSize - 1);
  return a;
}

std::string pager(const std::string& route, const Address& a, int64_t count, const std::string& query) {
  std::string out = "<nav class=\"pager\">";
  if (a.first > 1) {
    out += "<a href=\"/" + route + "/" + html_escape(format_address(a.siglum, std::max<int64_t>(1, a.first - kPageSize))) +
           html_escape(query) + "\">← earlier</a> ";
  }
  if (a.last < count) out += "<a href=\"/" + route + "/" + html_escape(format_address(a.siglum, a.last + 1)) + html_escape(query) + "\">later →</a>";
  return out + "</nav>";
}

// The chooser of the witness whose variants the reading view marks.
std::string witness_form(Database& db, const Address& a, const std::string& with) {
  const Edition own = EditionRepository(db).get(a.siglum);
  std::string out = "<form class=\"witness\" method=\"get\"><label>Variants against <select name=\"with\"><option value=\"\">none</option>";
  for (const Edition& e : EditionRepository(db).all()) {
    if (e.siglum == a.siglum || e.work != own.work) continue;
    out += "<option" + std::string(e.siglum == with ? " selected" : "") + " value=\"" + html_escape(e.siglum) + "\">" +
           html_escape(e.siglum) + " " + html_escape(e.title) + "</option>";
  }
  return out + "</select></label> <button type=\"submit\">show</button> <a href=\"/apparatus/" + html_escape(a.siglum) +
         "\">apparatus</a></form>\n";
}

// `span=START-END`: the words of the passage the address names that a
// parallel in another passage opened it on (parallels_panel); none without.
std::optional<std::pair<int64_t, int64_t>> quoted_span(const WebRequest& req) {
  const std::string span = req.param("span");
  if (span.empty()) return std::nullopt;
  const auto dash = span.find('-');
  const auto number = [](std::string_view digits) {
    if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) return int64_t{-1};
    return static_cast<int64_t>(std::stoll(std::string(digits)));
  };
  const int64_t start = dash == std::string::npos ? -1 : number(std::string_view(span).substr(0, dash));
  const int64_t end = dash == std::string::npos ? -1 : number(std::string_view(span).substr(dash + 1));
  if (start < 0 || end <= start) throw UsageError("span is START-END, in characters from 0, START before END");
  return std::pair{start, end};
}

void read_page(Database& db, const WebRequest& req, const std::string& where, WebResponse& res) {
  const Address a = window_of(db, where);
  const auto quoted = quoted_span(req);
  const std::string range = format_address(a.siglum, a.first) + "-" + std::to_string(a.last);
  const std::string with = req.param("with");
  std::vector<Passage> passages;
  std::map<std::string, NotesOf> notes;
  std::vector<Mention> mentions;
  std::vector<Variant> variants;
  db.read([&] {
    passages = PassageRepository(db).get(a);
    notes = notes_of(db, range, passages);
    mentions = PersonRepository(db).mentions_in(a.siglum, a.first, a.last);
    if (!with.empty()) {
      CollationRepository::VariantQuery q;
      q.classes = reading_classes();
      q.fields = {VariantField::kText};
      q.seqs = std::pair{a.first, a.last};
      CollationRepository(db).each_variant(a.siglum, with, q, [&](Variant&& v) { variants.push_back(std::move(v)); });
    }
  });
  std::map<std::string, PassageMarks> marks;
  for (const auto& [address, of] : notes) marks[address].notes = &of;
  for (const Mention& m : mentions) marks[m.address].mentions.push_back(&m);
  for (const Variant& v : variants) marks[v.a.address].variants.push_back(&v);
  if (quoted && !parse_address(where).whole_edition()) marks[format_address(a.siglum, a.first)].quoted = quoted;
  std::string texts;
  std::vector<std::string> addresses;
  const std::vector<std::string>* section = nullptr;
  for (const Passage& p : passages) {
    if (!p.section.empty() && (!section || *section != p.section)) {
      texts += "<h2 class=\"section\">" + html_escape(format_section(p.section)) + "</h2>\n";
    }
    section = &p.section;
    addresses.push_back(format_address(p.siglum, p.seq));
    texts += passage_html(p, marks[addresses.back()]);
  }
  const int64_t count = EditionRepository(db).passage_count(EditionRepository(db).get(a.siglum).id);
  texts += pager("read", a, count, with.empty() ? "" : "?with=" + with);
  FacsimilePanel facsimile;
  db.read([&] { facsimile = facsimile_panel(db, a.siglum, addresses, notes); });
  std::string body = witness_form(db, a, with);
  body += facsimile.html.empty() ? texts : "<div class=\"beside-facsimile\"><div class=\"texts\">" + texts + "</div>" + facsimile.html + "</div>";
  res.image_origins = std::move(facsimile.origins);
  res.body = page_html(range + (with.empty() ? "" : " against " + with), body, {}, facsimile.html.empty() ? std::vector<std::string>{}
                                                                                                            : std::vector<std::string>{"/assets/facsimile.js"});
}

// Where else the passage's words stand, in other works: each parallel with
// its words on both sides, opening the other passage in the reading view.
std::string parallels_panel(Database& db, const std::string& where) {
  std::vector<Parallel> found;
  try {
    found = ParallelRepository(db).of_passage(where, {});
  } catch (const DatabaseError& e) {
    return "<section class=\"parallels\"><h2>Parallel passages</h2><p class=\"error\">" + html_escape(e.what()) + "</p></section>";
  }
  std::string out = "<section class=\"parallels\"><h2>Parallel passages in other works</h2>";
  if (found.empty()) return out + "<p class=\"meta\">none of 8 characters or more</p></section>";
  out += "<ol>";
  for (const Parallel& p : found) {
    const std::string opens = "/read/" + p.other.address + "?span=" + std::to_string(p.other.start) + "-" +
                              std::to_string(p.other.end) + "#" + p.other.address;  // the words marked there
    out += "<li data-parallel=\"" + html_escape(p.other.address) + "\"><a href=\"" + html_escape(opens) + "\">" +
           html_escape(p.other.address) + "</a> <span class=\"meta\">" +
           html_escape(p.other_work) + ", " + std::to_string(p.length) + " characters" +
           (p.differences.empty() ? "" : ", " + std::to_string(p.differences.size()) + " differ") + "</span><br>"
           "<span class=\"quote\">" + html_escape(p.own.text) + "</span> ~ <span class=\"quote\">" + html_escape(p.other.text) +
           "</span></li>";
  }
  return out + "</ol></section>";
}

// The page image beside one side of the parallel view; its hosts join `origins`.
std::string side_facsimile(Database& db, const ParallelPassage& side, std::vector<std::string>& origins) {
  const std::map<std::string, NotesOf> notes{{side.address, side.notes}};
  FacsimilePanel panel = facsimile_panel(db, parse_address(side.address).siglum, {side.address}, notes);
  origins.insert(origins.end(), panel.origins.begin(), panel.origins.end());
  return panel.html;
}

void parallel_page(Database& db, const std::string& where, WebResponse& res) {
  const Address at = parse_address(where);
  if (at.whole_edition() || at.first != at.last) throw UsageError("the parallel view is of one passage: S:N");
  std::string body;
  std::vector<std::string> facsimiles;
  db.read([&] {
    const std::vector<Passage> own = PassageRepository(db).get(at);
    const std::vector<ParallelLink> links = parallel_of(db, at, where, {});
    if (links.empty()) {
      const auto notes = notes_of(db, where, own);
      PassageMarks marks;
      if (auto n = notes.find(where); n != notes.end()) marks.notes = &n->second;
      body = "<p>No passage of another edition is linked with " + html_escape(where) + " (run <code>jiaozhu align</code>).</p>" +
             passage_html(own.front(), marks);
      FacsimilePanel panel = facsimile_panel(db, at.siglum, {where}, notes);
      body += panel.html;
      facsimiles = std::move(panel.origins);
      return;
    }
    for (const ParallelLink& pl : links) {
      body += "<div class=\"parallel\">";
      for (const ParallelPassage& side : pl.passages) {
        PassageMarks marks;
        marks.notes = &side.notes;
        const Address sa = parse_address(side.address);
        const std::vector<Mention> mentions = PersonRepository(db).mentions_in(sa.siglum, sa.first, sa.first);
        for (const Mention& m : mentions) marks.mentions.push_back(&m);
        for (const Variant& v : pl.variants) {
          if (v.a.address == side.address) marks.variants.push_back(&v);
          else if (v.b.address == side.address) marks.variants.push_back(&v), marks.on_b = true;
        }
        body += "<section><h2>" + html_escape(side.address) + "</h2>" + passage_html(side.passage, marks) +
                side_facsimile(db, side, facsimiles) + "</section>";
      }
      body += "</div>\n";
    }
  });
  body += parallels_panel(db, where);
  std::sort(facsimiles.begin(), facsimiles.end());
  facsimiles.erase(std::unique(facsimiles.begin(), facsimiles.end()), facsimiles.end());
  const bool images = body.find("class=\"facsimile\"") != std::string::npos;
  res.image_origins = std::move(facsimiles);
  res.body = page_html("parallel " + where, body, {}, images ? std::vector<std::string>{"/assets/facsimile.js"} : std::vector<std::string>{});
}

// The sigla of ?with=T,U, each held to the rules of an argument.
void apparatus_page(Database& db, const WebRequest& req, const std::string& where, WebResponse& res) {
  ApparatusRequest request;
  const Address a = window_of(db, where);
  request.base = a.siglum;
  request.witnesses = sigla_list(req.param("with"));
  if (request.witnesses.empty()) {
    const Edition base = EditionRepository(db).get(a.siglum);
    for (const Edition& e : EditionRepository(db).all()) {
      if (e.siglum != base.siglum && e.work == base.work) request.witnesses.push_back(e.siglum);
    }
    if (request.witnesses.empty()) throw UsageError("edition " + a.siglum + " has no other edition of its work to collate");
  }
  request.passages = format_address(a.siglum, a.first) + "-" + std::to_string(a.last);
  request.witness_texts = true;
  // A GET writes nothing: a witness not aligned yet is offered to align
  // (a POST), not aligned here, and no place is remembered until decided.
  std::string unaligned;
  for (const std::string& w : unaligned_witnesses(db, request)) {
    unaligned += "<p class=\"unaligned\">" + html_escape(w) + " is not aligned with " + html_escape(request.base) +
                 " yet: <button type=\"button\" data-align=\"" + html_escape(w) + "\">align</button> (or run <code>jiaozhu align " +
                 html_escape(request.base) + " " + html_escape(w) + "</code>)</p>\n";
    std::erase(request.witnesses, w);
  }
  std::ostringstream out;
  std::string with;
  for (const std::string& w : request.witnesses) with += (with.empty() ? "" : ",") + w;
  out << "<div id=\"apparatus-window\" data-base=\"" << html_escape(request.base) << "\" data-window=\""
      << html_escape(*request.passages) << "\" data-with=\"" << html_escape(with) << "\">\n" << unaligned;
  std::string title = "校勘記: " + request.base;
  if (!request.witnesses.empty()) {
    const Apparatus apparatus = build_apparatus(db, request);
    write_apparatus_html_body(apparatus, out, true);
    title = apparatus_title(apparatus);
  }
  out << "</div>\n";
  const int64_t count = EditionRepository(db).passage_count(EditionRepository(db).get(request.base).id);
  res.body = page_html(title, out.str() + pager("apparatus", a, count, "?with=" + with),
                       {"/assets/apparatus.css"}, {"/assets/apparatus.js"}, true);
}

std::string address_of(const WebRequest& req) { return checked_argument(Field::kReference, req.matches.at(1), "address"); }

}  // namespace

void add_reading_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/read/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { read_page(db, req, address_of(req), res); });
  });
  routes.get("/parallel/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { parallel_page(db, address_of(req), res); });
  });
  routes.get("/apparatus/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { apparatus_page(db, req, address_of(req), res); });
  });
}

}  // namespace jiaozhu::cli
