// The 校勘 kinds: why two readings differ, as Chinese textual criticism
// names the causes (脫, 衍, 倒, 形近, 音近, 通假, 避諱, 異文). A kind is a
// proposal with its evidence, made from the readings and Unihan
// (han_properties.h), or from the taboo table and the editions' dynasties;
// a scholar's own choice (`variant kind`) overrides it. Pure functions: no
// database, no exceptions but parse_variant_kind's UsageError.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/edition_dating.h"

namespace jiaozhu {

enum class VariantKind {
  kOmission,   // 脫: the second edition lacks what the first has
  kAddition,   // 衍: the second edition has what the first lacks
  kInversion,  // 倒: two neighbouring characters swapped (乙)
  kGraphic,    // 形近: characters close in shape (己/已, 未/末)
  kPhonetic,   // 音近: characters read alike (流/留, 在/再)
  kLoan,       // 通假: a loan character of the same phonetic series (說/悅)
  kVariantForm,  // 異體: two forms of one character that no folding joins (Unihan relates them)
  kTaboo,      // 避諱: an emperor's name avoided (in Qing texts 玄 → 元)
  kOther,      // 異文: a reading none of these explains
};
inline constexpr std::size_t kVariantKindCount = 9;

std::string_view to_string(VariantKind k);     // "omission"
std::string_view chinese_name(VariantKind k);  // "脫"
// Parses an English or Chinese name; throws UsageError naming it.
VariantKind parse_variant_kind(std::string_view name);

// One entry of the taboo table (core/data/taboo.tsv, after 陳垣《史諱舉例》):
// under `dynasty`, the character `avoided` (in the personal name of
// `emperor`) was written as one of `substitutes`.
struct TabooEntry {
  std::string dynasty;  // 唐, 宋, 清 …
  std::string emperor;  // 清聖祖
  std::string name;     // 玄燁
  char32_t avoided = 0;
  std::u32string substitutes;
  std::string source;
  int from = 0;  // the first year the taboo held (the emperor's accession)
};

// Whether `dated` names a year, a known reign or a dynasty the taboo table
// or the reign table knows; what else a scholar types is kept but dates
// nothing for 避諱.
bool dating_known(std::string_view dated);
const std::vector<TabooEntry>& taboo_table();
// The dynasties the table knows, in the table's order.
std::vector<std::string> taboo_dynasties();

// What a kind is proposed from: the two readings (the first edition's and
// the second's) and the dynasty each edition is dated to, when known.
struct KindQuestion {
  std::u32string_view a, b;
  const EditionDate* date_a = nullptr;  // nothing: not dated
  const EditionDate* date_b = nullptr;
};

struct KindProposal {
  VariantKind kind = VariantKind::kOther;
  std::string evidence;  // "Cangjie TJR~TKR", "清聖祖玄燁: 玄 → 元 (陳垣《史諱舉例》)" …
};

// The kind a reading pair suggests, with its evidence. One side empty, or
// the other side's text with more before or after it (奘 / 奘奉詔, as an
// apparatus writes an addition with the word it follows): 脫 or 衍, the
// evidence then "+奉詔" or "-奉詔". Per character, in
// this order: 避諱 (the taboo table), 異體 (Unihan gives them as variant
// forms: never 音近 or 通假), 通假 (a shared kPhonetic series, unless
// the two are alike in shape only: 鳥/烏 share a series and are 形近), 音近
// (a shared reading in Mandarin, Cantonese or Tang), 形近 (kCangjie one edit
// apart, or kFourCornerCode three corners alike), else 異文. Equal-length
// substitutions are judged position by position: every differing position
// must agree on one kind, else kOther. 避諱 only where the edition writing
// the substitute is dated to the dynasty of the entry and, when dated to a
// year or reign, in or after the year the taboo began (寧 → 甯 is 避諱 from
// 道光, 1821, not in a 康熙 edition).
KindProposal propose_kind(const KindQuestion& q);

}  // namespace jiaozhu
