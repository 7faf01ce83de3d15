#include "align/link_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <future>
#include <mutex>
#include <thread>

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

constexpr std::size_t kBatch = 64;

// INSERT of `rows` variants in one statement (placeholders only).
std::string insert_variants_sql(std::size_t rows) {
  std::string sql = "INSERT INTO variant (link_id, n, class, passage_a, start_a, end_a, passage_b, start_b, end_b) VALUES ";
  for (std::size_t r = 0; r < rows; ++r) sql += r ? ", (?, ?, ?, ?, ?, ?, ?, ?, ?)" : "(?, ?, ?, ?, ?, ?, ?, ?, ?)";
  return sql;
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

void for_each_variant_key(Database& db, const std::optional<std::string>& link_uuid,
                          const std::function<bool(VariantKey&&)>& visit) {
  const std::string sql =
      "SELECT l.uuid, v.class, pa.seq, v.start_a, v.end_a, pb.seq, v.start_b, v.end_b, v.link_id, v.n "
      "FROM link l JOIN variant v ON v.link_id = l.id "
      "JOIN passage pa ON pa.id = v.passage_a JOIN passage pb ON pb.id = v.passage_b" +
      std::string(link_uuid ? " WHERE l.uuid = ?" : "");
  SQLite::Statement q(db.sql(), sql);
  if (link_uuid) q.bind(1, *link_uuid);
  bool more = true;
  while (more && q.executeStep()) {
    VariantKey k;
    k.link_uuid = q.getColumn(0).getString();
    k.variant_class = q.getColumn(1).getString();
    k.uuid = variant_uuid(k.link_uuid, k.variant_class, q.getColumn(2).getInt64(), q.getColumn(3).getInt64(),
                          q.getColumn(4).getInt64(), q.getColumn(5).getInt64(), q.getColumn(6).getInt64(),
                          q.getColumn(7).getInt64());
    k.link_id = q.getColumn(8).getInt64();
    k.n = q.getColumn(9).getInt64();
    more = visit(std::move(k));
  }
}

std::unordered_map<std::string, std::string> variant_links(Database& db, const std::unordered_set<std::string>& wanted) {
  std::unordered_map<std::string, std::string> out;
  if (wanted.empty()) return out;
  for_each_variant_key(db, std::nullopt, [&](VariantKey&& k) {
    if (wanted.count(k.uuid)) out.emplace(std::move(k.uuid), std::move(k.link_uuid));
    return out.size() < wanted.size();
  });
  return out;
}

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

std::vector<FoundVariant> variants_of(const LinkDraft& link) {
  return find_variants(make_collation_text(texts(link.a)), make_collation_text(texts(link.b)));
}

void for_each_link_variants(const std::vector<const LinkDraft*>& links,
                            const std::function<void(std::size_t, const std::vector<FoundVariant>&)>& write) {
  // Chunks of links: workers find chunk k + 1 while this thread writes chunk k.
  constexpr std::size_t kChunk = 2048;
  const std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
  auto find_chunk = [&links, workers](std::size_t from, std::size_t to) {
    std::vector<std::vector<FoundVariant>> out(to - from);
    std::atomic<std::size_t> next{from};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
      try {
        for (std::size_t i; (i = next++) < to;) out[i - from] = variants_of(*links[i]);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        failure = std::current_exception();
        next = to;
      }
    };
    std::vector<std::thread> threads;
    for (std::size_t t = 1; t < workers && t < to - from; ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    return out;
  };
  std::future<std::vector<std::vector<FoundVariant>>> ahead;
  if (!links.empty()) ahead = std::async(std::launch::async, find_chunk, 0, std::min(kChunk, links.size()));
  for (std::size_t from = 0; from < links.size(); from += kChunk) {
    const auto found = ahead.get();
    const std::size_t next = from + kChunk;
    if (next < links.size()) ahead = std::async(std::launch::async, find_chunk, next, std::min(next + kChunk, links.size()));
    for (std::size_t i = 0; i < found.size(); ++i) write(from + i, found[i]);
  }
}

int64_t LinkWriter::store(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b,
                          std::vector<int64_t>& counts) {
  return store(link, uuid_a, uuid_b, variants_of(link), counts);
}

int64_t LinkWriter::store(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b,
                          const std::vector<FoundVariant>& variants, std::vector<int64_t>& counts) {
  const std::string uuid = link_identity(link, uuid_a, uuid_b);
  link_->bind(1, uuid);
  link_->bind(2, link.manual ? "manual" : "auto");
  link_->bind(3, link.moved ? 1 : 0);
  link_->bind(4, utc_now());
  link_->exec();
  link_->reset();
  // A link made again here (same passages, so the same uuid) is no longer
  // removed here. A copy that still holds the tombstone removes it again
  // when merged: a removal wins over the rows it names, in every copy alike.
  auto revived = db_.cached("DELETE FROM tombstone WHERE uuid = ?");
  revived->bind(1, uuid);
  revived->exec();
  const int64_t link_id = db_.sql().getLastInsertRowid();

  for (const auto& side : {link.a, link.b}) {
    for (const auto* p : side) {
      member_->bind(1, link_id);
      member_->bind(2, p->id);
      member_->exec();
      member_->reset();
    }
  }

  int64_t n = 0;
  for (const FoundVariant& f : variants) {
    pending_.push_back({link_id, ++n, f.variant_class, link.a[f.a.passage]->id, f.a.start, f.a.end,
                        link.b[f.b.passage]->id, f.b.start, f.b.end});
    ++counts[static_cast<std::size_t>(f.variant_class)];
  }
  if (pending_.size() >= 64 * kBatch) flush();
  return link_id;
}

void delete_auto_links(Database& db, int64_t edition_a, int64_t edition_b) {
  SQLite::Statement q(db.sql(), std::string("DELETE FROM link AS l WHERE l.origin = 'auto' AND ") + kLinkJoinsEditions);
  q.bind(":ea", edition_a);
  q.bind(":eb", edition_b);
  q.exec();
}

}  // namespace jiaozhu::detail
