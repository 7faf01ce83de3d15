#include "jiaozhu/edition_dating.h"

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"
#include "repo/choice_log.h"
#include "repo/edition_datings.h"

namespace jiaozhu {
namespace {

EditionDating from_choice(const std::string& siglum, const detail::Choice& c) {
  return {siglum, c.value, c.note, c.author, c.set_at};
}

}  // namespace

EditionDating EditionDatingRepository::set(const std::string& siglum, const std::optional<std::string>& dynasty,
                                           const std::string& note, const std::string& author) {
  std::optional<std::string> value = dynasty && !dynasty->empty() ? dynasty : std::nullopt;
  if (value) check_dynasty(*value);
  if (auto fault = field_fault(Field::kDecisionNote, note)) throw UsageError("the note " + *fault);
  EditionDating out;
  db_.write([&] {
    const Edition e = EditionRepository(db_).get(siglum);
    out = from_choice(siglum, detail::ChoiceLog(db_, detail::kEditionDatings).record(e.uuid, value, note, author));
  });
  return out;
}

void EditionDatingRepository::check_dynasty(const std::string& dynasty) {
  if (auto fault = field_fault(Field::kDynasty, dynasty)) throw UsageError("the dynasty " + *fault);
  if (to_code_points(dynasty).size() > 16) throw UsageError("the dynasty '" + dynasty + "' is longer than 16 characters");
}

std::string EditionDatingRepository::dynasty_of(const std::string& edition_uuid) const {
  const auto c = detail::ChoiceLog(db_, detail::kEditionDatings).current(edition_uuid);
  return c && c->value ? *c->value : "";
}

std::vector<EditionDating> EditionDatingRepository::history(const std::string& siglum) const {
  const Edition e = EditionRepository(db_).get(siglum);
  std::vector<EditionDating> out;
  for (const detail::Choice& c : detail::ChoiceLog(db_, detail::kEditionDatings).history(e.uuid)) out.push_back(from_choice(siglum, c));
  return out;
}

}  // namespace jiaozhu
