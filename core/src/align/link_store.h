// Writing links and their variants (tables link, link_passage, variant).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "align/variant_finder.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// A passage as collation sees it.
struct CollatedPassage {
  int64_t id = 0;
  int64_t seq = 0;
  std::string text;
};

// The passages of edition `edition_id`, in order.
std::vector<CollatedPassage> load_passages(Database& db, int64_t edition_id);

struct LinkDraft {
  bool manual = false;
  bool moved = false;
  std::vector<const CollatedPassage*> a;  // in order
  std::vector<const CollatedPassage*> b;
};

// Computes the variants of `link` and writes both; returns the link's id and
// counts the variants per class into `counts` (indexed by VariantClass).
// `edition_uuid_a/b` give the link its identity. The caller holds the write
// transaction.
int64_t store_link(Database& db, const LinkDraft& link, const std::string& edition_uuid_a,
                   const std::string& edition_uuid_b, std::vector<int64_t>& counts);

// Deletes the automatic links between the two editions (with their variants).
void delete_auto_links(Database& db, int64_t edition_a, int64_t edition_b);

}  // namespace jiaozhu::detail
