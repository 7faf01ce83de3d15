#include "jiaozhu/edition_dating.h"

#include <sstream>

#include "jiaozhu/csv.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"
#include "repo/choice_log.h"
#include "repo/edition_datings.h"

namespace jiaozhu {
namespace {

#include "reign_table.inc"

std::vector<Reign> parse_reign_table() {
  std::vector<Reign> out;
  std::istringstream in(kReignTable);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = split_tsv(line);
    out.push_back({f.at(0), f.at(1), std::stoi(f.at(2)), std::stoi(f.at(3))});
  }
  return out;
}

std::optional<int> parse_year(std::string_view s) {
  const std::size_t digits_from = !s.empty() && s[0] == '-' ? 1 : 0;
  if (s.size() <= digits_from || s.size() > digits_from + 4) return std::nullopt;
  for (std::size_t i = digits_from; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
  }
  return std::stoi(std::string(s));
}

EditionDating from_choice(const std::string& siglum, const detail::Choice& c) {
  return {siglum, c.value, c.value ? read_dating(*c.value) : EditionDate{}, c.note, c.author, c.set_at};
}

}  // namespace

const std::vector<Reign>& reign_table() {
  static const std::vector<Reign> table = parse_reign_table();
  return table;
}

EditionDate read_dating(std::string_view dated) {
  EditionDate out;
  if (const std::optional<int> year = parse_year(dated)) {
    out.year = year;
    for (const Reign& r : reign_table()) {
      if (*year < r.first || *year > r.last) continue;
      if (r.name == r.dynasty) out.dynasty = r.dynasty;
      else if (out.reign.empty()) out.reign = r.name;
    }
    return out;
  }
  for (const Reign& r : reign_table()) {
    if (r.name != dated) continue;
    out.dynasty = r.dynasty;
    if (r.name != r.dynasty) out.year = r.first, out.reign = r.name;
    return out;
  }
  out.dynasty = std::string(dated);
  return out;
}

EditionDating EditionDatingRepository::set(const std::string& siglum, const std::optional<std::string>& dated,
                                           const std::string& note, const std::string& author) {
  std::optional<std::string> value = dated && !dated->empty() ? dated : std::nullopt;
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
  if (auto fault = field_fault(Field::kDynasty, dynasty)) throw UsageError("the dating " + *fault);
  if (to_code_points(dynasty).size() > 16) throw UsageError("the dating '" + dynasty + "' is longer than 16 characters");
}

std::optional<EditionDate> EditionDatingRepository::date_of(const std::string& edition_uuid) const {
  const auto c = detail::ChoiceLog(db_, detail::kEditionDatings).current(edition_uuid);
  if (!c || !c->value) return std::nullopt;
  return read_dating(*c->value);
}

std::map<std::string, EditionDating> EditionDatingRepository::current() const {
  std::map<std::string, EditionDating> out;
  for (const auto& [edition, c] : detail::ChoiceLog(db_, detail::kEditionDatings).all_current()) {
    if (c.value) out.emplace(edition, from_choice("", c));
  }
  return out;
}

std::vector<EditionDating> EditionDatingRepository::history(const std::string& siglum) const {
  const Edition e = EditionRepository(db_).get(siglum);
  std::vector<EditionDating> out;
  for (const detail::Choice& c : detail::ChoiceLog(db_, detail::kEditionDatings).history(e.uuid)) out.push_back(from_choice(siglum, c));
  return out;
}

}  // namespace jiaozhu
