// One place of the apparatus as a 校勘記 says it, in 點校本 form, with the
// editor's decision on it:
//   kept or undecided  「太宗」，B本作「皇太极」；C本同底本。
//   adopted            「皇太极」，原作「太宗」，據B本改。
//   supplied           「善始者實繁」，原無，據C本補。
//   deleted            原「愚」下有「知其不可」，據B本刪。
//   emended            「嶠」，原作「峻」，B本作「竣」，據文義改。
//   doubted            「衰」，B本作「微」，未知孰是。
// A witness's omission longer than eight characters is cited by its ends
// and length: B本無「知其不可」至「於明哲乎」凡10字 (凡N句 when whole lines
// of verse go). Witnesses reading alike are grouped (B、C本作…).
#pragma once

#include <string>

#include "jiaozhu/apparatus.h"

namespace jiaozhu::detail {

// `base` is the text of the field the entry is in.
std::string collation_note(const std::u32string& base, const ApparatusEntry& e);

// What the writers of the 校勘記 share: words in corner brackets, the text
// of a field of the base passage, and how a sentence names a field: 題「靜夜思」,
// 作者「李白」 ("" for the text).
std::string quoted(const std::string& s);
const std::string& field_text(const ApparatusPassage& p, VariantField field);
std::string_view field_prefix(VariantField field);

// "Name <mail>" as published: the name alone.
std::string published_name(const std::string& author);

}  // namespace jiaozhu::detail
