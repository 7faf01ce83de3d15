// The apparatus as a 校勘記: per passage, the base text with its notes'
// numbers 〔一〕 after the places they concern, then one sentence per place
// in the conventional form: 「太宗」，B本作「皇太极」；C、D本同底本。
#include <map>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

// What a non-substantive reading is, in the words of a 校勘記.
std::string class_gloss(VariantClass c) {
  switch (c) {
    case VariantClass::kSubstantive: return "";
    case VariantClass::kConversion: return "（繁簡轉換）";
    case VariantClass::kPlaceholder: return "（闕字）";
    case VariantClass::kPinyin: return "（拼音）";
    case VariantClass::kGlyph: return "（異體）";
    case VariantClass::kScript: return "（繁簡）";
    case VariantClass::kPunct: return "（標點）";
    case VariantClass::kBreak: return "（分段）";
  }
  return "";
}

// The 校勘 kinds a 校勘記 names after a reading; 脫 and 衍 are in its words
// already (無, 下有), 異文 needs no word.
std::string kind_gloss(const ApparatusReading& r) {
  if (!r.cause) return "";
  switch (*r.cause) {
    case VariantKind::kInversion:
    case VariantKind::kGraphic:
    case VariantKind::kPhonetic:
    case VariantKind::kLoan:
    case VariantKind::kTaboo: return "（" + std::string(chinese_name(*r.cause)) + "）";
    default: return "";
  }
}

std::string witnesses_of(const std::vector<std::string>& sigla) {
  std::string out;
  for (const std::string& s : sigla) out += (out.empty() ? "" : "、") + s;
  return out + "本";
}

std::string quoted(const std::string& s) { return "「" + s + "」"; }

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

// 「太宗」，B本作「皇太极」，C本作「太宗皇帝」；D本同底本。
std::string sentence(const std::u32string& base, const ApparatusEntry& e) {
  std::string out;
  for (const ApparatusReading& r : e.readings) {
    const std::string who = witnesses_of(r.witnesses);
    std::string clause;
    switch (r.kind) {
      case ReadingKind::kLacuna: clause = who + "無此段"; break;
      case ReadingKind::kOmission: clause = who + "無" + quoted(e.lemma); break;
      case ReadingKind::kAddition: {
        const auto at = static_cast<std::size_t>(e.start);
        clause = at > 0 ? who + quoted(to_utf8(base.substr(at - 1, 1))) + "下有" + quoted(r.text)
                        : who + quoted(to_utf8(base.substr(0, 1))) + "上有" + quoted(r.text);
        break;
      }
      case ReadingKind::kSubstitution:
        clause = (out.empty() ? quoted(e.lemma) + "，" : "") + who + "作" + quoted(r.text);
        break;
    }
    out += (out.empty() ? "" : "，") + clause + class_gloss(r.variant_class) + kind_gloss(r);
  }
  if (!e.lemma_witnesses.empty()) out += "；" + witnesses_of(e.lemma_witnesses) + "同底本";
  return out + "。";
}

// The passage's text, title or author.
const std::string& field_text(const ApparatusPassage& p, VariantField field) {
  switch (field) {
    case VariantField::kTitle: return p.title;
    case VariantField::kAuthor: return p.author;
    case VariantField::kText: break;
  }
  return p.text;
}

// How a sentence names the field its place is in: 題「靜夜思」, 作者「李白」.
std::string_view field_prefix(VariantField field) {
  switch (field) {
    case VariantField::kTitle: return "題";
    case VariantField::kAuthor: return "作者";
    case VariantField::kText: break;
  }
  return "";
}

// A field of the passage with 〔n〕 after each of its places (numbered
// within the passage, through all its fields).
std::string marked(const ApparatusPassage& p, VariantField field) {
  const std::u32string base = to_code_points(field_text(p, field));
  std::multimap<int64_t, std::size_t> after;  // offset -> note number within the passage
  for (std::size_t i = 0; i < p.entries.size(); ++i) {
    if (p.entries[i].field == field) after.emplace(p.entries[i].end, i + 1);
  }
  std::string out;
  for (std::size_t at = 0; at <= base.size(); ++at) {
    for (auto [it, last] = after.equal_range(static_cast<int64_t>(at)); it != last; ++it) {
      out += "〔" + chinese_number(static_cast<int64_t>(it->second)) + "〕";
    }
    if (at < base.size()) append_utf8(out, base[at]);
  }
  return out;
}

void write_text_passage(const Apparatus& a, const ApparatusPassage& p, std::ostream& out) {
  const std::u32string base = to_code_points(p.text);
  out << p.address;
  if (!p.section.empty()) out << " " << format_section(p.section);
  if (p.page) out << " p. " << *p.page;
  if (!p.title.empty()) out << " " << marked(p, VariantField::kTitle);
  if (!p.author.empty()) out << " " << marked(p, VariantField::kAuthor);
  out << "\n" << marked(p, VariantField::kText) << "\n";
  for (std::size_t i = 0; i < p.entries.size(); ++i) {
    const ApparatusEntry& e = p.entries[i];
    out << "〔" << chinese_number(static_cast<int64_t>(i + 1)) << "〕" << field_prefix(e.field)
        << sentence(to_code_points(field_text(p, e.field)), e) << "\n";
  }
  for (const ApparatusNote& n : p.notes) {
    out << "【注】" << field_prefix(n.field) << quoted(on_one_line(n.quote)) << "：" << n.body << "（" << n.author << "）\n";
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
  out << "。校記 " << a.entries << " 條。\n\n";
  for (const ApparatusPassage& p : a.passages) {
    if (!p.entries.empty() || !p.notes.empty()) write_text_passage(a, p, out);
  }
}

}  // namespace jiaozhu
