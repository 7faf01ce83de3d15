#include "decisions/witness_reading.h"

#include <algorithm>
#include <vector>

#include "jiaozhu/address.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {

bool reads_lemma(const std::u32string& text, const ApparatusPlace& place) {
  return place.end <= static_cast<int64_t>(text.size()) &&
         to_utf8(text.substr(static_cast<std::size_t>(place.start), static_cast<std::size_t>(place.end - place.start))) ==
             place.lemma;
}

PlaceBase current_base(Database& db, const ApparatusPlace& place) {
  const auto base = EditionRepository(db).find_by_uuid(place.edition_uuid);
  if (!base) throw NotFound("the place's base edition is not in this database");
  PlaceBase out{*base, to_code_points(passage_field(
                           PassageRepository(db).get(Address{base->siglum, place.seq, place.seq}).front(), place.field))};
  if (!reads_lemma(out.text, place)) {
    throw ConflictError("the base no longer reads 「" + place.lemma + "」 at place " + place.uuid.substr(0, 8) +
                        " (its text was replaced); list the apparatus again and decide the place it shows");
  }
  return out;
}

std::string witness_reading(Database& db, const ApparatusPlace& place, const PlaceBase& here, const std::string& witness) {
  if (place.lacuna) throw UsageError("the place is a whole passage some witness lacks: there is no reading to adopt");
  const std::string address = format_address(here.base.siglum, place.seq);
  const std::u32string& text = here.text;
  CollationRepository::VariantQuery query;
  query.fields = {place.field};
  query.seqs = std::pair{place.seq, place.seq};
  std::vector<Variant> own;
  CollationRepository(db).each_variant(here.base.siglum, witness, query, [&](Variant&& v) {
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
