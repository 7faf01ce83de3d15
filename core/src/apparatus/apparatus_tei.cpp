// The apparatus as TEI P5 with parallel segmentation: witnesses in
// <listWit>, the base text with an <app> at each place (<lem> with the base
// and the witnesses that agree, a <rdg> per reading; with the editor's
// decision, <lem> is the edited reading, @resp and @cause saying who chose
// and how; places omitted are not there), notes as <note> where
// their span ends, persons as <persName ref> with a <listPerson>. Valid
// against tei_all.rng (a ctest checks it with jing).
#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "jiaozhu/markup.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/unicode.h"
#include "apparatus/collation_note.h"

namespace jiaozhu {
namespace {

// Text content: escaped, line breaks as <lb/>.
std::string xml_text(std::string_view s) {
  std::string out;
  for (const char c : markup_escaped(s)) {
    if (c == '\n') out += "<lb/>";
    else if (c != '\r') out += c;
  }
  return out;
}

std::string pointers(const std::vector<std::string>& sigla) {
  std::string out;
  for (const std::string& s : sigla) out += (out.empty() ? "#" : " #") + s;
  return out;
}

std::string person_id(const ApparatusPerson& p) { return "person-" + p.uuid; }

std::string surface_id(const PageImage& i);

// A <pb>'s facs attribute, when the page has an image.
std::string facs_of(const Apparatus& a, const std::string& page) {
  for (const PageImage& i : a.page_images) {
    if (i.page == page) return " facs=\"#" + surface_id(i) + "\"";
  }
  return "";
}

std::string surface_id(const PageImage& i) { return "facs-" + std::to_string(i.order); }

// The base's page images: a <surface> per page with its <graphic> (a URL,
// or the file's name in the edition's folder), which each <pb facs> points to.
void write_facsimile(const Apparatus& a, std::ostream& out) {
  if (a.page_images.empty()) return;
  out << "  <facsimile>\n";
  for (const PageImage& i : a.page_images) {
    out << "    <surface xml:id=\"" << surface_id(i) << "\" n=\"" << xml_text(i.page) << "\">";
    out << "<graphic url=\"" << xml_text(i.file.empty() ? i.url : i.file) << "\"";
    if (i.width > 0) out << " width=\"" << i.width << "px\" height=\"" << i.height << "px\"";
    out << "/>";
    if (!i.canvas.empty()) out << "<desc>IIIF canvas " << xml_text(i.canvas) << "</desc>";
    out << "</surface>\n";
  }
  out << "  </facsimile>\n";
}

void write_header(const Apparatus& a, const std::map<std::string, std::string>& editors, std::ostream& out) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<TEI xmlns=\"http://www.tei-c.org/ns/1.0\" xml:lang=\"zh\">\n"
         "  <teiHeader>\n    <fileDesc>\n      <titleStmt>\n        <title>"
      << xml_text(a.base.work) << "：" << xml_text(a.base.siglum) << "為底本之校勘記</title>\n";
  for (const auto& [author, id] : editors) {
    out << "        <respStmt xml:id=\"" << id << "\"><resp>校勘</resp><name>" << xml_text(detail::published_name(author))
        << "</name></respStmt>\n";
  }
  out << "      </titleStmt>\n      <publicationStmt>\n        <p>Written by jiaozhu from the collation of "
      << a.witnesses.size() + 1 << " witnesses.</p>\n      </publicationStmt>\n      <sourceDesc>\n        <listWit>\n";
  out << "          <witness xml:id=\"" << xml_text(a.base.siglum) << "\" n=\"base\">" << xml_text(a.base.title) << "</witness>\n";
  for (const Edition& w : a.witnesses) {
    out << "          <witness xml:id=\"" << xml_text(w.siglum) << "\">" << xml_text(w.title) << "</witness>\n";
  }
  out << "        </listWit>\n      </sourceDesc>\n    </fileDesc>\n"
         "    <encodingDesc>\n      <variantEncoding method=\"parallel-segmentation\" location=\"internal\"/>\n"
         "    </encodingDesc>\n";
  if (!a.persons.empty()) {
    out << "    <profileDesc>\n      <particDesc>\n        <listPerson>\n";
    for (const ApparatusPerson& p : a.persons) {
      out << "          <person xml:id=\"" << person_id(p) << "\">\n            <persName>" << xml_text(p.name) << "</persName>\n";
      for (const std::string& alias : p.aliases) out << "            <persName type=\"alias\">" << xml_text(alias) << "</persName>\n";
      out << "          </person>\n";
    }
    out << "        </listPerson>\n      </particDesc>\n    </profileDesc>\n";
  }
  out << "  </teiHeader>\n";
  write_facsimile(a, out);
  out << "  <text>\n    <body>\n";
}

// The editors who decided places, each with the id their decisions point
// to (@resp="#ed1"), in the order first met.
std::map<std::string, std::string> editors_of(const Apparatus& a) {
  std::map<std::string, std::string> out;
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusEntry& e : p.entries) {
      if (e.decision && !out.count(e.decision->author)) {
        out.emplace(e.decision->author, "ed" + std::to_string(out.size() + 1));
      }
    }
  }
  return out;
}

std::string rdg(const ApparatusReading& r) {
  std::string out = "<rdg wit=\"" + pointers(r.witnesses) + "\" type=\"" + std::string(to_string(r.variant_class)) + "\"";
  if (r.cause) out += " cause=\"" + std::string(to_string(*r.cause)) + "\"";
  return out + (r.text.empty() ? "/>" : ">" + xml_text(r.text) + "</rdg>");
}

// An <app>: <lem> is the edited reading. Kept, it is the base's with the
// witnesses agreeing; adopted, the witness's (the base's then a <rdg>);
// emended, the editor's with no witness and the reason in a <note>. Where
// the editor decided, @resp names them and @cause says how.
std::string app(const Apparatus& a, const ApparatusEntry& e, const std::map<std::string, std::string>& editors) {
  std::vector<std::string> base_wit{a.base.siglum};
  base_wit.insert(base_wit.end(), e.lemma_witnesses.begin(), e.lemma_witnesses.end());
  const Decision* d = e.decision ? &*e.decision : nullptr;
  const auto action = e.action();
  const std::string resp = d ? " resp=\"#" + editors.at(d->author) + "\"" : "";
  std::string out = "<app n=\"" + std::to_string(e.number) + "\">";
  const ApparatusReading* adopted = nullptr;
  if (action == DecisionAction::kAdopt && d) {
    for (const ApparatusReading& r : e.readings) {
      if (std::find(r.witnesses.begin(), r.witnesses.end(), d->witness) != r.witnesses.end()) adopted = &r;
    }
  }
  if (adopted) {
    out += "<lem wit=\"" + pointers(adopted->witnesses) + "\"" + resp + " cause=\"adopted\">" + xml_text(d->reading.value_or("")) +
           "</lem><rdg wit=\"" + pointers(base_wit) + "\" type=\"base\">" + xml_text(e.lemma) + "</rdg>";
  } else if (action == DecisionAction::kEmend && d) {
    out += "<lem" + resp + " cause=\"emendation\">" + xml_text(d->reading.value_or("")) + "</lem><rdg wit=\"" +
           pointers(base_wit) + "\" type=\"base\">" + xml_text(e.lemma) + "</rdg>";
  } else {
    const std::string cause = action == DecisionAction::kDoubt ? "doubt" : "kept";
    out += "<lem wit=\"" + pointers(base_wit) + "\"" + resp + (d ? " cause=\"" + cause + "\"" : "") + ">" + xml_text(e.lemma) + "</lem>";
  }
  for (const ApparatusReading& r : e.readings) {
    if (&r != adopted) out += rdg(r);
  }
  if (action == DecisionAction::kEmend && d) out += "<note type=\"emendation\">" + xml_text(d->reason) + "</note>";
  if (action == DecisionAction::kDoubt) out += "<note type=\"doubt\">未知孰是</note>";
  if (d && !d->note.empty()) out += "<note type=\"editorial\">" + xml_text(d->note) + "</note>";
  return out + "</app>";
}

// <app>s marking where witnesses lack the whole passage.
std::string lacuna(const ApparatusEntry& e, const char* mark) {
  std::string out;
  for (const ApparatusReading& r : e.readings) {
    out += "<app type=\"lacuna\" n=\"" + std::to_string(e.number) + "\"><rdg wit=\"" + pointers(r.witnesses) + "\"><" + mark + "/></rdg></app>";
  }
  return out;
}

std::string note(const ApparatusNote& n) {
  return "<note type=\"annotation\" xml:id=\"note-" + n.uuid + "\">" + xml_text(n.body) + " <name type=\"author\">" +
         xml_text(n.author) + "</name></note>";
}

// The passage's text with its apps, persons and notes, as the content of <p>.
std::string passage_content(const Apparatus& a, const ApparatusPassage& p, const std::map<std::string, std::string>& editors) {
  const std::u32string text = to_code_points(p.text);
  std::map<int64_t, const ApparatusEntry*> apps;  // by start; lacunae apart
  const ApparatusEntry* lacking = nullptr;
  for (const ApparatusEntry& e : p.entries) {
    if (e.field != VariantField::kText || e.omitted()) continue;
    if (!e.readings.empty() && e.readings.front().kind == ReadingKind::kLacuna) lacking = &e;
    else apps.emplace(e.start, &e);
  }
  // Persons only where no app cuts their span; notes after the app they fall in.
  std::vector<bool> in_app(text.size() + 1, false);
  for (const auto& [start, e] : apps) for (int64_t i = e->start; i < e->end; ++i) in_app[static_cast<std::size_t>(i)] = true;
  std::map<int64_t, const ApparatusMention*> persons;
  int64_t taken_to = 0;
  for (const ApparatusMention& m : p.mentions) {
    bool clear = m.start >= taken_to;
    for (int64_t i = m.start; clear && i < m.end; ++i) clear = !in_app[static_cast<std::size_t>(i)];
    for (const auto& [start, e] : apps) clear = clear && !(e->start == e->end && e->start > m.start && e->start < m.end);
    if (clear) persons.emplace(m.start, &m), taken_to = m.end;
  }
  // Supplied words (a note tagged "supplied") as <supplied>, where no app
  // or person cuts them; elsewhere their note stays a note.
  std::map<int64_t, const ApparatusNote*> supplied;
  for (const ApparatusNote& n : p.notes) {
    if (n.field != VariantField::kText || n.start >= n.end || n.end > static_cast<int64_t>(text.size())) continue;
    if (std::find(n.tags.begin(), n.tags.end(), "supplied") == n.tags.end()) continue;
    bool clear = true;
    for (int64_t i = n.start; clear && i < n.end; ++i) clear = !in_app[static_cast<std::size_t>(i)];
    for (const auto& [start, m] : persons) clear = clear && (m->end <= n.start || m->start >= n.end);
    if (clear && (supplied.empty() || supplied.rbegin()->second->end <= n.start)) supplied.emplace(n.start, &n);
  }
  std::multimap<int64_t, const ApparatusNote*> notes;
  for (const ApparatusNote& n : p.notes) {
    if (n.field != VariantField::kText) continue;  // in the <head> or <byline>
    if (auto s = supplied.find(n.start); s != supplied.end() && s->second == &n) continue;
    int64_t at = n.end;
    for (const auto& [start, e] : apps) if (e->start < at && at < e->end) at = e->end;
    notes.emplace(at, &n);
  }
  std::string out = lacking ? lacuna(*lacking, "lacunaStart") : "";
  int64_t at = 0;
  const auto size = static_cast<int64_t>(text.size());
  auto flush_notes = [&](int64_t pos) {
    for (auto [it, last] = notes.equal_range(pos); it != last; ++it) out += note(*it->second);
  };
  while (at <= size) {
    if (auto e = apps.find(at); e != apps.end()) {
      out += app(a, *e->second, editors);
      if (e->second->end > at) {
        for (int64_t k = at + 1; k <= e->second->end; ++k) flush_notes(k);
        at = e->second->end;
        continue;
      }
    }
    if (auto m = persons.find(at); m != persons.end()) {
      const ApparatusMention& mention = *m->second;
      out += "<persName ref=\"#" + person_id(a.persons[mention.person]) + "\">" +
             xml_text(to_utf8(text.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(mention.end - at)))) + "</persName>";
      for (int64_t k = at + 1; k <= mention.end; ++k) flush_notes(k);
      at = mention.end;
      continue;
    }
    if (auto s = supplied.find(at); s != supplied.end()) {
      const ApparatusNote& n = *s->second;
      out += "<supplied>" +
             xml_text(to_utf8(text.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(n.end - at)))) + "</supplied>";
      for (int64_t k = at + 1; k <= n.end; ++k) flush_notes(k);
      at = n.end;
      continue;
    }
    if (at == size) break;
    out += xml_text(to_utf8(text.substr(static_cast<std::size_t>(at), 1)));
    ++at;
    flush_notes(at);
  }
  return out + (lacking ? lacuna(*lacking, "lacunaEnd") : "");
}

// A title or author with the apps of its field, as the content of <head>
// or <byline>.
std::string label_content(const Apparatus& a, const ApparatusPassage& p, VariantField field, const std::string& label,
                          const std::map<std::string, std::string>& editors) {
  const std::u32string text = to_code_points(label);
  std::map<int64_t, const ApparatusEntry*> apps;  // by start
  for (const ApparatusEntry& e : p.entries) {
    if (e.field == field && !e.omitted()) apps.emplace(e.start, &e);
  }
  std::string out;
  const auto size = static_cast<int64_t>(text.size());
  for (int64_t at = 0; at <= size;) {
    if (auto e = apps.find(at); e != apps.end()) {
      out += app(a, *e->second, editors);
      if (e->second->end > at) {
        at = e->second->end;
        continue;
      }
    }
    if (at == size) break;
    out += xml_text(to_utf8(text.substr(static_cast<std::size_t>(at), 1)));
    ++at;
  }
  // Its notes after it: a label is a few words, and a note cut into an <app> would not be valid.
  for (const ApparatusNote& n : p.notes) {
    if (n.field == field) out += note(n);
  }
  return out;
}

// Opens and closes <div type="section"> as the passages' section paths
// change. TEI lets a division hold paragraphs before its divisions, not
// after: a passage back in a section after one of its subsections opens
// that section again (the path, which is what import reads, is the same).
class SectionWriter {
 public:
  explicit SectionWriter(std::ostream& out) : out_(out) {}

  void enter(const std::vector<std::string>& path) {
    std::size_t shared = 0;
    while (shared < open_.size() && shared < path.size() && open_[shared] == path[shared]) ++shared;
    if (shared == path.size() && shared < open_.size() && shared > 0) --shared;  // back up into a parent
    close_to(shared);
    for (std::size_t i = open_.size(); i < path.size(); ++i) {
      out_ << indent() << "<div type=\"section\">\n" << indent() << "  <head>" << xml_text(path[i]) << "</head>\n";
      open_.push_back(path[i]);
    }
  }
  void close_to(std::size_t depth) {
    while (open_.size() > depth) {
      open_.pop_back();
      out_ << indent() << "</div>\n";
    }
  }
  std::string indent() const { return std::string(8 + 2 * open_.size(), ' '); }

 private:
  std::ostream& out_;
  std::vector<std::string> open_;
};

}  // namespace

void write_apparatus_tei(const Apparatus& a, std::ostream& out) {
  const auto editors = editors_of(a);
  write_header(a, editors, out);
  out << "      <div type=\"edition\" n=\"" << xml_text(a.base.siglum) << "\">\n";
  // TEI lets a div hold paragraphs or divisions, not both: when one passage
  // has a title or author, every passage is a division.
  bool heading = false;
  for (const ApparatusPassage& p : a.passages) heading = heading || !p.title.empty() || !p.author.empty();
  SectionWriter sections(out);
  std::optional<std::string> page;
  for (const ApparatusPassage& p : a.passages) {
    sections.enter(p.section);
    const std::string in = sections.indent();
    if (p.page && p.page != page) out << in << "<pb n=\"" << xml_text(*p.page) << "\"" << facs_of(a, *p.page) << "/>\n";
    page = p.page;
    if (heading) {
      out << in << "<div type=\"passage\" n=\"" << p.address << "\">\n";
      if (!p.title.empty()) out << in << "  <head>" << label_content(a, p, VariantField::kTitle, p.title, editors) << "</head>\n";
      if (!p.author.empty()) {
        out << in << "  <byline>" << label_content(a, p, VariantField::kAuthor, p.author, editors) << "</byline>\n";
      }
    }
    out << in << (heading ? "  " : "") << "<p n=\"" << p.address << "\">"
        << (p.line ? "<lb n=\"" + xml_text(*p.line) + "\"/>" : "") << passage_content(a, p, editors) << "</p>\n";
    if (heading) out << in << "</div>\n";
  }
  sections.close_to(0);
  out << "      </div>\n    </body>\n  </text>\n</TEI>\n";
}

}  // namespace jiaozhu
