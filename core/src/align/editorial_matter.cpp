#include "align/editorial_matter.h"

#include <algorithm>

#include "jiaozhu/fold.h"

namespace jiaozhu::detail {
namespace {

constexpr std::u32string_view kNumerals = U"一二三四五六七八九十百〇零壹貳參叁肆伍陸柒捌玖拾0123456789０１２３４５６７８９";
constexpr std::u32string_view kSpaces = U" \t\u3000";
constexpr std::u32string_view kOpening = U"（(［[〔【";
constexpr std::u32string_view kClosing = U"）)］]〕】";
constexpr std::u32string_view kPartWords = U"首其之第・·";
constexpr std::size_t kLongestHeading = 8;
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

bool is_title_apparatus(std::u32string_view title, uint32_t start, uint32_t end, bool other_side_empty) {
  if (start >= end || end > title.size()) return false;
  auto apparatus = [](char32_t c) {
    return in(kNumerals, c) || in(kPartWords, c) || in(kOpening, c) || in(kClosing, c) || in(kSpaces, c);
  };
  // A heading set before the title and apart from it (相和歌辭 王昭君),
  // which the other edition does not carry.
  std::size_t after = end;
  while (after < title.size() && in(kSpaces, title[after])) ++after;
  if (other_side_empty && trimmed(title.substr(0, start)).empty() && after > end && after < title.size() &&
      end - start <= kLongestHeading) {
    return true;
  }
  // The count and part number closing a title (三首 二, 其一, （三）).
  for (std::size_t i = start; i < end; ++i) {
    if (!apparatus(title[i])) return false;
  }
  while (start > 0 && apparatus(title[start - 1])) --start;
  while (end < title.size() && apparatus(title[end])) ++end;
  if (end != title.size() || trimmed(title.substr(0, start)).empty()) return false;
  const std::u32string_view part = title.substr(start, end - start);
  return std::any_of(part.begin(), part.end(), [](char32_t c) { return in(kNumerals, c) || c == U'其'; });
}

bool is_unknown_author(std::u32string_view author) {
  const std::u32string_view a = trimmed(author);
  return std::find(std::begin(kUnknownAuthors), std::end(kUnknownAuthors), a) != std::end(kUnknownAuthors);
}

std::u32string without_name_number(std::u32string_view name) {
  name = trimmed(name);
  std::size_t end = name.size();
  while (end > 0 && (in(U"0123456789０１２３４５６７８９", name[end - 1]))) --end;
  // Only after a name: a number alone, or inside one, stays.
  if (end == name.size() || end == 0 || !is_han(name[end - 1])) return std::u32string(name);
  return std::u32string(trimmed(name.substr(0, end)));
}

bool is_stray_ending(std::u32string_view text, uint32_t start, uint32_t end) {
  if (start >= end || end > text.size() || end - start > 2) return false;
  std::size_t after = end;
  while (after < text.size() && in(kSpaces, text[after])) ++after;
  if (after != text.size()) return false;
  std::size_t before = start;
  while (before > 0 && in(kSpaces, text[before - 1])) --before;
  return before > 0 && in(U"。！？!?", text[before - 1]);
}

bool is_title_heading_or_elision(std::u32string_view title, uint32_t start, uint32_t end, std::u32string_view other,
                                 uint32_t other_at) {
  if (start >= end || end > title.size() || other_at > other.size()) return false;
  constexpr std::u32string_view kSeparators = U"：:·・ \t\u3000";
  // A heading before the title: from the start to a separator.
  std::size_t after = end;
  if (trimmed(title.substr(0, start)).empty() || (start > 0 && in(kSeparators, title[start - 1]))) {
    while (after < title.size() && in(kSeparators, title[after])) ++after;
    if (after > end && after < title.size() && end - start <= kLongestHeading) return true;
  }
  // Words elided where the other title writes …: the ellipsis stands at the place.
  constexpr std::u32string_view kEllipsis = U"…⋯";
  const auto ellipsis_near = [&](std::size_t at) {
    return (at < other.size() && in(kEllipsis, other[at])) || (at > 0 && in(kEllipsis, other[at - 1]));
  };
  return ellipsis_near(other_at);
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
