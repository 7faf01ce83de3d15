// The apparatus as a 校勘記: per passage, the base text with its notes'
// numbers 〔一〕 after the places they concern (in the edited text, when the
// editor adopted or emended readings), then one sentence per recorded place
// in 點校本 form (collation_note.h). Places omitted (不出校) are not printed;
// the policies in force head it as the 凡例.
#include <algorithm>
#include <map>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "apparatus/collation_note.h"

namespace jiaozhu {
namespace {

using detail::field_prefix;
using detail::field_text;
using detail::quoted;

// A quote that crosses the lines of a poem, on the one line of its note:
// each line break as ／, as editions print a verse's line ends in prose.
std::string on_one_line(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\r') continue;
    out += c == '\n' ? std::string("／") : std::string(1, c);
  }
  return out;
}

// The edited text of a field: the base with the readings its entries
// adopt or emend put in (the apparatus is numbered against it).
EditedText edited_field(const ApparatusPassage& p, VariantField field) {
  const bool changed = std::any_of(p.entries.begin(), p.entries.end(), [&](const ApparatusEntry& e) {
    return e.field == field && e.decision && e.decision->reading;
  });
  if (!changed) return {field_text(p, field), {}};
  std::vector<PlaceDecision> changes;
  for (const ApparatusEntry& e : p.entries) {
    if (e.field != field || !e.decision || !e.decision->reading) continue;
    PlaceDecision d;
    d.place = {e.id, "", p.seq, field, e.start, e.end, e.lemma, false};
    d.current = *e.decision;
    changes.push_back(std::move(d));
  }
  return edited_text(field_text(p, field), p.seq, field, changes);
}

// The numbers of the entries a 校勘記 records (omitted ones have none):
// 〔一〕, 〔二〕… through the passage's fields.
std::vector<int64_t> note_numbers(const ApparatusPassage& p) {
  std::vector<int64_t> out;
  int64_t n = 0;
  for (const ApparatusEntry& e : p.entries) out.push_back(e.omitted() ? 0 : ++n);
  return out;
}

// A field of the edited passage with 〔n〕 after each recorded place.
std::string marked(const ApparatusPassage& p, VariantField field, const std::vector<int64_t>& numbers) {
  const EditedText edited = edited_field(p, field);
  const std::u32string text = to_code_points(edited.text);
  std::multimap<int64_t, int64_t> after;  // offset in the edited text -> note number
  for (std::size_t i = 0; i < p.entries.size(); ++i) {
    if (p.entries[i].field == field && numbers[i]) after.emplace(edited.map(p.entries[i].end), numbers[i]);
  }
  std::string out;
  for (std::size_t at = 0; at <= text.size(); ++at) {
    for (auto [it, last] = after.equal_range(static_cast<int64_t>(at)); it != last; ++it) {
      out += "〔" + chinese_number(it->second) + "〕";
    }
    if (at < text.size()) append_utf8(out, text[at]);
  }
  return out;
}

void write_text_passage(const Apparatus& a, const ApparatusPassage& p, std::ostream& out) {
  const std::vector<int64_t> numbers = note_numbers(p);
  out << p.address;
  if (!p.section.empty()) out << " " << format_section(p.section);
  if (p.page) out << " p. " << *p.page;
  if (!p.title.empty()) out << " " << marked(p, VariantField::kTitle, numbers);
  if (!p.author.empty()) out << " " << marked(p, VariantField::kAuthor, numbers);
  out << "\n" << marked(p, VariantField::kText, numbers) << "\n";
  for (std::size_t i = 0; i < p.entries.size(); ++i) {
    if (!numbers[i]) continue;
    const ApparatusEntry& e = p.entries[i];
    out << "〔" << chinese_number(numbers[i]) << "〕" << field_prefix(e.field)
        << detail::collation_note(to_code_points(field_text(p, e.field)), e)
        << (a.worklist ? "  decide " + e.id.substr(0, 8) : std::string()) << "\n";
  }
  for (const ApparatusNote& n : p.notes) {
    out << "【注】" << field_prefix(n.field) << quoted(on_one_line(n.quote)) << "：" << n.body << "（"
        << detail::published_name(n.author) << "）\n";
  }
  if (!p.mentions.empty()) {
    std::string names;
    std::vector<bool> named(a.persons.size());
    for (const ApparatusMention& m : p.mentions) {
      if (named[m.person]) continue;
      named[m.person] = true;
      names += (names.empty() ? "" : "、") + a.persons[m.person].name;
    }
    out << "【人物】" << names << "\n";
  }
  out << "\n";
}

bool has_record(const ApparatusPassage& p) {
  return std::any_of(p.entries.begin(), p.entries.end(), [](const ApparatusEntry& e) { return !e.omitted(); });
}

}  // namespace

std::string chinese_number(int64_t n) {
  static const char* const kDigits[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
  static const char* const kUnits[] = {"", "十", "百", "千"};
  if (n <= 0) return kDigits[0];
  if (n >= 10000) return chinese_number(n / 10000) + "萬" + (n % 10000 ? (n % 10000 < 1000 ? "零" : "") + chinese_number(n % 10000) : "");
  std::string out;
  bool zero = false;
  for (int unit = 3; unit >= 0; --unit) {
    int64_t d = n;
    for (int k = 0; k < unit; ++k) d /= 10;
    d %= 10;
    if (d == 0) {
      zero = !out.empty();
      continue;
    }
    if (zero) out += kDigits[0];
    zero = false;
    if (!(d == 1 && unit == 1 && out.empty())) out += kDigits[d];  // 十二, not 一十二
    out += kUnits[unit];
  }
  return out;
}

void write_apparatus_text(const Apparatus& a, std::ostream& out) {
  out << a.base.siglum << (a.base.title.empty() ? "" : "（" + a.base.title + "）") << "為底本，校以";
  for (std::size_t i = 0; i < a.witnesses.size(); ++i) {
    const Edition& w = a.witnesses[i];
    out << (i ? "、" : "") << w.siglum << "本" << (w.title.empty() ? "" : "（" + w.title + "）");
  }
  out << "。校記 " << a.recorded() << " 條。\n";
  if (!a.policies.empty()) {
    out << "凡例：\n";
    for (std::size_t i = 0; i < a.policies.size(); ++i) {
      out << chinese_number(static_cast<int64_t>(i + 1)) << "、" << policy_sentence(a.policies[i]) << "\n";
    }
  }
  out << "\n";
  for (const ApparatusPassage& p : a.passages) {
    if (has_record(p) || !p.notes.empty()) write_text_passage(a, p, out);
  }
}

}  // namespace jiaozhu
