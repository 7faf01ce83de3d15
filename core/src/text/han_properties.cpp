// Unihan's shape and sound fields, looked up by binary search in tables
// generated at build time.
#include "jiaozhu/han_properties.h"

#include <algorithm>
#include <iterator>

namespace jiaozhu {
namespace {

struct HanRow {
  char32_t code_point;
  const char* cangjie;
  const char* four_corner;
  const char* phonetic;
  const char* mandarin;
  const char* cantonese;
  const char* tang;
  bool common;
};

struct UnihanVariantRow {
  char32_t a;
  char32_t b;
  unsigned relations;
};

#include "han_properties.inc"

std::vector<std::string_view> words(std::string_view list) {
  std::vector<std::string_view> out;
  while (!list.empty()) {
    const std::size_t space = list.find(' ');
    out.push_back(list.substr(0, space));
    list = space == std::string_view::npos ? std::string_view() : list.substr(space + 1);
  }
  return out;
}

// The first word both lists hold, or "".
std::string shared_word(std::string_view x, std::string_view y) {
  const std::vector<std::string_view> ys = words(y);
  for (std::string_view w : words(x))
    if (std::find(ys.begin(), ys.end(), w) != ys.end()) return std::string(w);
  return {};
}

// At most one substitution, insertion, deletion or swap of neighbours.
bool one_edit_apart(std::string_view x, std::string_view y) {
  if (x.size() > y.size()) std::swap(x, y);
  if (y.size() - x.size() > 1) return false;
  std::size_t i = 0;
  while (i < x.size() && x[i] == y[i]) ++i;
  if (i == x.size()) return true;
  if (x.size() < y.size()) return x.substr(i) == y.substr(i + 1);
  if (x.substr(i + 1) == y.substr(i + 1)) return true;
  return i + 1 < x.size() && x[i] == y[i + 1] && x[i + 1] == y[i] && x.substr(i + 2) == y.substr(i + 2);
}

std::string close_cangjie(std::string_view x, std::string_view y) {
  if (x.empty() || y.empty()) return {};
  if (x == y) return std::string(x);
  if (x.size() < 2 || y.size() < 2 || !one_edit_apart(x, y)) return {};
  return std::string(x) + "~" + std::string(y);
}

// Codes "4460.4": the four corners are the first four digits.
std::string close_four_corner(std::string_view xs, std::string_view ys) {
  for (std::string_view x : words(xs)) {
    for (std::string_view y : words(ys)) {
      if (x.size() < 4 || y.size() < 4) continue;
      int same = 0;
      for (std::size_t i = 0; i < 4; ++i) same += x[i] == y[i];
      if (same == 4) return std::string(x.substr(0, 4));
      if (same == 3) return std::string(x.substr(0, 4)) + "~" + std::string(y.substr(0, 4));
    }
  }
  return {};
}

// Whether some code of `longer` begins or ends with a whole code of
// `shorter`, and is longer. Asked only of two characters of one phonetic
// series, where a shared one-letter code is the component itself (女/汝).
bool holds_code(std::string_view longer, std::string_view shorter) {
  for (std::string_view x : words(longer)) {
    for (std::string_view y : words(shorter)) {
      if (y.empty() || x.size() <= y.size()) continue;
      if (x.substr(x.size() - y.size()) == y || x.substr(0, y.size()) == y) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<HanProperties> han_properties(char32_t c) {
  const auto it = std::lower_bound(std::begin(kHanRows), std::end(kHanRows), c,
                                   [](const HanRow& r, char32_t x) { return r.code_point < x; });
  if (it == std::end(kHanRows) || it->code_point != c) return std::nullopt;
  return HanProperties{it->cangjie, it->four_corner, it->phonetic, it->mandarin, it->cantonese, it->tang, it->common};
}

unsigned unihan_variant_relations(char32_t a, char32_t b) {
  const auto it = std::lower_bound(std::begin(kUnihanVariants), std::end(kUnihanVariants), std::pair{a, b},
                                   [](const UnihanVariantRow& r, std::pair<char32_t, char32_t> x) {
                                     return std::pair{r.a, r.b} < x;
                                   });
  return it != std::end(kUnihanVariants) && it->a == a && it->b == b ? it->relations : 0;
}

HanLikeness han_likeness(char32_t a, char32_t b) {
  HanLikeness out;
  if (a == b) return out;
  out.variant_relations = unihan_variant_relations(a, b);
  const auto pa = han_properties(a), pb = han_properties(b);
  if (!pa || !pb) return out;
  out.cangjie = close_cangjie(pa->cangjie, pb->cangjie);
  out.four_corner = close_four_corner(pa->four_corner, pb->four_corner);
  out.phonetic = shared_word(pa->phonetic, pb->phonetic);
  out.mandarin = shared_word(pa->mandarin, pb->mandarin);
  out.cantonese = shared_word(pa->cantonese, pb->cantonese);
  out.tang = shared_word(pa->tang, pb->tang);
  out.contains_other = holds_code(pa->cangjie, pb->cangjie) || holds_code(pb->cangjie, pa->cangjie);
  out.one_rare = pa->common != pb->common;
  return out;
}

std::vector<std::string> describe(const HanLikeness& l) {
  std::vector<std::string> out;
  static constexpr std::pair<unsigned, const char*> kRelations[] = {
      {kZVariantRelation, "kZVariant"},
      {kSemanticVariantRelation, "kSemanticVariant"},
      {kSpecializedSemanticVariantRelation, "kSpecializedSemanticVariant"},
      {kSpoofingVariantRelation, "kSpoofingVariant"}};
  for (const auto& [bit, name] : kRelations)
    if (l.variant_relations & bit) out.push_back(std::string("Unihan ") + name);
  if (!l.phonetic.empty()) out.push_back("same kPhonetic series " + l.phonetic);
  if (!l.cangjie.empty()) out.push_back("Cangjie " + l.cangjie);
  if (!l.four_corner.empty()) out.push_back("four-corner " + l.four_corner);
  if (!l.mandarin.empty()) out.push_back("both read " + l.mandarin);
  if (!l.cantonese.empty()) out.push_back("Cantonese " + l.cantonese);
  if (!l.tang.empty()) out.push_back("Tang " + l.tang);
  return out;
}

}  // namespace jiaozhu
