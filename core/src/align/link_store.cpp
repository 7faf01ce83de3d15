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

std::string variant_uuid(const std::string& link_uuid, std::string_view variant_class, int64_t seq_a, int64_t start_a,
                         int64_t end_a, int64_t seq_b, int64_t start_b, int64_t end_b) {
  auto side = [](int64_t seq, int64_t start, int64_t end) {
    return std::to_string(seq) + ":" + std::to_string(start) + "-" + std::to_string(end);
  };
  return uuid_from_name("jiaozhu variant\x1f" + link_uuid + "\x1f" + std::string(variant_class) + "\x1f" +
                        side(seq_a, start_a, end_a) + "\x1f" + side(seq_b, start_b, end_b));
}

LinkWriter::LinkWriter(Database& db)
    : db_(db),
      link_(std::make_unique<SQLite::Statement>(
          db.sql(), "INSERT INTO link (uuid, origin, moved, created_at) VALUES (?, ?, ?, ?)")),
      member_(std::make_unique<SQLite::Statement>(db.sql(),
                                                  "INSERT INTO link_passage (link_id, passage_id) VALUES (?, ?)")),
      variant_(std::make_unique<SQLite::Statement>(
          db.sql(),
          "INSERT INTO variant (link_id, class, passage_a, start_a, end_a, passage_b, start_b, end_b) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {}

LinkWriter::~LinkWriter() = default;

int64_t LinkWriter::store(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b,
                          std::vector<int64_t>& counts) {
  link_->bind(1, link_identity(link, uuid_a, uuid_b));
  link_->bind(2, link.manual ? "manual" : "auto");
  link_->bind(3, link.moved ? 1 : 0);
  link_->bind(4, utc_now());
  link_->exec();
  link_->reset();
  const int64_t link_id = db_.sql().getLastInsertRowid();

  for (const auto& side : {link.a, link.b}) {
    for (const auto* p : side) {
      member_->bind(1, link_id);
      member_->bind(2, p->id);
      member_->exec();
      member_->reset();
    }
  }

  const auto ta = texts(link.a), tb = texts(link.b);
  for (const FoundVariant& f : find_variants(make_collation_text(ta), make_collation_text(tb))) {
    SQLite::Statement& v = *variant_;
    v.bind(1, link_id);
    v.bind(2, std::string(to_string(f.variant_class)));
    v.bind(3, link.a[f.a.passage]->id);
    v.bind(4, static_cast<int64_t>(f.a.start));
    v.bind(5, static_cast<int64_t>(f.a.end));
    v.bind(6, link.b[f.b.passage]->id);
    v.bind(7, static_cast<int64_t>(f.b.start));
    v.bind(8, static_cast<int64_t>(f.b.end));
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
