// Joining one character into another: what `character merge` does, and what
// merge repeats in a copy that still holds a character another copy merged.
#pragma once

#include <cstdint>
#include <string>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Joins character `gone` into `keep` (local ids), in the caller's write
// transaction: gone's aliases move to keep (where both have a form, the
// alias with the smaller uuid stays and the other's history joins it, as
// merge decides between copies), the histories of name and note join keep's
// (several heads: `character merge` settles them with one revision, merge
// leaves them to arrive or to be resolved), notes on gone move to keep, gone
// is removed and a redirect from its uuid to keep's is recorded, and the
// mentions of the aliases concerned are refreshed.
void join_characters(Database& db, int64_t keep, int64_t gone, const std::string& author, const std::string& at);

}  // namespace jiaozhu::detail
