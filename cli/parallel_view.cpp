// The parallel view, gathered link by link from the collation.
#include "parallel_view.h"

#include "notes_output.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "jiaozhu/database.h"

namespace jiaozhu::cli {

const std::vector<VariantClass>& reading_classes() {
  static const std::vector<VariantClass> classes = {VariantClass::kSubstantive, VariantClass::kConversion,
                                                    VariantClass::kPlaceholder, VariantClass::kPinyin,
                                                    VariantClass::kGlyph};
  return classes;
}

// The links of `address` with the editions asked (all when none), each
// with its passages and its reading variants (asked passage by passage:
// the edition pair may hold millions).
std::vector<ParallelLink> parallel_of(Database& db, const Address& at, const std::string& address,
                                      const std::vector<std::string>& editions) {
  CollationRepository repo(db);
  PassageRepository passages(db);
  std::vector<ParallelLink> out;
  for (const Link& l : repo.links_of(address)) {
    const std::string other = parse_address(l.b.empty() ? l.a.front() : l.b.front()).siglum;
    if (!editions.empty() && std::find(editions.begin(), editions.end(), other) == editions.end()) continue;
    ParallelLink pl{l, {}, {}};
    std::vector<std::string> sides = l.a;
    sides.insert(sides.end(), l.b.begin(), l.b.end());
    std::set<std::string> seen;
    for (const std::string& addr : sides) {
      for (Variant& v : repo.variants(at.siglum, other, reading_classes(), addr)) {
        if (v.link_id == l.id && seen.insert(v.uuid).second) pl.variants.push_back(std::move(v));
      }
    }
    std::sort(pl.variants.begin(), pl.variants.end(), [](const Variant& x, const Variant& y) {
      return std::tie(x.a.address, x.a.start) < std::tie(y.a.address, y.a.start);
    });
    for (const std::string& addr : sides) {
      ParallelPassage side{addr, passages.get(parse_address(addr)).front(), {}, {}};
      for (const Variant& v : pl.variants) {
        if (v.field != VariantField::kText) continue;  // its offsets count in the title or author
        if (v.a.address == addr) side.spans.emplace_back(v.a.start, v.a.end);
        else if (v.b.address == addr) side.spans.emplace_back(v.b.start, v.b.end);
      }
      side.notes = notes_of(db, addr, {side.passage})[addr];
      pl.passages.push_back(std::move(side));
    }
    out.push_back(std::move(pl));
  }
  return out;
}


}  // namespace jiaozhu::cli
