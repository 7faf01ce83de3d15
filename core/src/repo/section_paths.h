// The section tree of one edition, read once: what turns a passage's
// section_id into the path of headings that `show`, the content hash and
// merge use.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace SQLite {
class Database;
class Statement;
}

namespace jiaozhu::detail {

class SectionPaths {
 public:
  // Reads the sections of `edition_id` from `db` (the caller's read or write
  // transaction). Throws InputError when a section's parent is not an
  // earlier section of the same edition: a foreign file's loop or dangling
  // parent must not send path() round forever.
  SectionPaths(SQLite::Database& db, int64_t edition_id);
  // Only the sections `ids` and those above them (all that path() of them
  // needs), checked as above.
  SectionPaths(SQLite::Database& db, int64_t edition_id, const std::set<int64_t>& ids);

  bool empty() const { return sections_.empty(); }
  // The headings from the outermost section down to `section_id`; empty for
  // nullopt. Throws InputError for an id that is not the edition's.
  std::vector<std::string> path(std::optional<int64_t> section_id) const;
  // The ids of the sections headed `heading` and of every section below
  // them; headings compare by their letters and Han characters, folded
  // (punctuation such as 《》 and the script do not count).
  std::vector<int64_t> under(const std::string& heading) const;

 private:
  struct Section {
    std::optional<int64_t> parent;
    std::string heading;
  };
  void read(SQLite::Statement& q);
  void add(int64_t id, std::optional<int64_t> parent, std::string heading);
  std::map<int64_t, Section> sections_;
  std::vector<int64_t> order_;  // ids in document order (seq)
};

}  // namespace jiaozhu::detail
