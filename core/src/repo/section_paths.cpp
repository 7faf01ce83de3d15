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
  while (q.executeStep()) {
    Section s;
    if (!q.getColumn(1).isNull()) {
      s.parent = q.getColumn(1).getInt64();
      // Parents come first in document order, so a parent not yet read is
      // a later section, another edition's or none: a cycle could follow.
      if (!sections_.contains(*s.parent)) {
        throw InputError("section " + std::to_string(q.getColumn(0).getInt64()) +
                         " has a parent that is not an earlier section of its edition");
      }
    }
    s.heading = q.getColumn(2).getString();
    order_.push_back(q.getColumn(0).getInt64());
    sections_.emplace(order_.back(), std::move(s));
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
