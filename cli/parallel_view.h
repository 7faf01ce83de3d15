// The parallel view of a passage: the passages linked with it in other
// editions, each with its notes and the reading variants between them. One
// shape for `jiaozhu parallel` and the parallel page of `jiaozhu serve`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/passage.h"
#include "notes_of.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::cli {

// The classes shown when none are asked for: the readings, not script,
// punctuation or breaks.
const std::vector<VariantClass>& reading_classes();

// One side of a parallel view: a linked passage, its variants' spans and its notes.
struct ParallelPassage {
  std::string address;
  Passage passage;
  std::vector<std::pair<int64_t, int64_t>> spans;
  NotesOf notes;
};

struct ParallelLink {
  Link link;
  std::vector<Variant> variants;  // v.a in the edition of `address`, with kinds
  std::vector<ParallelPassage> passages;
};

// The links of `address` (at, parsed) with the editions asked (all when
// none), each with its passages, notes and reading variants. Reads in the
// caller's transaction; throws NotFound for an unknown passage.
std::vector<ParallelLink> parallel_of(Database& db, const Address& at, const std::string& address,
                                      const std::vector<std::string>& editions);

}  // namespace jiaozhu::cli
