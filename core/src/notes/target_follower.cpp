#include "notes/target_follower.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <vector>

#include "align/collation_ids.h"
#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "util/sha256.h"

namespace jiaozhu::detail {
namespace {

// Rows of variants, with what their key is made of; a condition on link `l` follows.
constexpr char kVariantRows[] =
    "SELECT l.uuid, v.class, pa.seq, v.start_a, v.end_a, pb.seq, v.start_b, v.end_b, ea.uuid, eb.uuid, "
    "substr(pa.text, v.start_a + 1, v.end_a - v.start_a), substr(pb.text, v.start_b + 1, v.end_b - v.start_b), "
    "substr(pa.text, 1, 24), substr(pb.text, 1, 24) "
    "FROM link l JOIN variant v ON v.link_id = l.id JOIN passage pa ON pa.id = v.passage_a "
    "JOIN passage pb ON pb.id = v.passage_b JOIN edition ea ON ea.id = pa.edition_id "
    "JOIN edition eb ON eb.id = pb.edition_id WHERE ";

// Rows of link passages, link by link; a condition on link `l` follows.
constexpr char kLinkRows[] =
    "SELECT l.uuid, e.uuid, substr(p.text, 1, 24) FROM link l JOIN link_passage lp ON lp.link_id = l.id "
    "JOIN passage p ON p.id = lp.passage_id JOIN edition e ON e.id = p.edition_id WHERE ";

struct Keyed {
  std::string uuid, link_uuid, key;
};

// Sides sorted: the same variant listed for the pair either way round has one key.
Keyed variant_row(SQLite::Statement& q) {
  auto col = [&](int i) { return q.getColumn(i).getString(); };
  const std::string link = col(0), cls = col(1);
  std::string a = col(8) + '\x1e' + col(12) + '\x1e' + col(10), b = col(9) + '\x1e' + col(13) + '\x1e' + col(11);
  if (b < a) std::swap(a, b);
  return {variant_uuid(link, cls, q.getColumn(2).getInt64(), q.getColumn(3).getInt64(), q.getColumn(4).getInt64(),
                       q.getColumn(5).getInt64(), q.getColumn(6).getInt64(), q.getColumn(7).getInt64()),
          link, sha256_hex("variant\x1f" + cls + '\x1f' + a + '\x1f' + b)};
}

std::vector<Keyed> link_rows(SQLite::Statement& q) {
  std::map<std::string, std::vector<std::string>> sides;
  while (q.executeStep()) {
    sides[q.getColumn(0).getString()].push_back(q.getColumn(1).getString() + '\x1e' + q.getColumn(2).getString());
  }
  std::vector<Keyed> out;
  for (auto& [uuid, passages] : sides) {
    std::sort(passages.begin(), passages.end());
    std::string joined = "link";
    for (const std::string& p : passages) joined += '\x1f' + p;
    out.push_back({uuid, uuid, sha256_hex(joined)});
  }
  return out;
}

std::vector<Keyed> variants_of_link(Database& db, const std::string& link_uuid) {
  SQLite::Statement q(db.sql(), std::string(kVariantRows) + "l.uuid = ?");
  q.bind(1, link_uuid);
  std::vector<Keyed> out;
  while (q.executeStep()) out.push_back(variant_row(q));
  return out;
}

std::vector<Keyed> links_named(Database& db, const std::string& uuid) {
  SQLite::Statement q(db.sql(), std::string(kLinkRows) + "l.uuid = ?");
  q.bind(1, uuid);
  return link_rows(q);
}

// The variant's link: the one the note names, else the one holding it.
std::string link_of_variant(Database& db, const std::string& uuid, const std::string& link_uuid) {
  if (!link_uuid.empty()) return link_uuid;
  const auto found = variant_links(db, {uuid});
  return found.empty() ? std::string() : found.begin()->second;
}

struct KeyedNote {
  int64_t id = 0;
  NoteTarget target = NoteTarget::kLink;
  std::string target_uuid, link_uuid, key;
};

std::vector<KeyedNote> collation_notes(Database& db, bool keyed) {
  SQLite::Statement q(db.sql(), std::string("SELECT id, target, target_uuid, coalesce(target_link_uuid, ''), "
                                            "coalesce(target_key, '') FROM note WHERE target IN ('link', 'variant') "
                                            "AND target_key IS ") + (keyed ? "NOT NULL" : "NULL"));
  std::vector<KeyedNote> out;
  while (q.executeStep()) {
    out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString() == "link" ? NoteTarget::kLink : NoteTarget::kVariant,
                   q.getColumn(2).getString(), q.getColumn(3).getString(), q.getColumn(4).getString()});
  }
  return out;
}

bool target_here(Database& db, const KeyedNote& n) {
  if (n.target == NoteTarget::kLink) return !links_named(db, n.target_uuid).empty();
  const std::string link = link_of_variant(db, n.target_uuid, n.link_uuid);
  if (link.empty()) return false;
  const auto variants = variants_of_link(db, link);
  return std::any_of(variants.begin(), variants.end(), [&](const Keyed& k) { return k.uuid == n.target_uuid; });
}

// Every link or variant between editions a and b, by key.
std::multimap<std::string, Keyed> keyed_targets(Database& db, NoteTarget target, int64_t a, int64_t b) {
  SQLite::Statement q(db.sql(), std::string(target == NoteTarget::kLink ? kLinkRows : kVariantRows) + kLinkJoinsEditions);
  q.bind(":ea", a);
  q.bind(":eb", b);
  std::multimap<std::string, Keyed> out;
  if (target == NoteTarget::kLink) {
    for (Keyed& k : link_rows(q)) out.emplace(k.key, std::move(k));
    return out;
  }
  while (q.executeStep()) {
    Keyed k = variant_row(q);
    out.emplace(k.key, std::move(k));
  }
  return out;
}

}  // namespace

std::optional<std::string> collation_target_key(Database& db, NoteTarget target, const std::string& target_uuid,
                                                const std::string& link_uuid) {
  if (target == NoteTarget::kLink) {
    const auto links = links_named(db, target_uuid);
    if (links.empty()) return std::nullopt;
    return links.front().key;
  }
  if (target != NoteTarget::kVariant) return std::nullopt;
  const std::string link = link_of_variant(db, target_uuid, link_uuid);
  if (link.empty()) return std::nullopt;
  for (const Keyed& k : variants_of_link(db, link)) {
    if (k.uuid == target_uuid) return k.key;
  }
  return std::nullopt;
}

void remember_collation_targets(Database& db) {
  SQLite::Statement set(db.sql(), "UPDATE note SET target_key = ? WHERE id = ?");
  for (const KeyedNote& n : collation_notes(db, false)) {
    const auto key = collation_target_key(db, n.target, n.target_uuid, n.link_uuid);
    if (!key) continue;
    set.bind(1, *key);
    set.bind(2, n.id);
    set.exec();
    set.reset();
  }
}

int64_t follow_collation_targets(Database& db, int64_t a, int64_t b) {
  std::vector<KeyedNote> lost;
  for (KeyedNote& n : collation_notes(db, true)) {
    if (!target_here(db, n)) lost.push_back(std::move(n));
  }
  if (lost.empty()) return 0;
  std::map<NoteTarget, std::multimap<std::string, Keyed>> targets;
  SQLite::Statement move(db.sql(),
                         "UPDATE note SET target_uuid = ?, target_link_uuid = CASE WHEN target = 'variant' THEN ? END "
                         "WHERE id = ?");
  int64_t moved = 0;
  for (const KeyedNote& n : lost) {
    if (!targets.count(n.target)) targets[n.target] = keyed_targets(db, n.target, a, b);
    const auto& by_key = targets[n.target];
    if (by_key.count(n.key) != 1) continue;  // none, or no one place is convincing
    const Keyed& to = by_key.find(n.key)->second;
    move.bind(1, to.uuid);
    move.bind(2, to.link_uuid);
    move.bind(3, n.id);
    move.exec();
    move.reset();
    ++moved;
  }
  return moved;
}

}  // namespace jiaozhu::detail
