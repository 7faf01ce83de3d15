#include "apparatus/collation_note.h"

#include <algorithm>

#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// Longer omissions are cited by their ends.
constexpr std::size_t kCitedWhole = 8;
constexpr int kEndChars = 4;

// What a non-substantive reading is, in the words of a 校勘記.
std::string class_gloss(VariantClass c) {
  return c == VariantClass::kSubstantive ? "" : "（" + std::string(chinese_name(c)) + "）";
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
    case VariantKind::kVariantForm:
    case VariantKind::kTaboo: return "（" + std::string(chinese_name(*r.cause)) + "）";
    default: return "";
  }
}

std::string witnesses_of(const std::vector<std::string>& sigla) {
  std::string out;
  for (const std::string& s : sigla) out += (out.empty() ? "" : "、") + s;
  return out + "本";
}

// What separates the characters a 校勘記 counts: punctuation, spaces, line breaks.
bool is_punctuation(char32_t c) { return !is_han(c); }

// The clauses of a text between punctuation, as verse has them.
std::vector<std::u32string> clauses(const std::u32string& text) {
  std::vector<std::u32string> out(1);
  for (char32_t c : text) {
    if (is_punctuation(c)) {
      if (!out.back().empty()) out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  if (out.back().empty()) out.pop_back();
  return out;
}

// Verse: lines of one length (五言, 七言…), at least two of them.
bool is_verse(const std::u32string& text) {
  const auto lines = clauses(text);
  if (lines.size() < 2) return false;
  return std::all_of(lines.begin(), lines.end(), [&](const std::u32string& l) {
    return l.size() == lines.front().size() && l.size() >= 4 && l.size() <= 7;
  });
}

// 「知其不可」至「於明哲乎」凡十字 for a long omission; the words whole for a short one.
std::string cited(const std::u32string& base, const std::string& words) {
  const std::u32string w = to_code_points(words);
  std::u32string chars;
  for (char32_t c : w) if (!is_punctuation(c)) chars += c;
  if (chars.size() <= kCitedWhole) return quoted(words);
  const std::u32string head = chars.substr(0, kEndChars), tail = chars.substr(chars.size() - kEndChars);
  const auto lines = clauses(w);
  const bool whole_lines = is_verse(base) && !lines.empty() && lines.front().size() == clauses(base).front().size();
  // Counted in Arabic figures, as current 點校本 print their counts: 凡10字.
  const std::string count = whole_lines ? std::to_string(lines.size()) + "句" : std::to_string(chars.size()) + "字";
  return quoted(to_utf8(head)) + "至" + quoted(to_utf8(tail)) + "凡" + count;
}

std::string before_or_after(const std::u32string& base, int64_t at) {
  const auto i = static_cast<std::size_t>(at);
  return i > 0 ? quoted(to_utf8(base.substr(i - 1, 1))) + "下" : quoted(to_utf8(base.substr(0, 1))) + "上";
}

// One reading as "B本作「…」", "B本無…", "B本「…」下有「…」".
std::string clause(const std::u32string& base, const ApparatusEntry& e, const ApparatusReading& r) {
  const std::string who = witnesses_of(r.witnesses);
  std::string out;
  switch (r.kind) {
    case ReadingKind::kLacuna: out = who + "無此段"; break;
    case ReadingKind::kOmission: out = who + "無" + cited(base, e.lemma); break;
    case ReadingKind::kAddition: out = who + before_or_after(base, e.start) + "有" + quoted(r.text); break;
    case ReadingKind::kSubstitution: out = who + "作" + quoted(r.text); break;
  }
  return out + class_gloss(r.variant_class) + kind_gloss(r);
}

// The readings but `except`, as clauses joined by "，".
std::string other_clauses(const std::u32string& base, const ApparatusEntry& e, const ApparatusReading* except) {
  std::string out;
  for (const ApparatusReading& r : e.readings) {
    if (&r != except) out += (out.empty() ? "" : "，") + clause(base, e, r);
  }
  return out;
}

std::string kept(const std::u32string& base, const ApparatusEntry& e, const std::string& ending) {
  std::string out;
  for (const ApparatusReading& r : e.readings) {
    const bool lead = out.empty() && r.kind == ReadingKind::kSubstitution;
    out += (out.empty() ? "" : "，") + (lead ? quoted(e.lemma) + "，" : std::string()) + clause(base, e, r);
  }
  if (!e.lemma_witnesses.empty()) out += "；" + witnesses_of(e.lemma_witnesses) + "同底本";
  return out + ending + "。";
}

std::string adopted(const std::u32string& base, const ApparatusEntry& e, const Decision& d) {
  const ApparatusReading* chosen = nullptr;
  for (const ApparatusReading& r : e.readings) {
    if (std::find(r.witnesses.begin(), r.witnesses.end(), d.witness) != r.witnesses.end()) chosen = &r;
  }
  const std::string who = chosen ? witnesses_of(chosen->witnesses) : witnesses_of({d.witness});
  const std::string reading = d.reading.value_or("");
  std::string out;
  if (e.lemma.empty()) out = quoted(reading) + "，原無，據" + who + "補";
  else if (reading.empty()) out = "原" + before_or_after(base, e.start) + "有" + quoted(e.lemma) + "，據" + who + "刪";
  else out = quoted(reading) + "，原作" + quoted(e.lemma) + "，據" + who + "改";
  const std::string others = other_clauses(base, e, chosen);
  return out + (others.empty() ? "" : "；" + others) + "。";
}

std::string emended(const std::u32string& base, const ApparatusEntry& e, const Decision& d) {
  const std::string others = other_clauses(base, e, nullptr);
  return quoted(d.reading.value_or("")) + "，原作" + quoted(e.lemma) + (others.empty() ? "" : "，" + others) + "，" +
         d.reason + "。";
}

}  // namespace

std::string collation_note(const std::u32string& base, const ApparatusEntry& e) {
  const auto action = e.action();
  const std::string supplied = e.supplied && !e.lemma.empty() ? "底本" + quoted(e.lemma) + "係整理者補字。" : "";
  if (action == DecisionAction::kAdopt && e.decision) return adopted(base, e, *e.decision) + supplied;
  if (action == DecisionAction::kEmend && e.decision) return emended(base, e, *e.decision) + supplied;
  return kept(base, e, action == DecisionAction::kDoubt ? "，未知孰是" : "") + supplied;
}

std::string quoted(const std::string& s) { return "「" + s + "」"; }

const std::string& field_text(const ApparatusPassage& p, VariantField field) {
  return field == VariantField::kTitle ? p.title : field == VariantField::kAuthor ? p.author : p.text;
}

std::string_view field_prefix(VariantField field) {
  return field == VariantField::kTitle ? "題" : field == VariantField::kAuthor ? "作者" : "";
}

std::string published_name(const std::string& author) {
  const auto at = author.find(" <");
  return at == std::string::npos || author.back() != '>' ? author : author.substr(0, at);
}

}  // namespace jiaozhu::detail
