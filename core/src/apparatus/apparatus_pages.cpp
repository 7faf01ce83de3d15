// A large apparatus as pages: cut by the base's top-level sections, and an
// index page that links them.
#include <string>
#include <ostream>

#include "jiaozhu/apparatus.h"
#include "apparatus/html_page.h"
#include "jiaozhu/markup.h"

namespace jiaozhu {
namespace {

// "001.html": numbered so that the files list in order.
std::string part_file(std::size_t n) {
  const std::string digits = std::to_string(n);
  return std::string(digits.size() < 3 ? 3 - digits.size() : 0, '0') + digits + ".html";
}

// A part holding `passages`, with the whole's editions, classes and persons.
ApparatusPart part_of(const Apparatus& whole, std::vector<ApparatusPassage> passages, std::string heading) {
  ApparatusPart part;
  part.apparatus.base = whole.base;
  part.apparatus.witnesses = whole.witnesses;
  part.apparatus.classes = whole.classes;
  part.apparatus.persons = whole.persons;
  for (const ApparatusPassage& p : passages) part.apparatus.entries += static_cast<int64_t>(p.entries.size());
  if (heading.empty()) heading = passages.front().address + "–" + passages.back().address;
  part.heading = std::move(heading);
  part.apparatus.passages = std::move(passages);
  return part;
}

}  // namespace

std::vector<ApparatusPart> split_apparatus(Apparatus whole, std::size_t max_passages) {
  std::vector<ApparatusPart> parts;
  std::vector<ApparatusPassage> run;
  std::string heading;
  std::size_t pieces = 0;  // parts the current section has had
  auto flush = [&] {
    if (run.empty()) return;
    ++pieces;
    const std::string label = heading.empty() ? "" : pieces > 1 ? heading + " (" + std::to_string(pieces) + ")" : heading;
    parts.push_back(part_of(whole, std::move(run), label));
    run.clear();
  };
  for (ApparatusPassage& p : whole.passages) {
    const std::string top = p.section.empty() ? "" : p.section.front();
    if (top != heading) {
      flush();
      pieces = 0;
      heading = top;
    } else if (run.size() >= std::max<std::size_t>(max_passages, 1)) {
      flush();
    }
    run.push_back(std::move(p));
  }
  flush();
  for (std::size_t i = 0; i < parts.size(); ++i) parts[i].file_name = part_file(i + 1);
  return parts;
}

void write_apparatus_html_index(const std::vector<ApparatusPart>& parts, std::ostream& out) {
  if (parts.empty()) return;
  const Apparatus& first = parts.front().apparatus;
  int64_t entries = 0;
  std::size_t passages = 0;
  for (const ApparatusPart& p : parts) entries += p.apparatus.entries, passages += p.apparatus.passages.size();
  detail::write_html_page_head(apparatus_title(first), out);
  out << "<header>\n<h1>" << markup_escaped(apparatus_title(first)) << "</h1>\n<p>";
  detail::write_html_editions(first, out);
  out << ". " << passages << " passages, " << entries << " entries in " << parts.size() << " pages.</p>\n</header>\n"
      << "<main>\n<table class=\"parts\"><tr><th>section</th><th>passages</th><th>entries</th></tr>\n";
  for (const ApparatusPart& p : parts) {
    out << "<tr><td><a href=\"" << p.file_name << "\">" << markup_escaped(p.heading) << "</a></td><td>"
        << p.apparatus.passages.size() << "</td><td>" << p.apparatus.entries << "</td></tr>\n";
  }
  out << "</table>\n</main>\n</body>\n</html>\n";
}

void write_apparatus_html_part(const std::vector<ApparatusPart>& parts, std::size_t i, std::ostream& out) {
  const ApparatusPart& part = parts.at(i);
  detail::write_html_page_head(apparatus_title(part.apparatus) + " — " + part.heading, out);
  out << "<nav class=\"parts\"><a href=\"index.html\">index</a>";
  if (i > 0) out << " · <a href=\"" << parts[i - 1].file_name << "\">← " << markup_escaped(parts[i - 1].heading) << "</a>";
  out << " · <b>" << markup_escaped(part.heading) << "</b>";
  if (i + 1 < parts.size()) out << " · <a href=\"" << parts[i + 1].file_name << "\">" << markup_escaped(parts[i + 1].heading) << " →</a>";
  out << "</nav>\n";
  write_apparatus_html_body(part.apparatus, out, false);
  out << "<script>" << apparatus_html_script() << "</script>\n</body>\n</html>\n";
}

}  // namespace jiaozhu
