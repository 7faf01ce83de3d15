#include "align/collation_text.h"

#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// Placeholder keys lie above every code point: a placeholder matches only the
// same placeholder.
constexpr uint32_t kPlaceholderKeys = 0x200000;

// The length of the ideographic description sequence at text[i] (an
// operator and its two or three components, each a character or a sequence),
// or 1 when what follows is not one: the operator alone is then the unit.
std::size_t description_length(const std::u32string& text, std::size_t i, int depth = 0) {
  const char32_t op = text[i];
  const int operands = (op == 0x2FF2 || op == 0x2FF3) ? 3 : (op == 0x2FFE || op == 0x2FFF) ? 1 : 2;
  std::size_t end = i + 1;
  for (int k = 0; k < operands; ++k) {
    if (end >= text.size() || depth > 16) return 1;
    const char32_t c = text[end];
    if (is_ideographic_description(c)) {
      const std::size_t inner = description_length(text, end, depth + 1);
      if (inner == 1) return 1;
      end += inner;
    } else if (is_han(c) || is_placeholder(c) || (c >= 0x2E80 && c <= 0x2FDF) || (c >= 0x31C0 && c <= 0x31EF)) {
      ++end;  // a character, a placeholder, a radical or a stroke
    } else {
      return 1;
    }
  }
  return end - i;
}

uint32_t placeholder_key(const std::u32string& text, std::size_t i, std::size_t length) {
  if (length == 1) return kPlaceholderKeys + static_cast<uint32_t>(text[i]);
  uint32_t h = 2166136261u;
  for (std::size_t k = i; k < i + length; ++k) h = (h ^ static_cast<uint32_t>(text[k])) * 16777619u;
  return kPlaceholderKeys + 0x110000 + h % 0x100000;
}

}  // namespace

CollationText make_collation_text(std::span<const std::string> passage_texts, const Folding& folding) {
  const std::vector<std::string_view> views(passage_texts.begin(), passage_texts.end());
  return make_collation_text(std::span<const std::string_view>(views), folding);
}

CollationText make_collation_text(std::span<const std::string_view> passage_texts, const Folding& folding,
                                  bool keep_texts) {
  CollationText out;
  std::size_t bytes = 0;
  for (const std::string_view t : passage_texts) bytes += t.size();
  out.passages.reserve(keep_texts ? passage_texts.size() : 0);
  out.keys.reserve(bytes / 3 + 16);  // most units are Han: three bytes each
  out.units.reserve(bytes / 3 + 16);
  out.units_per_passage.reserve(passage_texts.size());
  std::u32string scratch;  // one passage's code points when the texts are not kept
  for (std::size_t p = 0; p < passage_texts.size(); ++p) {
    if (keep_texts) {
      out.passages.push_back(to_code_points(passage_texts[p]));
    } else {
      scratch.clear();
      append_code_points(scratch, passage_texts[p]);
    }
    out.units_per_passage.push_back(0);
    const std::u32string& text = keep_texts ? out.passages.back() : scratch;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char32_t c = text[i];
      Unit u{0, static_cast<uint32_t>(p), static_cast<uint32_t>(i)};
      if (is_han(c)) {
        u.key = folding.han(c);
      } else if (is_placeholder(c)) {
        const std::size_t length = is_ideographic_description(c) ? description_length(text, i) : 1;
        u.key = placeholder_key(text, i, length);
        u.length = static_cast<uint16_t>(length);
        u.placeholder = true;
        i += length - 1;
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
