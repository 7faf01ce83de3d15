#include "jiaozhu/field.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"
#include "util/bounded_input.h"

namespace jiaozhu {
namespace {

enum class Shape { kText, kUuid, kTimestamp, kWord };

struct Rule {
  Field field;
  const char* name;
  std::size_t max_code_points;
  bool line_breaks;  // \n, \r and \t allowed
  Shape shape;
};

// Limits: a passage as import allows; a note as long as a passage; names
// and labels far beyond any real one, so that only hostile input meets them.
constexpr std::array<Rule, 23> kRules{{
    {Field::kPassageText, "a passage's text", kMaxPassageCodePoints, true, Shape::kText},
    {Field::kPassageLabel, "a passage's title, author or ref", 1000, false, Shape::kText},
    {Field::kNoteText, "the note's text", 1'000'000, true, Shape::kText},
    {Field::kQuote, "a note's quote", kMaxPassageCodePoints, true, Shape::kText},
    {Field::kTag, "a tag", 100, false, Shape::kText},
    {Field::kAuthor, "the author", 256, false, Shape::kText},
    {Field::kMotivation, "the motivation", 32, false, Shape::kWord},
    {Field::kTimestamp, "a time", 40, false, Shape::kTimestamp},
    {Field::kUuid, "an id", 36, false, Shape::kUuid},
    {Field::kWork, "the work's name", 200, false, Shape::kText},
    {Field::kTitle, "the title", 500, false, Shape::kText},
    {Field::kPersonName, "a character's name", 100, false, Shape::kText},
    {Field::kPersonNote, "a character's note", 100'000, true, Shape::kText},
    {Field::kFileName, "a source file's name", 1024, false, Shape::kText},
    {Field::kFoldForm, "a fold rule's character", 16, false, Shape::kText},
    {Field::kSource, "the source", 1000, false, Shape::kText},
    {Field::kDecisionNote, "the note on the decision", 100'000, true, Shape::kText},
    {Field::kDynasty, "the dynasty", 20, false, Shape::kText},
    {Field::kAliasKind, "an alias's kind", 100, false, Shape::kText},
    {Field::kChoiceValue, "the choice", 200, false, Shape::kText},
    {Field::kReference, "the address or id", 1000, false, Shape::kText},
    {Field::kUrlParameter, "a parameter of the address", 1000, false, Shape::kText},
    {Field::kPageImage, "a page's image", 10'000, false, Shape::kText},
}};

const Rule& rule_of(Field field) {
  for (const Rule& r : kRules) {
    if (r.field == field) return r;
  }
  throw std::logic_error("a field without a rule");
}

bool hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool digit(char c) { return c >= '0' && c <= '9'; }

// 2026-12-03T14:53:39Z, with optional fraction, Z or ±hh:mm.
bool is_timestamp(std::string_view v) {
  constexpr std::string_view kPattern = "dddd-dd-ddTdd:dd:dd";
  if (v.size() < kPattern.size() + 1) return false;
  for (std::size_t i = 0; i < kPattern.size(); ++i) {
    if (kPattern[i] == 'd' ? !digit(v[i]) : v[i] != kPattern[i]) return false;
  }
  std::size_t i = kPattern.size();
  if (v[i] == '.') {
    const std::size_t first = ++i;
    while (i < v.size() && digit(v[i])) ++i;
    if (i == first) return false;
  }
  const std::string_view zone = v.substr(i);
  if (zone == "Z") return true;
  return zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && digit(zone[1]) && digit(zone[2]) && zone[3] == ':' &&
         digit(zone[4]) && digit(zone[5]);
}

std::string byte_fault(const char* what, std::size_t at) {
  return std::string(what) + " at byte " + std::to_string(at);
}

std::optional<std::string> text_fault(const Rule& r, std::string_view value) {
  if (const auto bad = first_invalid_utf8(value)) {
    return byte_fault("is not valid UTF-8", *bad) + " (jiaozhu reads UTF-8; is the terminal or file in GB18030 or Big5?)";
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    const bool c1 = c == 0xC2 && i + 1 < value.size() && static_cast<unsigned char>(value[i + 1]) < 0xA0;
    const bool control = c < 0x20 || c == 0x7F || c1;
    if (!control) continue;
    if (r.line_breaks && (c == '\n' || c == '\r' || c == '\t')) continue;
    char code[8];
    std::snprintf(code, sizeof code, "U+%04X", c1 ? static_cast<unsigned>(static_cast<unsigned char>(value[i + 1])) : c);
    return byte_fault((std::string("holds the control character ") + code).c_str(), i);
  }
  if (code_points(value) > r.max_code_points) {
    return "is longer than " + std::to_string(r.max_code_points) + " characters";
  }
  if (to_nfc(value) != value) return std::string("is not in Unicode normal form C");
  return std::nullopt;
}

}  // namespace

std::size_t field_limit(Field field) { return rule_of(field).max_code_points; }

std::string_view field_name(Field field) { return rule_of(field).name; }

bool is_uuid_any_case(std::string_view v) {
  if (v.size() != 36) return false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? v[i] != '-' : !hex(v[i])) return false;
  }
  return true;
}

std::string lower_ascii(std::string_view value) {
  std::string out(value);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::optional<std::string> field_fault(Field field, std::string_view value) {
  const Rule& r = rule_of(field);
  if (value.empty()) return std::nullopt;
  switch (r.shape) {
    case Shape::kUuid:
      if (!is_uuid_any_case(value) || lower_ascii(value) != value) return std::string("is not a lower-case uuid");
      return std::nullopt;
    case Shape::kTimestamp:
      if (!is_timestamp(value)) return std::string("is not an ISO 8601 time such as 2026-12-03T14:53:39.123Z");
      return std::nullopt;
    case Shape::kWord:
      for (char c : value) {
        if (!(c >= 'a' && c <= 'z')) return std::string("is not a word of lower-case letters");
      }
      if (value.size() > r.max_code_points) return "is longer than " + std::to_string(r.max_code_points) + " characters";
      return std::nullopt;
    case Shape::kText:
      return text_fault(r, value);
  }
  return std::nullopt;
}

std::string checked_argument(Field field, std::string_view value, std::string_view where) {
  const Rule& r = rule_of(field);
  std::string normal;
  if (r.shape == Shape::kText && !first_invalid_utf8(value)) normal = to_nfc(value);
  else normal = std::string(value);
  if (auto fault = field_fault(field, normal)) throw UsageError(std::string(where) + " " + *fault);
  return normal;
}

std::string normalized_label(std::string_view value, unsigned& fixes) {
  std::string out;
  out.reserve(value.size());
  const auto* s = reinterpret_cast<const uint8_t*>(value.data());
  const auto length = static_cast<int32_t>(value.size());
  for (int32_t i = 0; i < length;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (!u_isUWhiteSpace(c)) {
      out.append(value.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
      continue;
    }
    // The whole run of white space, and what it holds.
    std::size_t run = 1;
    unsigned held = 0;
    for (UChar32 w = c;;) {
      if (w == U'\t') held |= kLabelTab;
      if (w == U'\r' || w == U'\n') held |= kLabelLineBreak;
      if (i >= length) break;
      int32_t next = i;
      U8_NEXT(s, next, length, w);
      if (!u_isUWhiteSpace(w)) break;
      i = next;
      ++run;
    }
    const bool at_end = start == 0 || i == length;
    if (run == 1 && (c == U' ' || c == 0x3000) && !at_end) {
      out.append(value.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
      continue;
    }
    fixes |= held ? held : kLabelSpaces;
    if (!at_end) out += ' ';
  }
  std::string nfc = to_nfc(out);
  if (nfc != out) fixes |= kLabelNfc;
  return nfc;
}

std::string read_named_file(const std::filesystem::path& path, std::uintmax_t limit, std::string_view what) {
  return detail::read_bounded(path, limit, what);
}

bool is_sha256_hex(std::string_view value) {
  return value.size() == 64 &&
         std::all_of(value.begin(), value.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace jiaozhu
