#include <algorithm>
#include "align/link_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "align/collation_ids.h"
#include "jiaozhu/database.h"
#include "repo/deletion_store.h"
#include "util/clock.h"

namespace jiaozhu::detail {
namespace {

constexpr std::size_t kBatch = 64;

// INSERT of `rows` variants in one statement (placeholders only).
std::string insert_variants_sql(std::size_t rows) {
  std::string sql =
      "INSERT INTO variant (link_id, n, class, passage_a, start_a, end_a, passage_b, start_b, end_b, field) VALUES ";
  for (std::size_t r = 0; r < rows; ++r) sql += r ? ", (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)" : "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  return sql;
}

}  // namespace

LinkWriter::LinkWriter(Database& db)
    : db_(db),
      link_(std::make_unique<SQLite::Statement>(
          db.sql(), "INSERT INTO link (uuid, origin, moved, created_at) VALUES (?, ?, ?, ?)")),
      member_(std::make_unique<SQLite::Statement>(db.sql(),
                                                  "INSERT INTO link_passage (link_id, passage_id) VALUES (?, ?)")),
      batch_(std::make_unique<SQLite::Statement>(db.sql(), insert_variants_sql(kBatch))),
      single_(std::make_unique<SQLite::Statement>(db.sql(), insert_variants_sql(1))) {}

LinkWriter::~LinkWriter() {
  try {
    flush();
  } catch (...) {  // the transaction fails without these rows; flush() reports why
  }
}

void LinkWriter::write_rows(SQLite::Statement& insert, std::size_t from, std::size_t count) {
  int i = 0;
  for (std::size_t r = from; r < from + count; ++r) {
    const Row& row = pending_[r];
    insert.bind(++i, row.link_id);
    insert.bind(++i, row.n);
    insert.bindNoCopy(++i, to_string(row.variant_class).data());
    for (int64_t v : {row.passage_a, row.start_a, row.end_a, row.passage_b, row.start_b, row.end_b}) insert.bind(++i, v);
    insert.bindNoCopy(++i, to_string(row.field).data());
  }
  insert.exec();
  insert.reset();
}

void LinkWriter::flush() {
  std::size_t done = 0;
  for (; done + kBatch <= pending_.size(); done += kBatch) write_rows(*batch_, done, kBatch);
  for (; done < pending_.size(); ++done) write_rows(*single_, done, 1);
  pending_.clear();
}

int64_t LinkWriter::store(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b,
                          const CollationRules& rules, std::vector<int64_t>& counts) {
  return store(link, uuid_a, uuid_b, variants_of(link, rules), counts);
}

int64_t LinkWriter::store(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b,
                          const std::vector<FoundVariant>& variants, std::vector<int64_t>& counts) {
  const std::string uuid = link_uuid(link, uuid_a, uuid_b);
  link_->bind(1, uuid);
  link_->bind(2, link.manual ? "manual" : "auto");
  link_->bind(3, link.moved ? 1 : 0);
  link_->bind(4, utc_now());
  link_->exec();
  link_->reset();
  // A link made again here (same passages, so the same uuid) is no longer
  // removed here. A copy that still holds the tombstone removes it again
  // when merged: a removal wins over the rows it names, in every copy alike.
  const int64_t link_id = db_.sql().getLastInsertRowid();
  DeletionStore(db_).revive(uuid);  // made again here: no longer removed here

  for (const auto& side : {link.a, link.b}) {
    for (const auto* p : side) {
      member_->bind(1, link_id);
      member_->bind(2, p->id);
      member_->exec();
      member_->reset();
    }
  }

  store_variants(link_id, link, variants, counts);
  return link_id;
}

void LinkWriter::store_variants(int64_t link_id, const LinkDraft& link, const std::vector<FoundVariant>& variants,
                                std::vector<int64_t>& counts) {
  counts.resize(std::max(counts.size(), kVariantClassCount), 0);  // one slot per class, whatever the caller sized
  int64_t n = 0;
  for (const FoundVariant& f : variants) {
    pending_.push_back({link_id, ++n, f.variant_class, link.a[f.a.passage]->id, f.a.start, f.a.end,
                        link.b[f.b.passage]->id, f.b.start, f.b.end, f.field});
    ++counts[static_cast<std::size_t>(f.variant_class)];
  }
  if (pending_.size() >= 64 * kBatch) flush();
}

void delete_auto_links(Database& db, int64_t edition_a, int64_t edition_b) {
  SQLite::Statement q(db.sql(), std::string("DELETE FROM link AS l WHERE l.origin = 'auto' AND ") + kLinkJoinsEditions);
  q.bind(":ea", edition_a);
  q.bind(":eb", edition_b);
  q.exec();
}

std::vector<std::string> variant_faults(Database& db) {
  // One pass in link order: each lookup is a probe of link_passage's key and
  // of passage's rowid, both in the pages the scan has just read.
  SQLite::Statement q(db.sql(),
                      "SELECT count(*) FILTER (WHERE lpa.link_id IS NULL OR lpb.link_id IS NULL), "
                      "count(*) FILTER (WHERE pa.id IS NULL OR pb.id IS NULL "
                      "OR v.end_a > length(CASE v.field WHEN 'text' THEN pa.text WHEN 'title' THEN coalesce(pa.title, '') "
                      "ELSE coalesce(pa.author, '') END) "
                      "OR v.end_b > length(CASE v.field WHEN 'text' THEN pb.text WHEN 'title' THEN coalesce(pb.title, '') "
                      "ELSE coalesce(pb.author, '') END)), min(v.link_id) FILTER (WHERE lpa.link_id IS NULL "
                      "OR lpb.link_id IS NULL) FROM variant v "
                      "LEFT JOIN link_passage lpa ON lpa.link_id = v.link_id AND lpa.passage_id = v.passage_a "
                      "LEFT JOIN link_passage lpb ON lpb.link_id = v.link_id AND lpb.passage_id = v.passage_b "
                      "LEFT JOIN passage pa ON pa.id = v.passage_a LEFT JOIN passage pb ON pb.id = v.passage_b");
  q.executeStep();
  std::vector<std::string> out;
  if (const int64_t n = q.getColumn(0).getInt64()) {
    out.push_back(std::to_string(n) + " variants name a passage that is not in their link (the first in link " +
                  std::to_string(q.getColumn(2).getInt64()) + "); run `jiaozhu align` again");
  }
  if (const int64_t n = q.getColumn(1).getInt64()) {
    out.push_back(std::to_string(n) + " variants have a span beyond their passage's text; run `jiaozhu align` again");
  }
  return out;
}

int64_t delete_links_of_edition(Database& db, int64_t edition_id) {
  SQLite::Statement q(db.sql(),
                      "DELETE FROM link WHERE id IN (SELECT lp.link_id FROM link_passage lp "
                      "JOIN passage p ON p.id = lp.passage_id WHERE p.edition_id = ?)");
  q.bind(1, edition_id);
  return q.exec();
}

bool delete_link(Database& db, const std::string& uuid) {
  auto q = db.cached("DELETE FROM link WHERE uuid = ?");
  q->bind(1, uuid);
  return q->exec() > 0;
}

void delete_auto_links_of_passage(Database& db, int64_t passage_id) {
  auto q = db.cached("DELETE FROM link WHERE origin = 'auto' AND id IN (SELECT link_id FROM link_passage WHERE passage_id = ?)");
  q->bind(1, passage_id);
  q->exec();
}

}  // namespace jiaozhu::detail
