// Editorial matter: what an editor or a digitisation put around a text,
// which two editions may carry or lack without reading the text otherwise
// (VariantClass::kEditorial). Pure functions over one side's text; spans are
// [start, end) in code points.
#pragma once

#include <cstdint>
#include <string_view>

namespace jiaozhu::detail {

// Whether [start, end) of a title is an editor's apparatus around it: the
// count and part number closing it (「王昭君三首 一」 where an edition splits
// a cycle into parts another holds whole; 其二, （三）, 五首), or, when the
// other edition has nothing there, a heading of up to eight characters set
// before it and apart from it (「相和歌辭 王昭君」).
bool is_title_apparatus(std::u32string_view title, uint32_t start, uint32_t end, bool other_side_empty);

// Whether an author field says only that the author is unknown (不詳, 佚名,
// 無名氏, 闕名, 失名, 未詳, in either script).
bool is_unknown_author(std::u32string_view author);

// Whether [start, end) of a text is an attribution tag: a name of one to
// six characters after a dash, closing its line (「——韓愈」 naming the poet
// of a 聯句 line).
bool is_attribution_tag(std::u32string_view text, uint32_t start, uint32_t end);

}  // namespace jiaozhu::detail
