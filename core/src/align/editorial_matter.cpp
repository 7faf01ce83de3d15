#include "align/editorial_matter.h"

#include <algorithm>

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
