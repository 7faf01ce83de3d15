// What Unihan says about one Han character's shape and sound, and how two
// characters relate: the evidence behind fold suggest's proposals and the
// 校勘 kinds (形近, 音近, 通假). Built into the binary from Debian's
// unicode-data at build time (core/gen/gen_han_properties.cpp); no call reads
// a file, opens a database or throws. Thread-safe: everything is constant.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jiaozhu {

// Each field is a space-separated list, empty when Unihan gives none.
struct HanProperties {
  std::string_view cangjie;      // kCangjie: "SU"
  std::string_view four_corner;  // kFourCornerCode: "1771.7"
  std::string_view phonetic;     // kPhonetic series numbers: "1518 1526"
  std::string_view mandarin;     // kMandarin, toneless: "ji"
  std::string_view cantonese;    // kCantonese, toneless: "gei"
  std::string_view tang;         // kTang, toneless: "giə"
  bool common = false;           // in Big5's first level (常用字) or GB2312
};

std::optional<HanProperties> han_properties(char32_t c);

// Unihan's variant fields linking a and b (either direction), as bits.
enum UnihanVariantRelation : unsigned {
  kZVariantRelation = 1,
  kSemanticVariantRelation = 2,
  kSpecializedSemanticVariantRelation = 4,
  kSpoofingVariantRelation = 8,
};
unsigned unihan_variant_relations(char32_t a, char32_t b);

// How two characters are alike, field by field; each string is what they
// share (a code, a series, a syllable), empty when they share nothing there.
struct HanLikeness {
  unsigned variant_relations = 0;  // UnihanVariantRelation bits
  std::string cangjie;             // "SU" (equal codes) or "TJR~TKR" (one letter apart)
  std::string four_corner;         // "4460" (equal) or "5090~5092" (three digits of four)
  std::string phonetic;            // a kPhonetic series both belong to: "1526"
  std::string mandarin;            // a syllable both can be read as: "liu"
  std::string cantonese;           // likewise in Cantonese: "lau"
  std::string tang;                // likewise in Tang-era Chinese
  // One character's Cangjie code begins or ends with the whole of the
  // other's: it is the other with a component added (反/返, 莫/暮, 女/汝),
  // as 古今字 and many loans are.
  bool contains_other = false;
  // Exactly one of the two is a common character (HanProperties::common):
  // a rare form read like a common one is most often its variant form.
  bool one_rare = false;

  bool close_in_shape() const { return !cangjie.empty() || !four_corner.empty(); }
  bool close_in_sound() const { return !mandarin.empty() || !cantonese.empty() || !tang.empty(); }
};

// Close in shape means: the same kCangjie code, or codes one edit apart
// (one letter changed, added, dropped, or two neighbours swapped) when both
// have at least two letters; or the same first four kFourCornerCode digits, or
// three of them. a == b gives an empty likeness.
HanLikeness han_likeness(char32_t a, char32_t b);

// The likeness as lines a scholar reads ("same kPhonetic series 1526",
// "Cangjie TJR~TKR"), in the order of HanLikeness's fields.
std::vector<std::string> describe(const HanLikeness& likeness);

}  // namespace jiaozhu
