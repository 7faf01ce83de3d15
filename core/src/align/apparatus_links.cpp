#include "align/apparatus_links.h"

#include <algorithm>
#include <array>
#include <string>

#include "align/collation_text.h"
#include "align/link_draft.h"
#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// From the weightiest down: what a scholar must read first decides.
constexpr std::array kWeight{VariantClass::kSubstantive, VariantClass::kConversion, VariantClass::kPinyin,
                             VariantClass::kPlaceholder, VariantClass::kEditorial,  VariantClass::kGlyph,
                             VariantClass::kScript,      VariantClass::kPunct,      VariantClass::kBreak};

std::size_t weight(VariantClass c) {
  return static_cast<std::size_t>(std::find(kWeight.begin(), kWeight.end(), c) - kWeight.begin());
}

const CollatedPassage& passage_at(const std::vector<CollatedPassage>& passages, int64_t seq, const Edition& e) {
  if (seq < 1 || seq > static_cast<int64_t>(passages.size())) {
    throw InputError("the apparatus names passage " + std::to_string(seq) + " of " + e.siglum + ", which it lacks");
  }
  return passages[static_cast<std::size_t>(seq - 1)];
}

bool within(int64_t start, int64_t end, const std::u32string& text) {
  return start >= 0 && start <= end && end <= static_cast<int64_t>(text.size());
}

}  // namespace

std::optional<VariantClass> reading_class(std::u32string_view a, std::u32string_view b, const CollationRules& rules) {
  const std::string one_a[] = {to_utf8(std::u32string(a))}, one_b[] = {to_utf8(std::u32string(b))};
  std::optional<VariantClass> out;
  for (const FoundVariant& v : find_variants(make_collation_text(one_a, *rules.folding),
                                             make_collation_text(one_b, *rules.folding), rules)) {
    if (!out || weight(v.variant_class) < weight(*out)) out = v.variant_class;
  }
  return out;
}

int64_t store_apparatus_links(Database& db, int64_t base_id, int64_t witness_id, const std::vector<WitnessPassage>& passages) {
  const EditionRepository editions(db);
  const Edition base = editions.find_by_id(base_id).value(), witness = editions.find_by_id(witness_id).value();
  const CollationRules rules = collation_rules(db, base, witness);
  const std::vector<CollatedPassage> base_texts = load_passages(db, base_id), witness_texts = load_passages(db, witness_id);
  LinkWriter writer(db);
  std::vector<int64_t> counts(kVariantClassCount, 0);
  for (const WitnessPassage& p : passages) {
    LinkDraft link;
    link.manual = true;
    link.a.push_back(&passage_at(base_texts, p.base_seq, base));
    link.b.push_back(&passage_at(witness_texts, p.witness_seq, witness));
    const std::u32string a = to_code_points(link.a.front()->text), b = to_code_points(link.b.front()->text);
    std::vector<FoundVariant> variants;
    for (const WitnessReading& r : p.readings) {
      if (!within(r.base_start, r.base_end, a) || !within(r.witness_start, r.witness_end, b)) {
        throw InputError("a reading of " + witness.siglum + ":" + std::to_string(p.witness_seq) + " lies outside its passage");
      }
      const auto lemma = std::u32string_view(a).substr(static_cast<std::size_t>(r.base_start), static_cast<std::size_t>(r.base_end - r.base_start));
      const auto reading = std::u32string_view(b).substr(static_cast<std::size_t>(r.witness_start),
                                                         static_cast<std::size_t>(r.witness_end - r.witness_start));
      const std::optional<VariantClass> c = reading_class(lemma, reading, rules);
      if (!c) continue;  // the witness reads the lemma after all
      variants.push_back({*c, {0, static_cast<uint32_t>(r.base_start), static_cast<uint32_t>(r.base_end)},
                          {0, static_cast<uint32_t>(r.witness_start), static_cast<uint32_t>(r.witness_end)}, VariantField::kText});
    }
    writer.store(link, base.uuid, witness.uuid, variants, counts);
  }
  writer.flush();
  return static_cast<int64_t>(passages.size());
}

}  // namespace jiaozhu::detail
