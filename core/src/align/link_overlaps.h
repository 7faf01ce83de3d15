// Links that hold one passage with one other edition: two copies' manual
// links on the same passage, met by merge (align never makes two, and
// `link add` breaks what it overlaps). conflicts.h lists them.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

struct OverlappingLinks {
  std::string passage;  // S:N
  std::vector<std::pair<std::string, std::vector<std::string>>> links;  // uuid, its passages (S:N)
};

// Every passage held by two or more links with one other edition, in
// siglum and passage order.
std::vector<OverlappingLinks> overlapping_links(Database& db);

}  // namespace jiaozhu::detail
