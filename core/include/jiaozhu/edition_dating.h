// What an edition's text is dated to, for 避諱 (variant_kind.h): a dynasty
// (`edition set S --dynasty 唐`, or at import), a reign (`--dated 康熙`) or
// a year (`--year 1705`), set by a scholar and kept as a log of every
// setting so that merge loses none; what holds is the newest.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jiaozhu {

class Database;

// What an edition is dated to (edition_dating.h), read: a dating is stored
// as one value, a year ("1705", "-221"), a reign's era name (康熙: its
// first year) or a dynasty (清). `dynasty` is the stored dynasty or the one
// the year or reign falls in; empty when none is known.
struct EditionDate {
  std::string dynasty;
  std::optional<int> year;
  std::string reign;  // the era name, when dated by one or by a year in it
};
EditionDate read_dating(std::string_view dated);
// The reign table (core/data/reigns.tsv): era names and dynasties.
struct Reign {
  std::string name, dynasty;
  int first = 0, last = 0;
};
const std::vector<Reign>& reign_table();

struct EditionDating {
  std::string siglum;
  std::optional<std::string> dated;  // as set: a dynasty, a reign or a year; nothing: not dated
  EditionDate date;                  // what it dates to (read_dating)
  std::string note;
  std::string author;
  std::string set_at;
};

// Holds `db` by reference: the Database must outlive it; one thread at a
// time. Any call may throw DatabaseError naming the file.
class EditionDatingRepository {
 public:
  explicit EditionDatingRepository(Database& db) : db_(db) {}

  // Dates edition `siglum` to a dynasty, reign or year (nothing or "": not
  // dated), in one transaction of its own. Throws NotFound for an unknown
  // siglum, UsageError for a dating longer than 16 characters or holding
  // what no name holds.
  EditionDating set(const std::string& siglum, const std::optional<std::string>& dated, const std::string& note,
                    const std::string& author);
  // Throws UsageError for a dynasty that cannot be stored: longer than 16
  // characters, or holding what no name holds.
  static void check_dynasty(const std::string& dynasty);
  // What edition `edition_uuid` is dated to now; nothing when not dated.
  // Runs in the caller's transaction.
  std::optional<EditionDate> date_of(const std::string& edition_uuid) const;
  // The dating now of every edition that has one: edition uuid → dating.
  std::map<std::string, EditionDating> current() const;
  // Every setting for the edition, oldest first.
  std::vector<EditionDating> history(const std::string& siglum) const;

 private:
  Database& db_;
};

}  // namespace jiaozhu
