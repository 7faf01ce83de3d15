#include "repo/section_paths.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <set>

#include "jiaozhu/error.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {

SectionPaths::SectionPaths(SQLite::Database& db, int64_t edition_id) {
  SQLite::Statement q(db, "SELECT id, parent_id, heading FROM section WHERE edition_id = ? ORDER BY seq");
  q.bind(1, edition_id);
  read(q);
}

SectionPaths::SectionPaths(SQLite::Database& db, int64_t edition_id, const std::set<int64_t>& ids) {
  // A few lookups by key, up from each section to the top: a recursive
  // query was planned with a Bloom filter built over the whole table at
  // every call (0.8 ms for one passage's path).
  SQLite::Statement q(db, "SELECT edition_id, seq, parent_id, heading FROM section WHERE id = ?");
  struct Row {
    int64_t seq = 0;
    std::optional<int64_t> parent;
    std::string heading;
  };
  std::map<int64_t, Row> rows;
  for (int64_t id : ids) {
    for (std::optional<int64_t> at = id; at && !rows.contains(*at);) {
      q.bind(1, *at);
      if (!q.executeStep() || q.getColumn(0).getInt64() != edition_id) {
        throw InputError("section " + std::to_string(*at) + " is not a section of its passage's edition");
      }
      Row r{q.getColumn(1).getInt64(), std::nullopt, q.getColumn(3).getString()};
      if (!q.getColumn(2).isNull()) r.parent = q.getColumn(2).getInt64();
      q.reset();
      const std::optional<int64_t> next = r.parent;
      rows.emplace(*at, std::move(r));
      at = next;
    }
  }
  std::vector<std::pair<int64_t, int64_t>> by_seq;  // seq, id
  for (const auto& [id, r] : rows) by_seq.emplace_back(r.seq, id);
  std::sort(by_seq.begin(), by_seq.end());
  for (const auto& [seq, id] : by_seq) add(id, rows.at(id).parent, rows.at(id).heading);
}

// Parents come first in document order, so a parent not yet added is a
// later section, another edition's or none: a cycle could follow.
void SectionPaths::add(int64_t id, std::optional<int64_t> parent, std::string heading) {
  if (parent && !sections_.contains(*parent)) {
    throw InputError("section " + std::to_string(id) + " has a parent that is not an earlier section of its edition");
  }
  order_.push_back(id);
  sections_.emplace(id, Section{parent, std::move(heading)});
}

void SectionPaths::read(SQLite::Statement& q) {
  while (q.executeStep()) {
    std::optional<int64_t> parent;
    if (!q.getColumn(1).isNull()) parent = q.getColumn(1).getInt64();
    add(q.getColumn(0).getInt64(), parent, q.getColumn(2).getString());
  }
}

std::vector<std::string> SectionPaths::path(std::optional<int64_t> section_id) const {
  std::vector<std::string> out;
  for (std::optional<int64_t> id = section_id; id;) {
    const auto it = sections_.find(*id);
    if (it == sections_.end()) throw InputError("a passage names section " + std::to_string(*id) + ", not one of its edition");
    out.push_back(it->second.heading);
    id = it->second.parent;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

namespace {

// A heading as a scholar types it: its letters and characters, folded
// (梁惠王上 finds 《梁惠王上》, 乾第一 finds 〈乾〉第一, 学而 finds 學而).
std::u32string heading_key(const std::string& heading) {
  std::u32string key;
  for (char32_t c : to_code_points(heading)) {
    if (is_han(c)) key += fold_han(c);
    else if (is_letter_or_digit(c)) key += fold_letter(c);
  }
  return key;
}

}  // namespace

std::vector<int64_t> SectionPaths::under(const std::string& heading) const {
  const std::u32string wanted = heading_key(heading);
  // In document order a parent is seen before its children.
  std::set<int64_t> found;
  for (int64_t id : order_) {
    const Section& s = sections_.at(id);
    if ((!wanted.empty() && heading_key(s.heading) == wanted) || (s.parent && found.contains(*s.parent))) found.insert(id);
  }
  return {found.begin(), found.end()};
}

}  // namespace jiaozhu::detail
