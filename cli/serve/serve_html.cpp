// The HTML the pages share (serve_html.h).
#include "serve_html.h"

#include "jiaozhu/address.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/variant_kind.h"
#include "serve.h"

namespace jiaozhu::cli {
namespace {

std::string joined(const std::vector<std::string>& items, const std::string& by) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : by) + s;
  return out;
}

// The kinds a scholar may set by hand, in the chooser's order.
constexpr VariantKind kSettableKinds[] = {VariantKind::kOmission, VariantKind::kAddition, VariantKind::kInversion,
                                          VariantKind::kGraphic,  VariantKind::kPhonetic, VariantKind::kLoan,
                                          VariantKind::kVariantForm, VariantKind::kTaboo,    VariantKind::kOther};

bool kind_settable(const Variant& v) {
  return v.field == VariantField::kText &&
         (v.variant_class == VariantClass::kSubstantive || v.variant_class == VariantClass::kConversion);
}

// The motivations the server takes (kMotivations), the default first.
std::string motivation_options() {
  std::string out;
  for (const char* m : kMotivations) out += "<option>" + std::string(m) + "</option>";
  return out;
}

std::string selection_form() {
  return "<form id=\"note-form\" hidden><div>On the words selected in <b class=\"where\"></b>: 「<b class=\"quote\"></b>」</div>"
         "<input name=\"address\" type=\"hidden\"><input name=\"quote\" type=\"hidden\"><input name=\"field\" type=\"hidden\">"
         "<fieldset><legend>A note</legend><textarea name=\"text\" placeholder=\"the note\"></textarea>"
         "<input name=\"tags\" placeholder=\"tags, by commas\"><select name=\"motivation\">" +
         motivation_options() + "</select>"
         "<button type=\"submit\" name=\"add-note\">Add note</button></fieldset>"
         "<fieldset><legend>Or an alias</legend><input name=\"character\" placeholder=\"of the character\">"
         "<select name=\"kind\"><option>error</option><option>variant</option><option>name</option><option>courtesy</option>"
         "<option>style</option><option>temple</option><option>posthumous</option><option>title</option></select>"
         "<button type=\"button\" name=\"add-alias\">Add alias</button></fieldset>"
         "<p class=\"error\"></p><button type=\"button\" name=\"cancel\">Close</button></form>\n";
}

}  // namespace

std::string page_html(const std::string& title, const std::string& body, const std::vector<std::string>& stylesheets,
                      const std::vector<std::string>& scripts, bool body_has_heading) {
  std::string head;
  for (const std::string& s : stylesheets) head += "<link rel=\"stylesheet\" href=\"" + html_escape(s) + "\">";
  std::string tail;
  for (const std::string& s : scripts) tail += "<script src=\"" + html_escape(s) + "\"></script>";
  return "<!doctype html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" +
         html_escape(title) + " — jiaozhu</title><link rel=\"stylesheet\" href=\"/assets/app.css\">" + head +
         "</head><body>\n<header class=\"site\"><nav><a href=\"/\">Editions</a><a href=\"/persons\">Persons</a>"
         "<a href=\"/notes\">Notes</a><form class=\"search\" action=\"/search\" method=\"get\">"
         "<input name=\"q\" placeholder=\"search\"></form></nav>" + (body_has_heading ? "" : "<h1>" + html_escape(title) + "</h1>") +
         "</header>\n<main>\n" +
         body + "</main>\n" + selection_form() + "<script src=\"/assets/app.js\"></script>" + tail + "</body></html>\n";
}

MarkedText::MarkedText(const std::string& text) : text_(to_code_points(text)), cover_(text_.size()) {}

void MarkedText::note(int64_t start, int64_t end, std::size_t number, bool mapped) {
  for (int64_t i = std::max<int64_t>(0, start); i < end && i < static_cast<int64_t>(text_.size()); ++i) {
    cover_[static_cast<std::size_t>(i)].notes.insert(number);
    if (mapped) cover_[static_cast<std::size_t>(i)].mapped = true;
  }
}

void MarkedText::person(int64_t start, int64_t end, const std::string& name) {
  for (int64_t i = std::max<int64_t>(0, start); i < end && i < static_cast<int64_t>(text_.size()); ++i) {
    cover_[static_cast<std::size_t>(i)].person = name;
  }
}

void MarkedText::variant(int64_t start, int64_t end, const Variant& v, const std::string& reading) {
  std::string css = "v-" + std::string(to_string(v.variant_class));
  std::string title = std::string(to_string(v.variant_class));
  if (v.kind) {
    css += " k-" + std::string(to_string(*v.kind));
    title += " " + std::string(chinese_name(*v.kind));
  }
  title += ": " + (reading.empty() ? std::string("(none)") : reading);
  const std::size_t k = variants_.size();
  variants_.push_back({v.uuid, css, title});
  if (start >= end) {
    points_.emplace(start, k);
    return;
  }
  for (int64_t i = std::max<int64_t>(0, start); i < end && i < static_cast<int64_t>(text_.size()); ++i) {
    cover_[static_cast<std::size_t>(i)].variants.push_back(k);
  }
}

void MarkedText::quoted(int64_t start, int64_t end) {
  for (int64_t i = std::max<int64_t>(0, start); i < end && i < static_cast<int64_t>(text_.size()); ++i) {
    cover_[static_cast<std::size_t>(i)].quoted = true;
  }
}

std::string MarkedText::element(const Cover& c, const std::string& inner) const {
  std::vector<std::string> css, attributes;
  if (c.quoted) css.push_back("quoted");
  if (!c.notes.empty()) {
    css.push_back(c.mapped ? "note mapped" : "note");
    std::vector<std::string> numbers;
    for (std::size_t n : c.notes) numbers.push_back(std::to_string(n));
    attributes.push_back("data-notes=\"" + joined(numbers, " ") + "\"");
  }
  if (!c.person.empty()) {
    css.push_back("person");
    attributes.push_back("data-person=\"" + html_escape(c.person) + "\"");
  }
  if (!c.variants.empty()) {
    std::vector<std::string> uuids, titles;
    css.push_back("variant " + variants_[c.variants.front()].css);
    for (std::size_t k : c.variants) uuids.push_back(variants_[k].uuid), titles.push_back(variants_[k].title);
    attributes.push_back("data-variants=\"" + joined(uuids, " ") + "\"");
    attributes.push_back("title=\"" + html_escape(joined(titles, "\n")) + "\"");
  }
  if (css.empty()) return inner;
  const char* tag = c.notes.empty() ? "span" : "mark";
  return std::string("<") + tag + " class=\"" + joined(css, " ") + "\" " + joined(attributes, " ") + ">" + inner + "</" + tag + ">";
}

std::string MarkedText::html() const {
  std::string out;
  auto points_at = [&](std::size_t at) {
    for (auto [it, last] = points_.equal_range(static_cast<int64_t>(at)); it != last; ++it) {
      Cover c;
      c.variants.push_back(it->second);
      out += element(c, "");
    }
  };
  std::size_t i = 0;
  while (i < text_.size()) {
    points_at(i);
    std::size_t j = i + 1;
    while (j < text_.size() && cover_[j] == cover_[i] && !points_.count(static_cast<int64_t>(j))) ++j;
    out += element(cover_[i], html_escape(to_utf8(text_.substr(i, j - i))));
    i = j;
  }
  points_at(text_.size());
  return out;
}

std::string note_item_html(const Note& n, const std::string& where) {
  std::string tags;
  for (const std::string& t : n.current.tags) tags += " <span class=\"tag\">#" + html_escape(t) + "</span>";
  std::string css = "note-item";
  if (n.current.deleted) css += " removed";
  if (n.conflict()) css += " conflict";
  std::string out = "<li class=\"" + css + "\" id=\"n-" + html_escape(n.uuid) + "\" data-note=\"" + html_escape(n.uuid) +
                    "\"><span class=\"body\">" + html_escape(n.current.body) + "</span> <span class=\"meta\"><span class=\"author\">" +
                    html_escape(n.current.author) + "</span>" + tags +
                    (where.empty() ? "" : " (on <a href=\"/read/" + html_escape(where) + "\">" + html_escape(where) + "</a>)") +
                    (n.orphaned ? " (orphaned)" : "") + (n.current.deleted ? " (removed)" : "") +
                    (n.conflict() ? " (in conflict)" : "") + "</span> <span class=\"actions\">";
  if (n.current.deleted) out += "<button type=\"button\" data-action=\"restore\">restore</button>";
  else out += "<button type=\"button\" data-action=\"edit\">edit</button><button type=\"button\" data-action=\"remove\">remove</button>";
  out += "<a href=\"/notes/" + html_escape(n.uuid) + "\">history</a></span>";
  if (n.conflict()) {
    out += "<div class=\"versions\">Set apart in two copies; keep one:";
    for (const NoteRevision& r : n.heads) {
      out += "<blockquote><span class=\"body\">" + html_escape(r.body) + "</span> <span class=\"meta\"><span class=\"author\">" +
             html_escape(r.author) + "</span>, " +
             html_escape(r.created_at) + "</span> <button type=\"button\" data-action=\"take\" data-revision=\"" +
             html_escape(r.uuid) + "\">keep this</button></blockquote>";
    }
    out += "</div>";
  }
  return out + "</li>";
}

std::string variants_list_html(const std::vector<const Variant*>& variants, bool on_b) {
  if (variants.empty()) return "";
  std::string out = "<ol class=\"variants\">";
  for (const Variant* v : variants) {
    const PassageSpan& own = on_b ? v->b : v->a;
    const PassageSpan& other = on_b ? v->a : v->b;
    out += "<li id=\"v-" + html_escape(v->uuid) + "\" class=\"v-" + std::string(to_string(v->variant_class)) + "\">" +
           (v->field == VariantField::kText ? "" : v->field == VariantField::kTitle ? "<i>題</i> " : "<i>作者</i> ") +
           (own.reading.empty() ? "<i>∧</i>" : html_escape(own.reading)) + " ] " + html_escape(parse_address(other.address).siglum) +
           "本" + (other.reading.empty() ? "<i>無</i>" : "作" + html_escape(other.reading)) + " <span class=\"class\">" +
           std::string(chinese_name(v->variant_class)) + "</span>";
    if (v->kind) {
      out += " <span class=\"kind\" title=\"" + html_escape(v->kind_evidence) + "\">" + std::string(chinese_name(*v->kind)) +
             (v->kind_chosen ? "（已定）" : "（擬）") + "</span>";
    }
    if (kind_settable(*v)) {
      out += " <span class=\"set-kind\" data-variant=\"" + html_escape(v->uuid) + "\"><select name=\"kind\"><option value=\"\">kind…</option>";
      for (VariantKind k : kSettableKinds) {
        out += "<option value=\"" + std::string(to_string(k)) + "\">" + std::string(chinese_name(k)) + " " +
               std::string(to_string(k)) + "</option>";
      }
      if (v->kind_chosen) out += "<option value=\"clear\">back to the proposal</option>";
      out += "</select><input name=\"why\" placeholder=\"why (the evidence)\"><button type=\"button\" data-action=\"set-kind\">set</button></span>";
    }
    out += "</li>";
  }
  return out + "</ol>";
}

std::string passage_html(const Passage& p, const PassageMarks& marks) {
  const std::string address = format_address(p.siglum, p.seq);
  // The title and author line are marked as the text is: their notes and
  // variants count in them, and words selected there are noted there.
  MarkedText text(p.text), title(p.title.value_or("")), author(p.author.value_or(""));
  auto in = [&](VariantField f) -> MarkedText& { return f == VariantField::kTitle ? title : f == VariantField::kAuthor ? author : text; };
  std::string notes = "<ol class=\"notes\">";
  std::size_t number = 1;
  if (marks.notes) {
    for (const Note& n : marks.notes->own) {
      if (n.target == NoteTarget::kSpan && !n.orphaned) in(n.field).note(n.start, n.end, number, false);
      notes += note_item_html(n, "");
      ++number;
    }
    for (const MappedNote& m : marks.notes->mapped) {
      in(m.note.field).note(m.start, m.end, number++, true);
      notes += note_item_html(m.note, m.note.address);
    }
  }
  notes += "</ol>";
  for (const Mention* m : marks.mentions) text.person(m->start, m->end, m->person);
  if (marks.quoted) text.quoted(marks.quoted->first, marks.quoted->second);
  for (const Variant* v : marks.variants) {
    const PassageSpan& own = marks.on_b ? v->b : v->a;
    in(v->field).variant(own.start, own.end, *v, (marks.on_b ? v->a : v->b).reading);
  }
  const std::string at = " data-address=\"" + html_escape(address) + "\"";
  std::string heading;
  if (p.title) heading += "《<span class=\"field\"" + at + " data-field=\"title\">" + title.html() + "</span>》";
  if (p.author) heading += " <span class=\"field\"" + at + " data-field=\"author\">" + author.html() + "</span>";
  return "<article class=\"passage\" id=\"" + html_escape(address) + "\"><div class=\"address\"><a href=\"/parallel/" +
         html_escape(address) + "\">" + html_escape(address) + "</a>" +
         (p.page ? "<div class=\"page\">p. " + html_escape(*p.page) + "</div>" : "") +
         "<div class=\"correction\"" + at + "><button type=\"button\" data-correct=\"edit\" title=\"correct the transcription\">校改</button>"
         "<button type=\"button\" data-correct=\"history\" title=\"the corrections of this passage\">history</button></div></div><div>" +
         (heading.empty() ? "" : "<div class=\"title\">" + heading + "</div>") + "<div class=\"text\"" + at + ">" +
         text.html() + "</div></div><div class=\"beside\">" + notes + variants_list_html(marks.variants, marks.on_b) +
         "</div></article>\n";
}

}  // namespace jiaozhu::cli
