#include "align/collation_text.h"

#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {

CollationText make_collation_text(std::span<const std::string> passage_texts) {
  CollationText out;
  std::size_t bytes = 0;
  for (const std::string& t : passage_texts) bytes += t.size();
  out.passages.reserve(passage_texts.size());
  out.keys.reserve(bytes / 3 + 16);  // most units are Han: three bytes each
  out.units.reserve(bytes / 3 + 16);
  for (std::size_t p = 0; p < passage_texts.size(); ++p) {
    out.passages.push_back(to_code_points(passage_texts[p]));
    out.units_per_passage.push_back(0);
    const std::u32string& text = out.passages.back();
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char32_t c = text[i];
      Unit u{0, static_cast<uint32_t>(p), static_cast<uint32_t>(i), false};
      if (is_han(c)) {
        u.key = fold_han(c);
      } else if (is_letter_or_digit(c)) {
        u.key = fold_letter(c);
        u.latin = true;
      } else {
        continue;  // punctuation, white space, symbols: gap text
      }
      out.keys.push_back(u.key);
      out.units.push_back(u);
      ++out.units_per_passage.back();
    }
  }
  return out;
}

}  // namespace jiaozhu::detail
