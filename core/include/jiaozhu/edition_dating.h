// The dynasty an edition's text is dated to, for 避諱 (variant_kind.h): set
// by a scholar (`edition set S --dynasty 唐`, or at import), kept as a log
// of every setting so that merge loses none; what holds is the newest.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace jiaozhu {

class Database;

struct EditionDating {
  std::string siglum;
  std::optional<std::string> dynasty;  // nothing: not dated
  std::string note;
  std::string author;
  std::string set_at;
};

// Holds `db` by reference: the Database must outlive it; one thread at a
// time. Any call may throw DatabaseError naming the file.
class EditionDatingRepository {
 public:
  explicit EditionDatingRepository(Database& db) : db_(db) {}

  // Dates edition `siglum` (nothing or "": not dated), in one transaction of
  // its own. Throws NotFound for an unknown siglum, UsageError for a
  // dynasty longer than 16 characters or holding what no name holds.
  EditionDating set(const std::string& siglum, const std::optional<std::string>& dynasty, const std::string& note,
                    const std::string& author);
  // Throws UsageError for a dynasty that cannot be stored: longer than 16
  // characters, or holding what no name holds.
  static void check_dynasty(const std::string& dynasty);
  // The dynasty edition `edition_uuid` is dated to now; "" when none. Runs
  // in the caller's transaction.
  std::string dynasty_of(const std::string& edition_uuid) const;
  // Every setting for the edition, oldest first.
  std::vector<EditionDating> history(const std::string& siglum) const;

 private:
  Database& db_;
};

}  // namespace jiaozhu
