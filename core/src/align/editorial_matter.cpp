#include "align/editorial_matter.h"

#include <algorithm>

namespace jiaozhu::detail {
namespace {

constexpr std::u32string_view kNumerals = U"一二三四五六七八九十百〇零壹貳參叁肆伍陸柒捌玖拾0123456789０１２３４５６７８９";
constexpr std::u32string_view kSpaces = U" \t\u3000";
constexpr std::u32string_view kOpening = U"（(［[〔【";
constexpr std::u32string_view kClosing = U"）)］]〕】";
constexpr std::u32string_view kDashes = U"—―─－-~〜";
constexpr std::u32string_view kUnknownAuthors[] = {U"不詳", U"不详", U"佚名", U"無名氏", U"无名氏", U"闕名",
                                                   U"阙名", U"失名", U"未詳", U"未详", U"無名", U"无名"};

bool in(std::u32string_view set, char32_t c) { return set.find(c) != std::u32string_view::npos; }

std::u32string_view trimmed(std::u32string_view s) {
  while (!s.empty() && in(kSpaces, s.front())) s.remove_prefix(1);
  while (!s.empty() && in(kSpaces, s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

bool is_part_number(std::u32string_view title, uint32_t start, uint32_t end) {
  if (start >= end || end > title.size()) return false;
  // Widen to the brackets and 其/之 around the numerals, then require the
  // rest of the title after it to be nothing but closing marks and space.
  while (start > 0 && (in(kOpening, title[start - 1]) || title[start - 1] == U'其' || title[start - 1] == U'之' ||
                       in(kNumerals, title[start - 1]))) {
    --start;
  }
  while (end < title.size() && (in(kClosing, title[end]) || in(kSpaces, title[end]) || in(kNumerals, title[end]))) ++end;
  if (end != title.size() || start == 0) return false;
  std::u32string_view part = title.substr(start, end - start);
  while (!part.empty() && (in(kOpening, part.front()) || in(kClosing, part.back()) || in(kSpaces, part.back()))) {
    if (in(kOpening, part.front())) part.remove_prefix(1);
    else part.remove_suffix(1);
  }
  if (!part.empty() && (part.front() == U'其' || part.front() == U'之')) part.remove_prefix(1);
  return !part.empty() && part.size() <= 4 && std::all_of(part.begin(), part.end(), [](char32_t c) { return in(kNumerals, c); });
}

bool is_unknown_author(std::u32string_view author) {
  const std::u32string_view a = trimmed(author);
  return std::find(std::begin(kUnknownAuthors), std::end(kUnknownAuthors), a) != std::end(kUnknownAuthors);
}

bool is_attribution_tag(std::u32string_view text, uint32_t start, uint32_t end) {
  if (start >= end || end > text.size() || end - start > 6) return false;
  std::size_t before = start;
  while (before > 0 && in(kSpaces, text[before - 1])) --before;
  if (before == 0 || !in(kDashes, text[before - 1])) return false;
  std::size_t after = end;
  while (after < text.size() && (in(kSpaces, text[after]) || in(kClosing, text[after]))) ++after;
  return after == text.size() || text[after] == U'\n' || text[after] == U'\r';
}

}  // namespace jiaozhu::detail
