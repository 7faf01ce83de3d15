// The 校勘 kinds a scholar sets by hand (`variant kind ID KIND`): kept as a
// log of every setting, so that merge loses none; what holds for a variant
// is the newest. A choice names the variant by its uuid, which derives from
// its link and places, so it holds across a re-alignment that finds the
// same variant again.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/variant_kind.h"

namespace jiaozhu {

class Database;

struct KindChoice {
  std::string variant_uuid;
  std::optional<VariantKind> kind;  // nothing: back to the proposal
  std::string note;
  std::string author;
  std::string set_at;
};

// Holds `db` by reference: the Database must outlive it; one thread at a
// time. Any call may throw DatabaseError naming the file.
class VariantKindChoices {
 public:
  explicit VariantKindChoices(Database& db) : db_(db) {}

  // Sets the kind of the variant whose uuid begins with `variant_id`
  // (nothing: back to the proposal), in one transaction of its own. Throws
  // NotFound, or UsageError for an ambiguous id or a variant of a class that
  // takes no kind (only substantive and conversion readings do).
  KindChoice set(const std::string& variant_id, const std::optional<VariantKind>& kind, const std::string& note,
                 const std::string& author);
  // The newest choice per variant uuid. Runs in the caller's transaction.
  std::map<std::string, KindChoice> current() const;
  // Every choice about one variant (full uuid), oldest first.
  std::vector<KindChoice> history(const std::string& variant_uuid) const;

 private:
  Database& db_;
};

}  // namespace jiaozhu
