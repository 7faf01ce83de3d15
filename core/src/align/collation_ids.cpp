#include "align/collation_ids.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "util/uuid.h"

namespace jiaozhu::detail {

std::string link_uuid(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b) {
  std::vector<std::string> parts;
  for (const auto* p : link.a) parts.push_back(uuid_a + ":" + std::to_string(p->seq));
  for (const auto* p : link.b) parts.push_back(uuid_b + ":" + std::to_string(p->seq));
  std::sort(parts.begin(), parts.end());
  std::string name = "jiaozhu link";
  for (const std::string& p : parts) name += "\x1f" + p;
  return uuid_from_name(name);
}

std::string variant_uuid(const std::string& link_uuid, std::string_view variant_class, int64_t seq_a, int64_t start_a,
                         int64_t end_a, int64_t seq_b, int64_t start_b, int64_t end_b) {
  auto side = [](int64_t seq, int64_t start, int64_t end) {
    return std::to_string(seq) + ":" + std::to_string(start) + "-" + std::to_string(end);
  };
  return uuid_from_name("jiaozhu variant\x1f" + link_uuid + "\x1f" + std::string(variant_class) + "\x1f" +
                        side(seq_a, start_a, end_a) + "\x1f" + side(seq_b, start_b, end_b));
}

std::string variant_kind(std::string_view field, std::string_view variant_class) {
  return field == "text" ? std::string(variant_class) : std::string(field) + ":" + std::string(variant_class);
}

void for_each_variant_key(Database& db, const std::optional<std::string>& link_uuid,
                          const std::function<bool(VariantKey&&)>& visit) {
  const std::string sql =
      "SELECT l.uuid, v.class, pa.seq, v.start_a, v.end_a, pb.seq, v.start_b, v.end_b, v.link_id, v.n, v.field "
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
    k.field = q.getColumn(10).getString();
    k.uuid = variant_uuid(k.link_uuid, variant_kind(k.field, k.variant_class), q.getColumn(2).getInt64(), q.getColumn(3).getInt64(),
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

}  // namespace jiaozhu::detail
