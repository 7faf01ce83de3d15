// The apparatus as one self-contained HTML page: the base text with numbered
// markers, the apparatus as footnotes that also open on click, any
// witness's text beside the base on demand, notes and persons marked, and a
// print stylesheet. Nothing is fetched: style and script are in the page,
// fonts are the reader's own.
#include <algorithm>
#include <map>

#include "jiaozhu/markup.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "apparatus/collation_note.h"
#include "apparatus/html_page.h"

namespace jiaozhu {
namespace {

constexpr const char* kStyle = R"(
:root { --ink: #222; --paper: #fdfcf8; --mark: #a33; --note: #fff3c4; --person: #e3efff; }
body { font-family: "Noto Serif CJK TC", "Noto Serif CJK SC", "Source Han Serif", serif; color: var(--ink);
       background: var(--paper); margin: 2em auto; max-width: 72em; padding: 0 1em; line-height: 1.9; }
/* Stored text may hold bidi controls (U+202E…). Every element isolates
   its content, so that no control reorders anything outside the element
   it stands in; stored text is always an element of its own. */
body * { unicode-bidi: isolate; }
header { border-bottom: 1px solid #ccc; margin-bottom: 1em; }
.passage { display: grid; grid-template-columns: 1fr; gap: 1.5em; margin: 1.5em 0; }
.passage.beside { grid-template-columns: 1fr 1fr; }
.address { color: #777; font-size: 0.85em; }
.text { white-space: pre-wrap; font-size: 1.15em; }
.lem { border-bottom: 2px solid var(--mark); }
.noted { background: var(--note); }
.person { background: var(--person); cursor: help; }
.marker { color: var(--mark); font-size: 0.7em; vertical-align: super; text-decoration: none; padding: 0 0.1em; }
.witness { display: none; white-space: pre-wrap; border-left: 3px solid #ccc; padding-left: 1em; color: #444; }
.beside .witness.shown { display: block; }
ol.apparatus { font-size: 0.9em; color: #333; }
ol.apparatus li:target { background: var(--note); }
.class { color: #777; font-size: 0.85em; }
.notes { font-size: 0.9em; }
#popup { position: fixed; display: none; max-width: 30em; background: #fff; border: 1px solid #999;
         box-shadow: 0 2px 8px rgba(0,0,0,0.2); padding: 0.5em 1em; z-index: 10; }
@media print {
  #controls, #popup { display: none !important; }
  body { background: #fff; max-width: none; }
  .passage { break-inside: avoid; }
  .witness { display: none !important; }
}
)";

constexpr const char* kScript = R"(
(function () {
  var popup = document.getElementById('popup');
  document.addEventListener('click', function (event) {
    var marker = event.target.closest('.marker');
    if (!marker) { popup.style.display = 'none'; return; }
    event.preventDefault();
    var entry = document.getElementById('app-' + marker.dataset.n);
    if (!entry) return;
    popup.innerHTML = (entry.querySelector('.sentence') || entry).innerHTML;
    var box = marker.getBoundingClientRect();
    popup.style.left = Math.min(box.left, window.innerWidth - 420) + 'px';
    popup.style.top = (box.bottom + 6) + 'px';
    popup.style.display = 'block';
  });
  var select = document.getElementById('witness');
  select.addEventListener('change', function () {
    var siglum = select.value;
    document.querySelectorAll('.passage').forEach(function (p) { p.classList.toggle('beside', siglum !== ''); });
    document.querySelectorAll('.witness').forEach(function (w) { w.classList.toggle('shown', w.dataset.siglum === siglum); });
  });
})();
)";

std::string html(std::string_view s) { return markup_escaped(s); }

bool is_lacuna(const ApparatusEntry& e) { return !e.readings.empty() && e.readings.front().kind == ReadingKind::kLacuna; }

// Whether the page lists the entry: the editor's page lists every place,
// the published one leaves out those omitted (不出校).
bool shown(const ApparatusEntry& e, bool editing) { return editing || !e.omitted(); }

std::string marker(int64_t number) {
  const std::string n = std::to_string(number);
  return "<a class=\"marker\" href=\"#app-" + n + "\" data-n=\"" + n + "\">" + n + "</a>";
}

// A title or author with its places marked as the text's are.
std::string marked_label(const ApparatusPassage& p, VariantField field, const std::string& label) {
  const std::u32string text = to_code_points(label);
  std::vector<bool> lem(text.size());
  std::multimap<int64_t, int64_t> markers;  // offset -> entry number
  for (const ApparatusEntry& e : p.entries) {
    if (e.field != field || e.omitted()) continue;
    for (int64_t i = e.start; i < e.end; ++i) lem[static_cast<std::size_t>(i)] = true;
    markers.emplace(e.end, e.number);
  }
  std::string out;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    for (auto [it, last] = markers.equal_range(static_cast<int64_t>(i)); it != last; ++it) out += marker(it->second);
    if (i == text.size()) break;
    std::size_t j = i + 1;
    while (j < text.size() && lem[j] == lem[i] && !markers.count(static_cast<int64_t>(j))) ++j;
    const std::string run = html(to_utf8(text.substr(i, j - i)));
    out += lem[i] ? "<span class=\"lem\">" + run + "</span>" : run;
    i = j - 1;
  }
  return out;
}

// The base text cut where any mark begins or ends, each run one <span>,
// each place's marker after its last character.
std::string marked_text(const Apparatus& a, const ApparatusPassage& p) {
  const std::u32string text = to_code_points(p.text);
  const auto size = static_cast<int64_t>(text.size());
  std::vector<std::string> classes(text.size()), titles(text.size());
  std::vector<std::string> person(text.size());
  for (const ApparatusEntry& e : p.entries) {
    if (is_lacuna(e) || e.field != VariantField::kText || e.omitted()) continue;
    for (int64_t i = e.start; i < e.end; ++i) classes[static_cast<std::size_t>(i)] += " lem";
  }
  for (const ApparatusNote& n : p.notes) {
    if (n.field != VariantField::kText) continue;  // listed under the passage
    for (int64_t i = n.start; i < n.end && i < size; ++i) {
      auto k = static_cast<std::size_t>(i);
      if (classes[k].find("noted") == std::string::npos) classes[k] += " noted";
      titles[k] += (titles[k].empty() ? "" : "\n") + n.body + "（" + detail::published_name(n.author) + "）";
    }
  }
  for (const ApparatusMention& m : p.mentions) {
    for (int64_t i = m.start; i < m.end && i < size; ++i) person[static_cast<std::size_t>(i)] = a.persons[m.person].name;
  }
  std::multimap<int64_t, int64_t> markers;  // offset -> entry number
  for (const ApparatusEntry& e : p.entries) {
    if (e.field == VariantField::kText && !e.omitted()) markers.emplace(is_lacuna(e) ? size : e.end, e.number);
  }
  std::string out;
  std::size_t i = 0;
  auto emit_markers = [&](int64_t at) {
    for (auto [it, last] = markers.equal_range(at); it != last; ++it) out += marker(it->second);
  };
  emit_markers(0);
  while (i < text.size()) {
    std::size_t j = i + 1;
    while (j < text.size() && classes[j] == classes[i] && titles[j] == titles[i] && person[j] == person[i] &&
           !markers.count(static_cast<int64_t>(j))) {
      ++j;
    }
    std::string cls = classes[i] + (person[i].empty() ? "" : " person");
    std::string title = person[i].empty() ? titles[i] : person[i] + (titles[i].empty() ? "" : "\n" + titles[i]);
    const std::string run = html(to_utf8(text.substr(i, j - i)));
    if (cls.empty()) out += run;
    else out += "<span class=\"" + cls.substr(1) + "\"" + (title.empty() ? "" : " title=\"" + html(title) + "\"") + ">" + run + "</span>";
    i = j;
    emit_markers(static_cast<int64_t>(i));
  }
  return out;
}

// What holds at the place, for the editor: the decision's name, the
// policy's (凡例), or 未定.
std::string decision_html(const ApparatusEntry& e) {
  std::string label = "未定";
  if (e.decision && e.decision->action) label = decision_label(*e.decision);
  else if (e.policy) label = std::string(e.policy->action == DecisionAction::kOmit ? "不出校" : "出校") + "（凡例）";
  if (e.in_conflict) label += "（兩本所定不同）";
  return "<span class=\"decision\">" + html(label) + "</span>";
}

// The controls of one place in the reading room: a button per decision, the
// witness to adopt, a note.
std::string controls_html(const ApparatusEntry& e) {
  std::string out = "<span class=\"decide\"><button type=\"button\" data-decision=\"omit\">不出校</button>"
                    "<button type=\"button\" data-decision=\"record\">出校</button>";
  std::string options;
  for (const ApparatusReading& r : e.readings) {
    if (r.kind == ReadingKind::kLacuna) continue;
    for (const std::string& w : r.witnesses) options += "<option value=\"" + html(w) + "\">" + html(w) + "本</option>";
  }
  if (!options.empty()) {
    out += "<select name=\"witness\">" + options + "</select><button type=\"button\" data-decision=\"adopt\">據改</button>";
  }
  return out + "<button type=\"button\" data-decision=\"doubt\">存疑</button><button type=\"button\" data-decision=\"undo\">撤銷</button>"
               "<input name=\"note\" placeholder=\"按語\"></span>";
}

std::string entry_item(const ApparatusPassage& p, const ApparatusEntry& e, bool editing) {
  const auto action = e.action();
  std::string out = "<li id=\"app-" + std::to_string(e.number) + "\" value=\"" + std::to_string(e.number) + "\"";
  if (editing) {
    out += " class=\"entry" + std::string(action ? " decided-" + std::string(to_string(*action)) : " undecided") +
           (e.in_conflict ? " conflict" : "") + "\" data-place=\"" + html(e.id) + "\" tabindex=\"-1\"";
  }
  out += "><span class=\"sentence\">" + std::string(detail::field_prefix(e.field)) +
         html(detail::collation_note(to_code_points(detail::field_text(p, e.field)), e)) + "</span>";
  if (editing) out += " " + decision_html(e) + " " + controls_html(e);
  return out + "</li>";
}

void write_html_passage(const Apparatus& a, const ApparatusPassage& p, std::ostream& out, bool editing) {
  out << "<section class=\"passage\" id=\"" << html(p.address) << "\">\n<div class=\"base\">\n<div class=\"address\">"
      << html(p.address) << (p.title.empty() ? "" : " " + marked_label(p, VariantField::kTitle, p.title))
      << (p.author.empty() ? "" : " " + marked_label(p, VariantField::kAuthor, p.author))
      << (p.page ? " <span class=\"page\">p. " + html(*p.page) + "</span>" : "") << "</div>\n<div class=\"text\" data-address=\"" << html(p.address) << "\">" << marked_text(a, p) << "</div>\n";
  const bool listed = std::any_of(p.entries.begin(), p.entries.end(), [&](const ApparatusEntry& e) { return shown(e, editing); });
  if (listed) {
    out << "<ol class=\"apparatus\">";
    for (const ApparatusEntry& e : p.entries) {
      if (shown(e, editing)) out << entry_item(p, e, editing);
    }
    out << "</ol>\n";
  }
  if (!p.notes.empty()) {
    out << "<ul class=\"notes\">";
    for (const ApparatusNote& n : p.notes) {
      out << "<li>" << detail::field_prefix(n.field) << html(detail::quoted(n.quote)) << " " << html(n.body) << " <i>" << html(detail::published_name(n.author)) << "</i></li>";
    }
    out << "</ul>\n";
  }
  out << "</div>\n";
  for (std::size_t w = 0; w < p.witness_texts.size() && w < a.witnesses.size(); ++w) {
    const std::string& siglum = a.witnesses[w].siglum;
    out << "<div class=\"witness\" data-siglum=\"" << html(siglum) << "\"><div class=\"address\">" << html(siglum) << "</div>"
        << (p.witness_texts[w].empty() ? "<i>（無此段）</i>" : html(p.witness_texts[w])) << "</div>\n";
  }
  out << "</section>\n";
}

}  // namespace

std::string_view apparatus_html_style() { return kStyle; }
std::string_view apparatus_html_script() { return kScript; }

namespace detail {

void write_html_page_head(std::string_view title, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"zh-Hant\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" << html(title) << "</title>\n"
      << "<style>" << kStyle << "</style>\n</head>\n<body>\n";
}

void write_html_editions(const Apparatus& a, std::ostream& out) {
  out << "底本：<b>" << html(a.base.siglum) << "</b> " << html(a.base.title) << "。校本：";
  for (std::size_t i = 0; i < a.witnesses.size(); ++i) {
    out << (i ? "、" : "") << "<b>" << html(a.witnesses[i].siglum) << "</b> " << html(a.witnesses[i].title);
  }
}

}  // namespace detail

void write_apparatus_html_body(const Apparatus& a, std::ostream& out, bool editing) {
  out << "<header>\n<h1>" << html(apparatus_title(a)) << "</h1>\n<p>";
  detail::write_html_editions(a, out);
  out << "。校記 " << (editing ? a.entries : a.recorded()) << " 條";
  if (editing) out << "，待定 <span id=\"undecided\">" << a.undecided << "</span> 處";
  out << "。</p>\n";
  if (!a.policies.empty()) {
    out << "<ol class=\"policies\">凡例";
    for (const Policy& p : a.policies) out << "<li>" << html(policy_sentence(p)) << "</li>";
    out << "</ol>\n";
  }
  out << "<p id=\"controls\"><label>對照：<select id=\"witness\"><option value=\"\">無</option>";
  for (const Edition& w : a.witnesses) out << "<option value=\"" << html(w.siglum) << "\">" << html(w.siglum) << "</option>";
  out << "</select></label></p>\n</header>\n<main>\n";
  const std::vector<std::string>* section = nullptr;
  for (const ApparatusPassage& p : a.passages) {
    // The base's section headings, where they change, as the book shows them.
    if (!p.section.empty() && (!section || *section != p.section)) {
      out << "<h2 class=\"section\">" << html(format_section(p.section)) << "</h2>\n";
    }
    section = &p.section;
    write_html_passage(a, p, out, editing);
  }
  out << "</main>\n";
  if (!a.persons.empty()) {
    out << "<footer>\n<h2>人物</h2>\n<ul>";
    for (const ApparatusPerson& p : a.persons) {
      std::string aliases;
      for (const std::string& alias : p.aliases) aliases += (aliases.empty() ? "" : "、") + alias;
      out << "<li><span class=\"person\">" << html(p.name) << "</span>" << (aliases.empty() ? "" : " " + html(aliases)) << "</li>";
    }
    out << "</ul>\n</footer>\n";
  }
  out << "<div id=\"popup\" role=\"dialog\"></div>\n";
}

std::string apparatus_title(const Apparatus& a) { return a.base.work + " — " + a.base.siglum + " 為底本"; }

void write_apparatus_html(const Apparatus& a, std::ostream& out) {
  detail::write_html_page_head(apparatus_title(a), out);
  write_apparatus_html_body(a, out, false);
  out << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace jiaozhu
