// Build-time generator: reads Unihan_DictionaryLikeData.txt, Unihan_Readings.txt
// and Unihan_Variants.txt (decompressed, concatenated) on stdin and writes the
// table of core/src/text/han_properties.cpp on stdout:
//   kHanRows:         per character, sorted by code point: kCangjie,
//                     kFourCornerCode, kPhonetic (series numbers only),
//                     kMandarin (its one or two common readings: a rare
//                     reading would make too many pairs 音近) and kCantonese without tones, kTang without
//                     its tone marks, each a space-separated list; and whether
//                     it is a common character: in Big5's first level (the
//                     5,401 常用字) or in GB2312;
//   kUnihanVariants:  (a, b, relations) for every kZVariant, kSemanticVariant,
//                     kSpecializedSemanticVariant and kSpoofingVariant pair,
//                     in both directions, sorted.
// Readings lose their tones here, once, so that the library compares plain
// strings: 音近 in #20's sense is "the same syllable", whatever the tone.
#include <unicode/translit.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "charset.h"

namespace {

struct Row {
  std::string cangjie, four_corner, phonetic, mandarin, cantonese, tang;
};

unsigned parse_code_point(const std::string& token) {  // "U+5F8C" or "U+5F8C<kSource"
  return static_cast<unsigned>(std::stoul(token.substr(2), nullptr, 16));
}

// "hǎo hào" → "hao"; ü stays distinct as v (lǚ → lv).
std::string toneless_pinyin(const std::string& s, icu::Transliterator& strip) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(s);
  u.findAndReplace(icu::UnicodeString::fromUTF8("ü"), "v");
  u.findAndReplace(icu::UnicodeString::fromUTF8("ǖ"), "v");
  u.findAndReplace(icu::UnicodeString::fromUTF8("ǘ"), "v");
  u.findAndReplace(icu::UnicodeString::fromUTF8("ǚ"), "v");
  u.findAndReplace(icu::UnicodeString::fromUTF8("ǜ"), "v");
  strip.transliterate(u);
  std::string out;
  return u.toUTF8String(out);
}

// Distinct words of `values` after `f`, space-separated.
template <typename F>
std::string each_word(const std::string& values, F f) {
  std::istringstream in(values);
  std::set<std::string> seen;
  std::string word, out;
  while (in >> word) {
    std::string w = f(word);
    if (w.empty() || !seen.insert(w).second) continue;
    out += (out.empty() ? "" : " ") + w;
  }
  return out;
}

std::string digits_only(const std::string& w) {  // kPhonetic "1142*" or "817A" → "1142", "817"
  std::string out;
  for (char c : w) if (c >= '0' && c <= '9') out += c; else break;
  return out;
}

std::string without_digits(const std::string& w) {  // jyutping "hou2" → "hou"
  std::string out;
  for (char c : w) if (c < '0' || c > '9') out += c;
  return out;
}

void print_string(const std::string& s) {
  std::printf("\"");
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') std::printf("\\%c", c);
    else if (c < 0x20 || c >= 0x7F) std::printf("\\x%02X\"\"", c);  // "" ends the hex escape
    else std::printf("%c", c);
  }
  std::printf("\"");
}

}  // namespace

int main() {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Transliterator> strip(icu::Transliterator::createInstance(
      "NFD; [:Nonspacing Mark:] Remove; NFC; Lower", UTRANS_FORWARD, status));
  if (U_FAILURE(status)) {
    std::cerr << "gen_han_properties: ICU transliterator: " << u_errorName(status) << "\n";
    return 1;
  }
  std::map<unsigned, Row> rows;
  std::map<std::pair<unsigned, unsigned>, unsigned> variants;
  const std::map<std::string, unsigned> relation_bits = {
      {"kZVariant", 1}, {"kSemanticVariant", 2}, {"kSpecializedSemanticVariant", 4}, {"kSpoofingVariant", 8}};
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string subject, field, rest;
    fields >> subject >> field;
    std::getline(fields, rest);
    const unsigned cp = parse_code_point(subject);
    if (auto bit = relation_bits.find(field); bit != relation_bits.end()) {
      std::istringstream tokens(rest);
      std::string token;
      while (tokens >> token) {
        const unsigned other = parse_code_point(token);
        if (other == cp) continue;
        variants[{cp, other}] |= bit->second;
        variants[{other, cp}] |= bit->second;
      }
      continue;
    }
    static const std::set<std::string> kept = {"kCangjie", "kFourCornerCode", "kPhonetic", "kMandarin", "kCantonese", "kTang"};
    if (!kept.count(field)) continue;
    Row& row = rows[cp];
    if (field == "kCangjie") row.cangjie = each_word(rest, [](const std::string& w) { return w; });
    else if (field == "kFourCornerCode") row.four_corner = each_word(rest, [](const std::string& w) { return w; });
    else if (field == "kPhonetic") row.phonetic = each_word(rest, digits_only);
    else if (field == "kMandarin") row.mandarin = each_word(rest, [&](const std::string& w) { return toneless_pinyin(w, *strip); });
    else if (field == "kCantonese") row.cantonese = each_word(rest, without_digits);
    else row.tang = each_word(rest, [&](const std::string& w) { return toneless_pinyin(w.substr(w[0] == '*' ? 1 : 0), *strip); });
  }
  if (rows.size() < 20000 || variants.size() < 1000) {
    std::cerr << "gen_han_properties: too little read (" << rows.size() << " characters, " << variants.size()
              << " variant pairs); is the input Unihan's DictionaryLikeData, Readings and Variants?\n";
    return 1;
  }
  std::printf("// Generated from Unihan by core/gen/gen_han_properties.cpp.\n#pragma once\n\n");
  UConverter* big5 = ucnv_open("Big5", &status);
  UConverter* gb2312 = ucnv_open("gb2312", &status);
  if (U_FAILURE(status)) {
    std::cerr << "gen_han_properties: ICU's Big5 or GB2312 converter: " << u_errorName(status) << "\n";
    return 1;
  }
  auto common = [&](unsigned cp) {
    std::string bytes;
    if (encodes(big5, cp, bytes) && bytes.size() == 2) {
      const unsigned code = (static_cast<unsigned char>(bytes[0]) << 8) | static_cast<unsigned char>(bytes[1]);
      if (code >= 0xA440 && code <= 0xC67E) return true;  // Big5 level 1: 常用字
    }
    return encodes(gb2312, cp, bytes);
  };
  std::printf("inline constexpr HanRow kHanRows[] = {\n");
  for (const auto& [cp, r] : rows) {
    std::printf("  {0x%X, ", cp);
    for (const std::string* s : {&r.cangjie, &r.four_corner, &r.phonetic, &r.mandarin, &r.cantonese, &r.tang}) {
      print_string(*s);
      std::printf(", ");
    }
    std::printf("%s},\n", common(cp) ? "true" : "false");
  }
  ucnv_close(big5);
  ucnv_close(gb2312);
  std::printf("};\n\ninline constexpr UnihanVariantRow kUnihanVariants[] = {\n");
  for (const auto& [pair, bits] : variants) std::printf("  {0x%X, 0x%X, %u},\n", pair.first, pair.second, bits);
  std::printf("};\n");
  return 0;
}
