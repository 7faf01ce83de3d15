// Editorial matter: what an editor or a digitisation put around a text,
// which two editions may carry or lack without reading the text otherwise
// (VariantClass::kEditorial). Pure functions over one side's text; spans are
// [start, end) in code points.
#pragma once

#include <cstdint>
#include <string>
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

// An author's name without the number a digitiser appended to tell two
// persons of one name apart (李昂1 → 李昂); the name as it is otherwise.
std::u32string without_name_number(std::u32string_view name);

// Whether [start, end) of a text is an attribution tag: a name of one to
// six characters after a dash, closing its line (「——韓愈」 naming the poet
// of a 聯句 line).
bool is_attribution_tag(std::u32string_view text, uint32_t start, uint32_t end);

// Whether [start, end) of a text is a stray mark after its end: one or two
// characters after the closing punctuation of the last line (「…聽一聲。主」,
// left by a digitisation in 14 poems of 御定全唐詩).
bool is_stray_ending(std::u32string_view text, uint32_t start, uint32_t end);

// Whether a title's [start, end), which the other edition's title lacks, is
// the editors' matter: a section name set before the title and apart from it
// by a space or a colon (「樂府雜曲：鼓吹曲辭：朱鷺」 against 「鼓吹曲辭 朱鷺」),
// or words a long title elides where the other writes an ellipsis
// (「…精舍…四韻以吊之」).
bool is_title_heading_or_elision(std::u32string_view title, uint32_t start, uint32_t end,
                                 std::u32string_view other, uint32_t other_at);

}  // namespace jiaozhu::detail
