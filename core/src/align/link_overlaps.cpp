#include "align/link_overlaps.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"

namespace jiaozhu::detail {
namespace {

std::vector<std::string> link_passages(Database& db, int64_t link) {
  SQLite::Statement q(db.sql(),
                      "SELECT e.siglum, p.seq FROM link_passage lp JOIN passage p ON p.id = lp.passage_id "
                      "JOIN edition e ON e.id = p.edition_id WHERE lp.link_id = ? ORDER BY e.siglum, p.seq");
  q.bind(1, link);
  std::vector<std::string> out;
  while (q.executeStep()) out.push_back(format_address(q.getColumn(0).getString(), q.getColumn(1).getInt64()));
  return out;
}

// Links only overlap where a manual link came in by merge beside another
// copy's (align never makes two, `link add` breaks what it overlaps), so
// only the few passages of manual links are looked at (CROSS JOIN: from
// the links, not from every linked passage's row, text and all).
}  // namespace

std::vector<OverlappingLinks> overlapping_links(Database& db) {
  SQLite::Statement q(db.sql(),
                      "SELECT DISTINCT e.siglum, p.seq, mine.passage_id, other.edition_id FROM link l "
                      "CROSS JOIN link_passage mine ON mine.link_id = l.id "
                      "CROSS JOIN passage p ON p.id = mine.passage_id CROSS JOIN edition e ON e.id = p.edition_id "
                      "CROSS JOIN link_passage lp2 ON lp2.link_id = l.id CROSS JOIN passage other ON other.id = lp2.passage_id "
                      "WHERE l.origin = 'manual' AND other.edition_id <> p.edition_id "
                      "ORDER BY e.siglum, p.seq, other.edition_id");
  SQLite::Statement holders(db.sql(),
                            "SELECT DISTINCT l.id, l.uuid FROM link_passage lp JOIN link l ON l.id = lp.link_id "
                            "WHERE lp.passage_id = ?1 AND EXISTS (SELECT 1 FROM link_passage x JOIN passage o "
                            "ON o.id = x.passage_id WHERE x.link_id = l.id AND o.edition_id = ?2) ORDER BY l.uuid");
  std::vector<OverlappingLinks> out;
  while (q.executeStep()) {
    holders.bind(1, q.getColumn(2).getInt64());
    holders.bind(2, q.getColumn(3).getInt64());
    OverlappingLinks c{format_address(q.getColumn(0).getString(), q.getColumn(1).getInt64()), {}};
    std::vector<std::pair<int64_t, std::string>> ids;
    while (holders.executeStep()) ids.emplace_back(holders.getColumn(0).getInt64(), holders.getColumn(1).getString());
    holders.reset();
    if (ids.size() < 2) continue;
    for (const auto& [id, uuid] : ids) c.links.emplace_back(uuid, link_passages(db, id));
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace jiaozhu::detail
