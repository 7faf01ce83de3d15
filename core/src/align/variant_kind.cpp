// Proposing a 校勘 kind for a reading pair: by its shape (an empty side, two
// neighbours swapped), the taboo table, then Unihan's phonetic series,
// readings and shape codes, in that order.
#include "jiaozhu/variant_kind.h"

#include <optional>
#include <sstream>

#include "jiaozhu/csv.h"
#include "jiaozhu/error.h"
#include "jiaozhu/han_properties.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

#include "taboo_table.inc"

constexpr std::string_view kNames[kVariantKindCount] = {"omission", "addition", "inversion",    "graphic", "phonetic",
                                                        "loan",     "variant_form", "taboo",   "other"};
constexpr std::string_view kChinese[kVariantKindCount] = {"脫", "衍", "倒", "形近", "音近", "通假", "異體", "避諱", "異文"};

std::vector<TabooEntry> parse_taboo_table() {
  std::vector<TabooEntry> out;
  std::istringstream in(kTabooTable);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = split_tsv(line);
    const std::u32string avoided = to_code_points(f.at(3));
    out.push_back({f.at(0), f.at(1), f.at(2), avoided.at(0), to_code_points(f.at(4)), f.at(5), std::stoi(f.at(6))});
  }
  return out;
}

// An entry under which the edition dated `date`, writing `written` where
// the other has `original`, avoided a taboo name: of its dynasty, and begun
// by its year when it has one.
const TabooEntry* taboo_for(char32_t original, char32_t written, const EditionDate* date) {
  if (!date || date->dynasty.empty()) return nullptr;
  for (const TabooEntry& e : taboo_table()) {
    if (e.avoided == original && e.dynasty == date->dynasty && e.substitutes.find(written) != std::u32string::npos &&
        (!date->year || *date->year >= e.from)) {
      return &e;
    }
  }
  return nullptr;
}

// b is a with one pair of neighbours swapped.
bool inverted(std::u32string_view a, std::u32string_view b) {
  if (a.size() != b.size() || a.size() < 2) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] && a.substr(i + 2) == b.substr(i + 2);
}

std::string taboo_evidence(const TabooEntry& e, char32_t original, char32_t written) {
  return e.emperor + e.name + ": " + to_utf8(std::u32string(1, original)) + " → " + to_utf8(std::u32string(1, written)) +
         " (" + e.source + ")";
}

// How two characters alike in shape are alike: their Cangjie codes, else
// their four corners.
std::string shape_evidence(const HanLikeness& like) {
  return !like.cangjie.empty() ? "Cangjie " + like.cangjie : "four-corner " + like.four_corner;
}

// One differing position: a → b.
KindProposal one_character(char32_t a, char32_t b, const KindQuestion& q) {
  if (const TabooEntry* e = taboo_for(a, b, q.date_b)) return {VariantKind::kTaboo, taboo_evidence(*e, a, b)};
  if (const TabooEntry* e = taboo_for(b, a, q.date_a)) return {VariantKind::kTaboo, taboo_evidence(*e, b, a)};
  const HanLikeness like = han_likeness(a, b);
  // Variant forms of one character are no loan and no likeness of sound
  // (艣/櫓 read alike because they are one word): Unihan's kZVariant and
  // kSemanticVariant. kSpecializedSemanticVariant (坐/座, 陳/陣) relates characters alike in
  // some senses only: loans and 古今字, judged below.
  if (like.variant_relations & (kZVariantRelation | kSemanticVariantRelation)) {
    return {VariantKind::kVariantForm, describe(like).front()};
  }
  // A rare character read like a common one, or of its series, is most
  // often its variant form (羇/羈, 逈/迥, 虵/蛇), seldom a loan or a slip.
  if (like.one_rare && (!like.phonetic.empty() || (!like.mandarin.empty() && !like.cantonese.empty()))) {
    return {VariantKind::kVariantForm, "one of the two is rare; " + describe(like).front()};
  }
  if (!like.phonetic.empty()) {
    // One is the other with a component added (反/返, 女/汝, 莫/暮): the
    // 古今字 and loans of a series.
    if (like.contains_other) {
      return {VariantKind::kLoan, "same kPhonetic series " + like.phonetic + ", the one inside the other"};
    }
    // Two of a series alike in shape: when they are read apart, the series
    // groups their shapes (鳥/烏, series 982), and the slip is one of shape.
    // Read alike too, they differ by a radical or a stroke: a copying error
    // of shape (候/侯), a loan (錯/措) or a variant form alike. The pair
    // cannot tell; the context can.
    const bool alike_in_shape =
        !like.cangjie.empty() || (!like.four_corner.empty() && like.four_corner.find('~') == std::string::npos);
    if (alike_in_shape && !like.close_in_sound()) {
      return {VariantKind::kGraphic,
              shape_evidence(like) + ", read apart; kPhonetic series " + like.phonetic + " groups the shapes"};
    }
    if (alike_in_shape) {
      return {VariantKind::kOther, "same kPhonetic series " + like.phonetic + " and " + shape_evidence(like) +
                                       ": 形近, 通假 or 異體 (the pair alone cannot tell)"};
    }
    return {VariantKind::kLoan, "same kPhonetic series " + like.phonetic};
  }
  if (like.close_in_sound()) {
    const std::vector<std::string> lines = describe(like);
    std::string evidence;
    for (const std::string& l : lines) {
      if (l.rfind("both read", 0) == 0 || l.rfind("Cantonese", 0) == 0 || l.rfind("Tang", 0) == 0) evidence += (evidence.empty() ? "" : "; ") + l;
    }
    return {VariantKind::kPhonetic, evidence};
  }
  if (like.close_in_shape()) {
    return {VariantKind::kGraphic, shape_evidence(like)};
  }
  return {VariantKind::kOther, ""};
}

}  // namespace

std::string_view to_string(VariantKind k) { return kNames[static_cast<std::size_t>(k)]; }
std::string_view chinese_name(VariantKind k) { return kChinese[static_cast<std::size_t>(k)]; }

VariantKind parse_variant_kind(std::string_view name) {
  for (std::size_t i = 0; i < kVariantKindCount; ++i) {
    if (name == kNames[i] || name == kChinese[i]) return static_cast<VariantKind>(i);
  }
  throw UsageError("unknown variant kind '" + std::string(name) +
                   "' (use omission, addition, inversion, graphic, phonetic, loan, variant_form, taboo, other, or 脫, 衍, 倒, "
                   "形近, 音近, 通假, 異體, 避諱, 異文)");
}

const std::vector<TabooEntry>& taboo_table() {
  static const std::vector<TabooEntry> table = parse_taboo_table();
  return table;
}

bool dating_known(std::string_view dated) {
  if (read_dating(dated).year) return true;
  for (const Reign& r : reign_table()) {
    if (r.name == dated) return true;
  }
  for (const std::string& d : taboo_dynasties()) {
    if (d == dated) return true;
  }
  return false;
}

std::vector<std::string> taboo_dynasties() {
  std::vector<std::string> out;
  for (const TabooEntry& e : taboo_table()) {
    if (out.empty() || out.back() != e.dynasty) out.push_back(e.dynasty);
  }
  return out;
}

namespace {

// Whether `longer` is `shorter` with more text before or after it, and
// that text: an apparatus writes an addition with the word it follows (奘 /
// 奘奉詔, the Taishō's 奘＋（奉詔）).
std::optional<std::u32string_view> extended(std::u32string_view shorter, std::u32string_view longer) {
  if (shorter.empty() || shorter.size() >= longer.size()) return std::nullopt;
  if (longer.starts_with(shorter)) return longer.substr(shorter.size());
  if (longer.ends_with(shorter)) return longer.substr(0, longer.size() - shorter.size());
  return std::nullopt;
}

}  // namespace

KindProposal propose_kind(const KindQuestion& q) {
  if (q.b.empty() && !q.a.empty()) return {VariantKind::kOmission, ""};
  if (q.a.empty() && !q.b.empty()) return {VariantKind::kAddition, ""};
  if (const auto more = extended(q.a, q.b)) return {VariantKind::kAddition, "+" + to_utf8(std::u32string(*more))};
  if (const auto less = extended(q.b, q.a)) return {VariantKind::kOmission, "-" + to_utf8(std::u32string(*less))};
  if (inverted(q.a, q.b)) return {VariantKind::kInversion, ""};
  if (q.a.size() != q.b.size()) return {VariantKind::kOther, ""};
  std::optional<KindProposal> agreed;
  for (std::size_t i = 0; i < q.a.size(); ++i) {
    if (q.a[i] == q.b[i]) continue;
    KindProposal here = one_character(q.a[i], q.b[i], q);
    if (here.kind == VariantKind::kOther || (agreed && agreed->kind != here.kind)) return {VariantKind::kOther, ""};
    if (!agreed) agreed = std::move(here);
  }
  return agreed.value_or(KindProposal{VariantKind::kOther, ""});
}

}  // namespace jiaozhu
