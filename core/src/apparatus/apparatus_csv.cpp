// The apparatus as CSV for a spreadsheet: one row per reading, the lemma's
// witnesses as a row of their own (type lemma), then the base's notes (type
// note: the span in lemma, the note in reading, its author in witnesses) and
// persons' mentions (type person: the name in reading); kind is the 校勘 kind,
// field the part of the passage start and end count in (text, title,
// author). UTF-8 with a byte-order mark
// (without it, spreadsheet programs read the Chinese as Latin-1).
#include <string>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/csv.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

std::string joined(const std::vector<std::string>& sigla) {
  std::string out;
  for (const std::string& s : sigla) out += (out.empty() ? "" : " ") + s;
  return out;
}

struct Row {
  std::string n, passage;
  int64_t start = 0, end = 0;
  std::string lemma, reading, witnesses;
  std::string_view cls, type, kind;
  std::string_view field = "text";
};

void write_row(std::ostream& out, const Row& r) {
  out << r.n << ',' << r.passage << ',' << r.start << ',' << r.end << ',' << csv_field(r.lemma) << ',' << csv_field(r.reading)
      << ',' << csv_field(r.witnesses) << ',' << r.cls << ',' << r.type << ',' << r.kind << ',' << r.field << "\r\n";
}

std::string span_of(const std::u32string& text, int64_t start, int64_t end) {
  return to_utf8(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start)));
}

}  // namespace

void write_apparatus_csv(const Apparatus& a, std::ostream& out) {
  out << kUtf8ByteOrderMark << "n,passage,start,end,lemma,reading,witnesses,class,type,kind,field\r\n";
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusEntry& e : p.entries) {
      const std::string n = std::to_string(e.number);
      const std::string_view field = to_string(e.field);
      if (!e.lemma_witnesses.empty()) {
        write_row(out, {n, p.address, e.start, e.end, e.lemma, e.lemma, joined(e.lemma_witnesses), "", "lemma", "", field});
      }
      for (const ApparatusReading& r : e.readings) {
        write_row(out, {n, p.address, e.start, e.end, e.lemma, r.text, joined(r.witnesses), to_string(r.variant_class),
                        to_string(r.kind), r.cause ? to_string(*r.cause) : "", field});
      }
    }
  }
  for (const ApparatusPassage& p : a.passages) {
    const std::u32string text = to_code_points(p.text);
    for (const ApparatusNote& note : p.notes) {
      write_row(out, {"", p.address, note.start, note.end, note.quote, note.body, note.author, "", "note", "",
                      to_string(note.field)});
    }
    for (const ApparatusMention& m : p.mentions) {
      write_row(out, {"", p.address, m.start, m.end, span_of(text, m.start, m.end), a.persons[m.person].name, "", "", "person", ""});
    }
  }
}

}  // namespace jiaozhu
