#include "decisions/place_carry.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <vector>

#include "decisions/decision_store.h"
#include "jiaozhu/database.h"

namespace jiaozhu::detail {

int64_t carry_decided_places(Database& db, const std::string& edition_uuid, int64_t seq, const TextChange& change) {
  SQLite::Statement q(db.sql(),
                      "SELECT uuid, start_at, end_at, lemma FROM apparatus_place p WHERE edition_uuid = ? AND seq = ? "
                      "AND field = 'text' AND lacuna = 0 AND EXISTS (SELECT 1 FROM decision d WHERE d.place_uuid = p.uuid)");
  q.bind(1, edition_uuid);
  q.bind(2, seq);
  std::vector<std::pair<std::string, ApparatusPlace>> moved;
  while (q.executeStep()) {
    const auto span = change.map(q.getColumn(1).getInt64(), q.getColumn(2).getInt64());
    if (!span || span->first == q.getColumn(1).getInt64()) continue;  // touched, or where it was
    ApparatusPlace p{"", edition_uuid, seq, VariantField::kText, span->first, span->second, q.getColumn(3).getString(), false};
    p.uuid = place_uuid(p);
    moved.emplace_back(q.getColumn(0).getString(), std::move(p));
  }
  DecisionStore store(db);
  int64_t carried = 0;
  for (const auto& [from, to] : moved) {
    store.insert_place(to);
    if (!store.of_place(to.uuid, true).empty()) continue;
    for (Decision d : store.of_place(from, true)) {
      d.place_uuid = to.uuid;
      d.parents.clear();
      d.uuid = decision_uuid(d);
      store.insert(d);
    }
    ++carried;
  }
  return carried;
}

}  // namespace jiaozhu::detail
