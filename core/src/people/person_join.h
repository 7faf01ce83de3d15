// Joining one character into another: what `character merge` does, and what
// merge repeats in a copy that still holds a character another copy merged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "jiaozhu/people.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Joins character `gone` into `keep` (local ids), in the caller's write
// transaction: gone's aliases move to keep (where both have a form, the
// alias with the smaller uuid stays and the other's history joins it, as
// merge decides between copies), the histories of name and note join keep's
// (several heads: `character merge` settles them with one revision, merge
// leaves them to arrive or to be resolved), `moved` runs from gone's uuid to
// keep's, gone is removed, and the mentions of the aliases concerned are
// refreshed. It
// records no redirect: `character merge` records the edges it means, merge
// joins what the edges already say.
void join_persons(Database& db, int64_t keep, int64_t gone, const PersonMoved& moved);

// Makes the characters here of the group `uuid` belongs to (characters
// redirects join) one row under the group's survivor uuid: the others are
// joined into the survivor's row, or, when the survivor's own row is not
// here (another copy joined it away before the edges that made it the
// survivor came in), into one of them that then takes the survivor's uuid,
// `moved` running for each identity that passes. Returns the local id, if any
// row is here.
std::optional<int64_t> settle_group(Database& db, const std::string& uuid, const PersonMoved& moved);

}  // namespace jiaozhu::detail
