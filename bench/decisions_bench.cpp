// Decisions benchmark helper (issue 39):
//
//   decisions_bench DB BASE WITNESS N SEED
//     Builds the apparatus of BASE against WITNESS (the default classes, as an
//     editor reads it) and decides
//     N of its places, chosen at random with SEED, through the repository as
//     `decide` does, each in its own transaction: 40% omitted, 30% recorded,
//     15% adopting WITNESS's reading, 10% doubted, 5% emended. Prints the
//     entries, the decisions made and their time.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/database.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/error.h"
#include "jiaozhu/workflow.h"

int main(int argc, char** argv) {
  using namespace jiaozhu;
  if (argc != 6) {
    std::fprintf(stderr, "usage: decisions_bench DB BASE WITNESS N SEED\n");
    return 2;
  }
  Database db = open_database(argv[1], OpenMode::kExisting);
  ApparatusRequest request;
  request.base = argv[2];
  request.witnesses = {argv[3]};
  const Apparatus a = make_apparatus(db, request, nullptr);
  std::vector<const ApparatusEntry*> entries;
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusEntry& e : p.entries) entries.push_back(&e);
  }
  std::mt19937 rng(static_cast<unsigned>(std::stoul(argv[5])));
  std::shuffle(entries.begin(), entries.end(), rng);
  const auto wanted = std::min<std::size_t>(std::stoul(argv[4]), entries.size());
  DecisionRepository decisions(db);
  const auto began = std::chrono::steady_clock::now();
  std::size_t made = 0;
  for (std::size_t i = 0; i < wanted; ++i) {
    DecisionRequest r;
    r.place = entries[i]->id;
    r.author = "Bench <bench@example.org>";
    const auto roll = rng() % 20;
    r.action = roll < 8 ? DecisionAction::kOmit : roll < 14 ? DecisionAction::kRecord : roll < 17 ? DecisionAction::kAdopt
               : roll < 19 ? DecisionAction::kDoubt : DecisionAction::kEmend;
    if (r.action == DecisionAction::kAdopt) r.witness = argv[3];
    if (r.action == DecisionAction::kEmend) {
      r.reading = "□";
      r.reason = "據文義改";
    }
    try {
      decisions.decide(r);
      ++made;
    } catch (const UsageError&) {  // a witness reading beyond the place, a lacuna: decided otherwise by an editor
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::printf("entries %zu, decisions %zu in %.2f s (%.2f ms each)\n", entries.size(), made, seconds,
              made ? 1000 * seconds / static_cast<double>(made) : 0.0);
  return 0;
}
