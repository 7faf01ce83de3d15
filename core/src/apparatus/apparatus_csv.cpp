// The apparatus as CSV for a spreadsheet: one row per reading, the lemma's
// witnesses as a row of their own, UTF-8 with a byte-order mark (without
// it, spreadsheet programs read the Chinese as Latin-1).
#include <string>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/csv.h"

namespace jiaozhu {
namespace {

std::string joined(const std::vector<std::string>& sigla) {
  std::string out;
  for (const std::string& s : sigla) out += (out.empty() ? "" : " ") + s;
  return out;
}

void row(std::ostream& out, const ApparatusPassage& p, const ApparatusEntry& e, const std::string& reading,
         const std::vector<std::string>& witnesses, std::string_view cls, std::string_view kind) {
  out << e.number << ',' << p.address << ',' << e.start << ',' << e.end << ',' << csv_field(e.lemma) << ','
      << csv_field(reading) << ',' << csv_field(joined(witnesses)) << ',' << cls << ',' << kind << "\r\n";
}

}  // namespace

void write_apparatus_csv(const Apparatus& a, std::ostream& out) {
  out << kUtf8ByteOrderMark << "n,passage,start,end,lemma,reading,witnesses,class,kind\r\n";
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusEntry& e : p.entries) {
      if (!e.lemma_witnesses.empty()) row(out, p, e, e.lemma, e.lemma_witnesses, "", "lemma");
      for (const ApparatusReading& r : e.readings) row(out, p, e, r.text, r.witnesses, to_string(r.variant_class), to_string(r.kind));
    }
  }
}

}  // namespace jiaozhu
