// Links as alignment drafts them before they are stored: the passages of
// each side, and the variants between them, found on every core.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "align/variant_finder.h"

namespace jiaozhu {
class Database;
struct Edition;
}

namespace jiaozhu::detail {

// A passage as collation sees it.
struct CollatedPassage {
  int64_t id = 0;
  int64_t seq = 0;
  std::string text;
  std::string title, author;  // empty when the source gave none
};

// The passages of edition `edition_id`, in order.
std::vector<CollatedPassage> load_passages(Database& db, int64_t edition_id);

struct LinkDraft {
  bool manual = false;
  bool moved = false;
  std::vector<const CollatedPassage*> a;  // in order
  std::vector<const CollatedPassage*> b;
};

// How the variants between editions a and b are classed: the database's
// folding, and whether the two share a script.
CollationRules collation_rules(const Database& db, const Edition& a, const Edition& b);

// The variants between a link's passages: of their text, then of their
// title and author (those of each side's first passage, as one reading;
// nothing when both sides have none). Pure computation: safe to call from
// several threads at once.
std::vector<FoundVariant> variants_of(const LinkDraft& link, const CollationRules& rules);

// variants_of() for every link, on all cores, handed to `write` in link
// order on the calling thread (which alone touches the database) while the
// next links' variants are being found. An exception from a worker is
// rethrown here.
void for_each_link_variants(const std::vector<const LinkDraft*>& links, const CollationRules& rules,
                            const std::function<void(std::size_t, const std::vector<FoundVariant>&)>& write);

}  // namespace jiaozhu::detail
