// Build-time generator of the search folding table: reads
// Unihan_Variants.txt (decompressed) on stdin, OpenCC's dictionaries from
// the directory argv[1] and the project's variant groups from the file
// argv[2] (core/data/variant_forms.tsv), and writes C++ on stdout.
//
// fold(c) maps every Han character to one representative of its class, so
// that search ignores script and variant forms. Classes are built by
// union-find over these relations:
//   mandatory  c ~ ICU Hant-Hans(c)   Traditional to Simplified (ICU's table)
//              c ~ OpenCC t2s(c)      (OpenCC's character table: 淩 → 凌)
//              c ~ NFC(c)             compatibility ideographs
//   vetted     OpenCC's TW, HK and JP variant tables (爲/為, 髮/髪)
//              the groups of core/data/variant_forms.tsv (艣/櫓, 駈/驅)
//   optional   kZVariant              the same character, another glyph
//              kSemanticVariant when both characters list each other (疎 ↔ 疏)
// Vetted edges are variant forms (glyph classes) like the optional ones,
// taken while a class stays within kMaxVettedClass.
// An optional edge is taken only while the class it makes stays small
// (kMaxOptionalClass), because long chains of variant relations join
// characters that no reader takes for one (see docs/folding.md).
// Mandatory edges make fold a coarsening of ICU's Hant-Hans: two characters
// ICU maps to one Simplified form always fold alike.
// The representative is the member that is its own Simplified form and is in
// GB2312, else in the basic Han block, else the lowest code point.
#include <opencc/Lexicon.hpp>
#include <opencc/MarisaDict.hpp>
#include <opencc/opencc.h>
#include <unicode/normalizer2.h>
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/ucnv.h>
#include <unicode/unistr.h>
#include <unicode/uvernum.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "charset.h"

namespace {

constexpr std::size_t kMaxOptionalClass = 4;
constexpr std::size_t kMaxVettedClass = 8;
constexpr UChar32 kLimit = 0x32000;

bool is_han(UChar32 c) {
  return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0x20000 && c < kLimit);
}

struct UnionFind {
  std::vector<UChar32> parent;
  std::vector<std::size_t> size;
  UnionFind() : parent(kLimit), size(kLimit, 1) { std::iota(parent.begin(), parent.end(), 0); }
  UChar32 find(UChar32 c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  }
  bool join(UChar32 a, UChar32 b, std::size_t max_size) {
    a = find(a), b = find(b);
    if (a == b) return true;
    if (size[a] + size[b] > max_size) return false;
    if (size[a] < size[b]) std::swap(a, b);
    parent[b] = a;
    size[a] += size[b];
    return true;
  }
};

// The single code point `s` consists of, or -1.
UChar32 single(const icu::UnicodeString& s) { return s.countChar32() == 1 ? s.char32At(0) : -1; }

std::string utf8(UChar32 c) {
  std::string out;
  icu::UnicodeString(c).toUTF8String(out);
  return out;
}

UChar32 parse_code_point(const std::string& token) {
  return static_cast<UChar32>(std::stoul(token.substr(2), nullptr, 16));
}

// The one-character entries of an OpenCC dictionary (.ocd2): key and each
// value, as pairs; empty when the file is missing.
std::vector<std::pair<UChar32, UChar32>> opencc_pairs(const std::string& path) {
  std::vector<std::pair<UChar32, UChar32>> out;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return out;
  const opencc::MarisaDictPtr dict = opencc::MarisaDict::NewFromFile(f);
  std::fclose(f);
  for (const auto& entry : *dict->GetLexicon()) {
    const UChar32 key = single(icu::UnicodeString::fromUTF8(entry->Key()));
    for (const std::string& value : entry->Values()) {
      const UChar32 v = single(icu::UnicodeString::fromUTF8(value));
      if (key > 0 && v > 0 && key != v) out.emplace_back(key, v);
    }
  }
  return out;
}

// The groups of variant_forms.tsv: each variant with its standard form.
std::vector<std::pair<UChar32, UChar32>> tsv_groups(const std::string& path) {
  std::vector<std::pair<UChar32, UChar32>> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const UChar32 standard = single(icu::UnicodeString::fromUTF8(line.substr(0, tab)));
    const icu::UnicodeString variants = icu::UnicodeString::fromUTF8(line.substr(tab + 1));
    for (int32_t i = 0; i < variants.length(); i = variants.moveIndex32(i, 1)) {
      out.emplace_back(variants.char32At(i), standard);
    }
  }
  return out;
}

uint64_t fnv1a(uint64_t h, uint32_t v) {
  for (int i = 0; i < 4; ++i) h = (h ^ ((v >> (8 * i)) & 0xFF)) * 1099511628211ull;
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: gen_fold_table OPENCC_DIR VARIANT_FORMS_TSV < Unihan_Variants.txt\n";
    return 1;
  }
  const std::string opencc_dir = argv[1];
  std::ifstream groups_file(argv[2]);
  if (!groups_file) {
    std::cerr << "gen_fold_table: cannot read " << argv[2] << "\n";
    return 1;
  }
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Transliterator> hant_hans(
      icu::Transliterator::createInstance("Hant-Hans", UTRANS_FORWARD, status));
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  UConverter* gb2312 = ucnv_open("gb2312", &status);
  opencc_t t2s = opencc_open("t2s.json");
  if (U_FAILURE(status) || t2s == reinterpret_cast<opencc_t>(-1)) {
    std::cerr << "gen_fold_table: ICU or OpenCC (t2s.json) is unavailable\n";
    return 1;
  }
  auto in_gb2312 = [&](UChar32 c) {
    std::string bytes;
    return encodes(gb2312, c, bytes);
  };

  UnionFind classes;
  // Variant forms alone, without Traditional-Simplified conversion: what
  // tells a variant form (裏/裡) from a pair that only conversion merges (髮/發).
  UnionFind glyph_classes;
  std::vector<bool> simplified_form(kLimit, false);
  std::size_t icu_edges = 0, opencc_edges = 0, nfc_edges = 0;
  for (UChar32 c = 0x3400; c < kLimit; ++c) {
    if (!is_han(c) || !u_isdefined(c)) continue;
    icu::UnicodeString s(c);
    hant_hans->transliterate(s);
    const UChar32 icu = single(s);
    simplified_form[c] = icu == c;
    if (icu > 0 && icu != c && icu < kLimit) icu_edges += classes.join(c, icu, kLimit);

    char* converted = opencc_convert_utf8(t2s, utf8(c).c_str(), static_cast<size_t>(-1));
    const UChar32 cc = single(icu::UnicodeString::fromUTF8(converted));
    opencc_convert_utf8_free(converted);
    if (cc > 0 && cc != c && cc < kLimit) opencc_edges += classes.join(c, cc, kLimit);

    UErrorCode e = U_ZERO_ERROR;
    const UChar32 n = single(nfc->normalize(icu::UnicodeString(c), e));
    if (n > 0 && n != c && n < kLimit) {
      nfc_edges += classes.join(c, n, kLimit);
      glyph_classes.join(c, n, kLimit);
    }
  }

  std::vector<std::pair<UChar32, UChar32>> vetted = tsv_groups(argv[2]);
  const std::size_t from_groups = vetted.size();
  for (const char* name : {"TWVariants", "HKVariants", "JPVariants"}) {
    const auto pairs = opencc_pairs(opencc_dir + "/" + name + ".ocd2");
    if (pairs.empty()) {
      std::cerr << "gen_fold_table: no entries in " << opencc_dir << "/" << name << ".ocd2\n";
      return 1;
    }
    vetted.insert(vetted.end(), pairs.begin(), pairs.end());
  }
  std::size_t vetted_taken = 0;
  for (const auto& [a, b] : vetted) {
    if (!is_han(a) || !is_han(b) || a >= kLimit || b >= kLimit) continue;
    if (!glyph_classes.join(a, b, kMaxVettedClass)) continue;
    vetted_taken += classes.join(a, b, kLimit);
  }

  std::map<UChar32, std::set<UChar32>> semantic;
  std::vector<std::pair<UChar32, UChar32>> optional;
  std::string line, unicode_version = "?";
  while (std::getline(std::cin, line)) {
    if (line.rfind("# Unicode version: ", 0) == 0) unicode_version = line.substr(19);
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string subject, field, token;
    fields >> subject >> field;
    const UChar32 a = parse_code_point(subject);
    while (fields >> token) {
      const UChar32 b = parse_code_point(token);
      if (!is_han(a) || !is_han(b) || a == b) continue;
      if (field == "kZVariant") optional.emplace_back(a, b);
      if (field == "kSemanticVariant") semantic[a].insert(b);
    }
  }
  for (const auto& [a, others] : semantic) {
    for (UChar32 b : others) {
      if (a < b && semantic.count(b) && semantic[b].count(a)) optional.emplace_back(a, b);
    }
  }
  std::size_t optional_taken = 0;
  for (const auto& [a, b] : optional) {
    optional_taken += classes.join(a, b, kMaxOptionalClass);
    glyph_classes.join(a, b, kMaxOptionalClass);
  }

  // Best representative per class root.
  auto rank = [&](UChar32 c) {
    return std::tuple(!(simplified_form[c] && in_gb2312(c)), !simplified_form[c], !(c >= 0x4E00 && c <= 0x9FFF), c);
  };
  std::map<UChar32, UChar32> best;
  for (UChar32 c = 0x3400; c < kLimit; ++c) {
    if (!is_han(c) || !u_isdefined(c)) continue;
    const UChar32 root = classes.find(c);
    auto it = best.find(root);
    if (it == best.end() || rank(c) < rank(it->second)) best[root] = c;
  }

  std::vector<std::pair<UChar32, UChar32>> pairs;
  uint64_t version = 1469598103934665603ull;
  for (UChar32 c = 0x3400; c < kLimit; ++c) {
    if (!is_han(c) || !u_isdefined(c)) continue;
    const UChar32 to = best[classes.find(c)];
    if (to == c) continue;
    pairs.emplace_back(c, to);
    version = fnv1a(fnv1a(version, static_cast<uint32_t>(c)), static_cast<uint32_t>(to));
  }
  std::fprintf(stderr, "gen_fold_table: %zu ICU, %zu OpenCC, %zu NFC edges; %zu of %zu vetted and %zu of %zu variant edges "
               "taken; %zu folds\n", icu_edges, opencc_edges, nfc_edges, vetted_taken, vetted.size(), optional_taken,
               optional.size(), pairs.size());

  std::printf("// Generated by core/gen/gen_fold_table.cpp from ICU, OpenCC and Unihan. Do not edit.\n");
  std::printf("#pragma once\n\n#include <cstddef>\n#include <cstdint>\n\n");
  std::printf("// Identifies this table; a database indexed with another is reindexed.\n");
  std::printf("inline constexpr char kFoldTableVersion[] = \"fold-%016llx\";\n\n",
              static_cast<unsigned long long>(version));
  // What `fold list` names as the built-in table's sources, with versions.
  std::printf("inline constexpr char kFoldTableSources[] = \"ICU %s Hant-Hans (%zu pairs), OpenCC %s t2s (%zu), "
              "Unicode %s NFC (%zu), OpenCC TW/HK/JP variants and jiaozhu's variant_forms.tsv (%zu pairs, %zu of them "
              "the 1955 groups; %zu taken), Unihan %s kZVariant and mutual kSemanticVariant (%zu of %zu taken)\";\n",
              U_ICU_VERSION, icu_edges, JZ_OPENCC_VERSION, opencc_edges, unicode_version.c_str(), nfc_edges,
              vetted.size(), from_groups, vetted_taken, unicode_version.c_str(), optional_taken, optional.size());
  std::printf("inline constexpr std::size_t kFoldTableFolds = %zu;\n\n", pairs.size());
  std::printf("struct FoldPair {\n  char32_t from, to;\n};\n\n");
  std::printf("inline constexpr FoldPair kFoldPairs[] = {");
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    std::printf("%s{0x%X, 0x%X},", i % 6 == 0 ? "\n  " : " ", pairs[i].first, pairs[i].second);
  }
  std::printf("\n};\n\n");
  std::printf("// Each character that has other variant forms (vetted groups, kZVariant, mutual\n"
              "// kSemanticVariant, compatibility) and the one its class is named by; sorted by `from`.\n");
  std::printf("inline constexpr FoldPair kVariantClassPairs[] = {");
  std::size_t n = 0;
  for (UChar32 c = 0x3400; c < kLimit; ++c) {
    if (!is_han(c) || !u_isdefined(c)) continue;
    const UChar32 root = glyph_classes.find(c);
    if (root == c && glyph_classes.size[c] == 1) continue;
    std::printf("%s{0x%X, 0x%X},", n++ % 6 == 0 ? "\n  " : " ", c, root);
  }
  std::printf("\n};\n");
  opencc_close(t2s);
  ucnv_close(gb2312);
  return 0;
}
