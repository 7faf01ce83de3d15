#include "align/phrase_conversion.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

#include "conversion_phrases.inc"

struct PhraseTable {
  std::unordered_map<std::u32string, std::vector<std::u32string>> to;  // search forms
  std::unordered_set<char32_t> characters;  // every character of a phrase, folded: most differences hold none
  std::size_t longest = 0;
};

const PhraseTable& table() {
  static const PhraseTable t = [] {
    PhraseTable out;
    for (const PhrasePair& p : kConversionPhrases) {
      std::u32string from = fold_code_points(to_code_points(p.from)), to = fold_code_points(to_code_points(p.to));
      if (from == to) continue;  // one phrase in two scripts: the character folding sees it already
      out.longest = std::max(out.longest, from.size());
      out.characters.insert(from.begin(), from.end());
      out.to[std::move(from)].push_back(std::move(to));
    }
    return out;
  }();
  return t;
}

// Phrases of a covering [a_start, a_end), matched by b at the same place.
bool converted_one_way(std::u32string_view a, uint32_t a_start, uint32_t a_end, std::u32string_view b, uint32_t b_start,
                       uint32_t b_end) {
  const PhraseTable& t = table();
  const std::size_t width = a_end - a_start;
  if (width == 0 || width > t.longest) return false;
  for (std::size_t i = a_start; i < a_end; ++i) {
    if (!t.characters.count(fold_han(a[i]))) return false;
  }
  const std::size_t first = a_start >= t.longest ? a_start - t.longest + 1 : 0;
  for (std::size_t k = first; k <= a_start; ++k) {
    const std::size_t before = a_start - k;
    if (before > b_start) continue;
    for (std::size_t len = a_end - k; len <= t.longest && k + len <= a.size(); ++len) {
      const auto it = t.to.find(fold_code_points(a.substr(k, len)));
      if (it == t.to.end()) continue;
      const std::size_t b_len = len - width + (b_end - b_start);
      if (b_start - before + b_len > b.size()) continue;
      const std::u32string there = fold_code_points(b.substr(b_start - before, b_len));
      if (std::find(it->second.begin(), it->second.end(), there) != it->second.end()) return true;
    }
  }
  return false;
}

}  // namespace

bool phrase_converted(std::u32string_view a, uint32_t a_start, uint32_t a_end, std::u32string_view b, uint32_t b_start,
                      uint32_t b_end) {
  return converted_one_way(a, a_start, a_end, b, b_start, b_end) ||
         converted_one_way(b, b_start, b_end, a, a_start, a_end);
}

}  // namespace jiaozhu::detail
