#include "jiaozhu/variant_kind_choices.h"

#include "align/kind_choice_table.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"

namespace jiaozhu {
namespace {

KindChoice from_choice(const detail::Choice& c) {
  return {c.subject, c.value ? std::optional(parse_variant_kind(*c.value)) : std::nullopt, c.note, c.author, c.set_at};
}

}  // namespace

KindChoice VariantKindChoices::set(const std::string& variant_id, const std::optional<VariantKind>& kind,
                                   const std::string& note, const std::string& author) {
  if (auto fault = field_fault(Field::kDecisionNote, note)) throw UsageError("the note " + *fault);
  KindChoice out;
  db_.write([&] {
    const Variant v = CollationRepository(db_).find_variant(variant_id);
    if (v.variant_class != VariantClass::kSubstantive && v.variant_class != VariantClass::kConversion) {
      throw UsageError("variant " + v.uuid.substr(0, 8) + " is " + std::string(to_string(v.variant_class)) +
                       ": only substantive and conversion readings take a kind");
    }
    const std::optional<std::string> value = kind ? std::optional(std::string(to_string(*kind))) : std::nullopt;
    out = from_choice(detail::ChoiceLog(db_, detail::kKindChoices).record(v.uuid, value, note, author));
  });
  return out;
}

std::map<std::string, KindChoice> VariantKindChoices::current() const {
  std::map<std::string, KindChoice> out;
  for (const auto& [uuid, c] : detail::ChoiceLog(db_, detail::kKindChoices).all_current()) out.emplace(uuid, from_choice(c));
  return out;
}

std::vector<KindChoice> VariantKindChoices::history(const std::string& variant_uuid) const {
  std::vector<KindChoice> out;
  for (const detail::Choice& c : detail::ChoiceLog(db_, detail::kKindChoices).history(variant_uuid)) out.push_back(from_choice(c));
  return out;
}

}  // namespace jiaozhu
