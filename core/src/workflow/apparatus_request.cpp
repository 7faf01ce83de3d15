// The apparatus a scholar asks for: the pairs of base and witness not yet
// aligned are aligned first (with the notes that follow links), then the
// apparatus is built from the stored collation, and the places it lists
// are remembered for `decide`.
#include "jiaozhu/apparatus.h"
#include "jiaozhu/database.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/workflow.h"

namespace jiaozhu {

std::vector<std::string> unaligned_witnesses(Database& db, const ApparatusRequest& request) {
  check_apparatus_request(db, request);
  CollationRepository collation(db);
  std::vector<std::string> out;
  for (const std::string& w : request.witnesses) {
    if (!collation.aligned(request.base, w)) out.push_back(w);
  }
  return out;
}

Apparatus make_apparatus(Database& db, const ApparatusRequest& request, std::vector<std::string>* aligned) {
  for (const std::string& w : unaligned_witnesses(db, request)) {  // checked before anything is written
    align_editions(db, request.base, w);
    if (aligned) aligned->push_back(w);
  }
  Apparatus a = build_apparatus(db, request);
  // `decide ID` names a place by the id this apparatus shows: remember them.
  if (!db.read_only()) DecisionRepository(db).remember_places(places_of(a));
  return a;
}

}  // namespace jiaozhu
