#include "decisions/witness_reading.h"

#include <algorithm>
#include <vector>

#include "jiaozhu/address.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

std::string field_of(const Passage& p, VariantField field) {
  if (field == VariantField::kTitle) return p.title.value_or("");
  if (field == VariantField::kAuthor) return p.author.value_or("");
  return p.text;
}

}  // namespace

std::string witness_reading(Database& db, const ApparatusPlace& place, const std::string& witness) {
  if (place.lacuna) throw UsageError("the place is a whole passage some witness lacks: there is no reading to adopt");
  const auto base = EditionRepository(db).find_by_uuid(place.edition_uuid);
  if (!base) throw NotFound("the place's base edition is not in this database");
  EditionRepository(db).get(witness);  // NotFound naming the sigla there are
  const std::string address = format_address(base->siglum, place.seq);
  const std::u32string text = to_code_points(field_of(PassageRepository(db).get(parse_address(address)).front(), place.field));
  CollationRepository::VariantQuery query;
  query.fields = {place.field};
  query.seqs = std::pair{place.seq, place.seq};
  std::vector<Variant> own;
  CollationRepository(db).each_variant(base->siglum, witness, query, [&](Variant&& v) {
    if (v.a.address != address) return;
    const bool point = place.start == place.end;
    const bool inside = point ? v.a.start == place.start && v.a.end == place.start
                              : v.a.start < place.end && v.a.end > place.start && v.a.start != v.a.end;
    if (inside) own.push_back(std::move(v));
  });
  if (own.empty()) throw UsageError(witness + " reads as the base at this place: adopting it changes nothing");
  std::sort(own.begin(), own.end(), [](const Variant& x, const Variant& y) { return x.a.start < y.a.start; });
  std::string out;
  int64_t at = place.start;
  for (const Variant& v : own) {
    if (v.a.start < place.start || v.a.end > place.end) {
      throw UsageError(witness + "'s reading reaches beyond this place; decide it with --emend and the words wanted");
    }
    out += to_utf8(text.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(std::max(at, v.a.start) - at)));
    out += v.b.reading;
    at = std::max(at, v.a.end);
  }
  return out + to_utf8(text.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(place.end - at)));
}

}  // namespace jiaozhu::detail
