#include "align/link_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "util/sha256.h"

namespace jiaozhu::detail {
namespace {

std::string link_identity(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b) {
  std::vector<std::string> parts;
  for (const auto* p : link.a) parts.push_back(uuid_a + ":" + std::to_string(p->seq));
  for (const auto* p : link.b) parts.push_back(uuid_b + ":" + std::to_string(p->seq));
  std::sort(parts.begin(), parts.end());
  std::string name = "jiaozhu link";
  for (const std::string& p : parts) name += "\x1f" + p;
  return uuid_from_name(name);
}

std::vector<std::string> texts(const std::vector<const CollatedPassage*>& side) {
  std::vector<std::string> out;
  for (const auto* p : side) out.push_back(p->text);
  return out;
}

}  // namespace

std::vector<CollatedPassage> load_passages(Database& db, int64_t edition_id) {
  SQLite::Statement q(db.sql(), "SELECT id, seq, text FROM passage WHERE edition_id = ? ORDER BY seq");
  q.bind(1, edition_id);
  std::vector<CollatedPassage> out;
  while (q.executeStep()) out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getString()});
  return out;
}

int64_t store_link(Database& db, const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b,
                   std::vector<int64_t>& counts) {
  const std::string uuid = link_identity(link, uuid_a, uuid_b);
  SQLite::Statement insert(db.sql(), "INSERT INTO link (uuid, origin, moved, created_at) VALUES (?, ?, ?, ?)");
  insert.bind(1, uuid);
  insert.bind(2, link.manual ? "manual" : "auto");
  insert.bind(3, link.moved ? 1 : 0);
  insert.bind(4, utc_now());
  insert.exec();
  const int64_t link_id = db.sql().getLastInsertRowid();

  SQLite::Statement member(db.sql(), "INSERT INTO link_passage (link_id, passage_id) VALUES (?, ?)");
  for (const auto& side : {link.a, link.b}) {
    for (const auto* p : side) {
      member.bind(1, link_id);
      member.bind(2, p->id);
      member.exec();
      member.reset();
    }
  }

  const auto ta = texts(link.a), tb = texts(link.b);
  const auto variants = find_variants(make_collation_text(ta), make_collation_text(tb));
  SQLite::Statement v(db.sql(),
                      "INSERT INTO variant (uuid, link_id, class, passage_a, start_a, end_a, passage_b, start_b, end_b) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const FoundVariant& f : variants) {
    const auto* pa = link.a[f.a.passage];
    const auto* pb = link.b[f.b.passage];
    const std::string cls(to_string(f.variant_class));
    v.bind(1, uuid_from_name("jiaozhu variant\x1f" + uuid + "\x1f" + cls + "\x1f" + std::to_string(pa->seq) + ":" +
                             std::to_string(f.a.start) + "-" + std::to_string(f.a.end) + "\x1f" +
                             std::to_string(pb->seq) + ":" + std::to_string(f.b.start) + "-" +
                             std::to_string(f.b.end)));
    v.bind(2, link_id);
    v.bind(3, cls);
    v.bind(4, pa->id);
    v.bind(5, static_cast<int64_t>(f.a.start));
    v.bind(6, static_cast<int64_t>(f.a.end));
    v.bind(7, pb->id);
    v.bind(8, static_cast<int64_t>(f.b.start));
    v.bind(9, static_cast<int64_t>(f.b.end));
    v.exec();
    v.reset();
    ++counts[static_cast<std::size_t>(f.variant_class)];
  }
  return link_id;
}

void delete_auto_links(Database& db, int64_t edition_a, int64_t edition_b) {
  SQLite::Statement q(db.sql(),
                      "DELETE FROM link WHERE origin = 'auto' "
                      "AND id IN (SELECT lp.link_id FROM link_passage lp JOIN passage p ON p.id = lp.passage_id "
                      "           WHERE p.edition_id = ?1) "
                      "AND id IN (SELECT lp.link_id FROM link_passage lp JOIN passage p ON p.id = lp.passage_id "
                      "           WHERE p.edition_id = ?2)");
  q.bind(1, edition_a);
  q.bind(2, edition_b);
  q.exec();
}

}  // namespace jiaozhu::detail
