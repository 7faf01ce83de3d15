#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "util/columns.h"
#include "jiaozhu/error.h"
#include "repo/edition_datings.h"
#include "util/clock.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace {

constexpr const char* kSelect =
    "SELECT e.id, e.uuid, e.siglum, w.name, coalesce(e.title, ''), e.script, e.content_hash, "
    "e.imported_at FROM edition e JOIN work w ON w.id = e.work_id ";

Edition read_row(SQLite::Statement& q) {
  Edition e;
  e.id = q.getColumn(0).getInt64();
  e.uuid = q.getColumn(1).getString();
  e.siglum = q.getColumn(2).getString();
  e.work = q.getColumn(3).getString();
  e.title = q.getColumn(4).getString();
  e.script = parse_script(q.getColumn(5).getString());
  e.content_hash = q.getColumn(6).getString();
  e.imported_at = q.getColumn(7).getString();
  return e;
}

template <typename Key>
std::optional<Edition> find_one(Database& db, const char* where, const Key& value) {
  SQLite::Statement q(db.sql(), std::string(kSelect) + where);
  q.bind(1, value);
  if (!q.executeStep()) return std::nullopt;
  return read_row(q);
}

int64_t find_or_create_work(Database& db, const std::string& name) {
  SQLite::Statement find(db.sql(), "SELECT id FROM work WHERE name = ?");
  find.bind(1, name);
  if (find.executeStep()) return find.getColumn(0).getInt64();
  SQLite::Statement insert(db.sql(), "INSERT INTO work (uuid, name, created_at) VALUES (?, ?, ?)");
  insert.bind(1, detail::uuid_from_name("jiaozhu work\x1f" + name));
  insert.bind(2, name);
  insert.bind(3, detail::utc_now());
  insert.exec();
  return db.sql().getLastInsertRowid();
}

std::string edition_uuid(const std::string& content_hash) {
  return detail::uuid_from_name("jiaozhu edition\x1f" + content_hash);
}

}  // namespace

Edition EditionRepository::fill_counts(Edition e) const {
  SQLite::Statement q(db_.sql(), "SELECT count(*), coalesce(sum(length(text)), 0) FROM passage WHERE edition_id = ?");
  q.bind(1, e.id);
  q.executeStep();
  e.passages = q.getColumn(0).getInt64();
  e.code_points = q.getColumn(1).getInt64();
  return e;
}

std::vector<Edition> EditionRepository::all() const {
  SQLite::Statement q(db_.sql(), std::string(kSelect) + "ORDER BY w.name, e.siglum");
  std::vector<Edition> out;
  while (q.executeStep()) out.push_back(read_row(q));
  return out;
}

std::vector<Edition> EditionRepository::list() const {
  std::vector<Edition> out = all();
  for (Edition& e : out) e = fill_counts(std::move(e));
  return out;
}

int64_t EditionRepository::passage_count(int64_t edition_id) const {
  SQLite::Statement q(db_.sql(), "SELECT coalesce(max(seq), 0) FROM passage WHERE edition_id = ?");
  q.bind(1, edition_id);
  q.executeStep();
  return q.getColumn(0).getInt64();
}

std::optional<Edition> EditionRepository::find(const std::string& siglum) const {
  return find_one(db_, "WHERE e.siglum = ?", siglum);
}

std::vector<PassageRange> EditionRepository::passage_ranges() const {
  // Driven from edition, with index lookups into passage: joining passage
  // lets the planner choose a scan of every passage.
  SQLite::Statement q(db_.sql(),
                      "SELECT e.id, e.siglum, w.name, "
                      "(SELECT id FROM passage WHERE edition_id = e.id AND seq = 1), "
                      "(SELECT max(seq) FROM passage WHERE edition_id = e.id) "
                      "FROM edition e JOIN work w ON w.id = e.work_id");
  std::vector<PassageRange> out;
  while (q.executeStep()) {
    if (q.getColumn(3).isNull()) continue;
    out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                   q.getColumn(3).getInt64(), q.getColumn(4).getInt64()});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first_id < b.first_id; });
  return out;
}

std::optional<Edition> EditionRepository::find_by_content(const std::string& content_hash) const {
  return find_one(db_, "WHERE e.content_hash = ?", content_hash);
}

Edition EditionRepository::get(const std::string& siglum) const {
  if (auto e = find(siglum)) return *e;
  std::string known;
  SQLite::Statement q(db_.sql(), "SELECT siglum FROM edition ORDER BY siglum");
  while (q.executeStep()) known += (known.empty() ? "" : ", ") + q.getColumn(0).getString();
  throw NotFound("no edition '" + siglum + "'" +
                 (known.empty() ? " (the database has none yet: see `jiaozhu import`)"
                                : " (editions: " + known + ")"));
}

int64_t EditionRepository::insert(const EditionDraft& d) {
  const int64_t work_id = find_or_create_work(db_, d.work);
  SQLite::Statement q(db_.sql(),
                      "INSERT INTO edition (uuid, work_id, siglum, title, script, content_hash, imported_at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, d.uuid.empty() ? edition_uuid(d.content_hash) : d.uuid);
  q.bind(2, work_id);
  q.bind(3, d.siglum);
  if (d.title.empty()) q.bind(4); else q.bind(4, d.title);
  q.bind(5, std::string(to_string(d.script)));
  q.bind(6, d.content_hash);
  q.bind(7, detail::utc_now());
  q.exec();
  return db_.sql().getLastInsertRowid();
}

void EditionRepository::set_content(int64_t edition_id, const std::string& content_hash, Script script,
                                    const std::optional<std::string>& parent_hash) {
  SQLite::Statement q(db_.sql(),
                      "UPDATE edition SET uuid = coalesce(?, uuid), content_hash = ?, script = ? WHERE id = ? "
                      "RETURNING uuid");
  if (parent_hash) q.bind(1); else q.bind(1, edition_uuid(content_hash));
  q.bind(2, content_hash);
  q.bind(3, std::string(to_string(script)));
  q.bind(4, edition_id);
  q.executeStep();
  const std::string uuid = q.getColumn(0).getString();
  q.reset();
  record_version(uuid, content_hash, parent_hash, detail::utc_now());
}

void EditionRepository::record_version(const std::string& uuid, const std::string& hash,
                                       const std::optional<std::string>& parent, const std::string& made_at) {
  SQLite::Statement q(db_.sql(),
                      "INSERT INTO edition_version (edition_uuid, content_hash, parent_hash, made_at) "
                      "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
  q.bind(1, uuid);
  q.bind(2, hash);
  if (parent) q.bind(3, *parent); else q.bind(3);
  q.bind(4, made_at);
  q.exec();
}

bool EditionRepository::descends(const std::string& uuid, const std::string& newer, const std::string& older) const {
  SQLite::Statement q(db_.sql(),
                      "WITH RECURSIVE line(hash) AS (SELECT ?2 UNION SELECT v.parent_hash FROM edition_version v "
                      "JOIN line ON v.content_hash = line.hash WHERE v.edition_uuid = ?1 AND v.parent_hash IS NOT NULL) "
                      "SELECT 1 FROM line WHERE hash = ?3");
  q.bind(1, uuid);
  q.bind(2, newer);
  q.bind(3, older);
  return q.executeStep();
}

std::optional<Edition> EditionRepository::find_by_id(int64_t id) const { return find_one(db_, "WHERE e.id = ?", id); }

std::optional<Edition> EditionRepository::find_by_uuid(const std::string& uuid) const {
  return find_one(db_, "WHERE e.uuid = ?", uuid);
}

void EditionRepository::clear_content(int64_t edition_id) {
  // External-content FTS5 forgets a row only when told its old text.
  SQLite::Statement unindex(db_.sql(),
                            "INSERT INTO passage_fts (passage_fts, rowid, text, title, author) "
                            "SELECT 'delete', id, text, title, author FROM passage WHERE edition_id = ?");
  unindex.bind(1, edition_id);
  unindex.exec();
  for (const char* sql : {"DELETE FROM passage WHERE edition_id = ?", "DELETE FROM section WHERE edition_id = ?",
                          "DELETE FROM source_file WHERE edition_id = ?"}) {
    SQLite::Statement q(db_.sql(), sql);
    q.bind(1, edition_id);
    q.exec();
  }
}

void EditionRepository::move_content(int64_t from, int64_t to) {
  for (const char* sql : {"UPDATE passage SET edition_id = ?2 WHERE edition_id = ?1",
                          "UPDATE section SET edition_id = ?2 WHERE edition_id = ?1",
                          "UPDATE source_file SET edition_id = ?2 WHERE edition_id = ?1"}) {
    SQLite::Statement q(db_.sql(), sql);
    q.bind(1, from);
    q.bind(2, to);
    q.exec();
  }
}

void EditionRepository::set_hash(int64_t edition_id, const std::string& content_hash) {
  SQLite::Statement q(db_.sql(), "UPDATE edition SET content_hash = ? WHERE id = ?");
  q.bind(1, content_hash);
  q.bind(2, edition_id);
  q.exec();
}

void EditionRepository::set_script(int64_t edition_id, Script script) {
  SQLite::Statement q(db_.sql(), "UPDATE edition SET script = ? WHERE id = ?");
  q.bind(1, std::string(to_string(script)));
  q.bind(2, edition_id);
  q.exec();
}

void EditionRepository::date_by_version(int64_t edition_id, const std::string& uuid, const std::string& content_hash) {
  SQLite::Statement q(db_.sql(),
                      "UPDATE edition SET imported_at = (SELECT made_at FROM edition_version "
                      "WHERE edition_uuid = ? AND content_hash = ?) WHERE id = ?");
  q.bind(1, uuid);
  q.bind(2, content_hash);
  q.bind(3, edition_id);
  q.exec();
}

void EditionRepository::remove_empty(int64_t edition_id) {
  SQLite::Statement q(db_.sql(), "DELETE FROM edition WHERE id = ?");
  q.bind(1, edition_id);
  q.exec();
}

void EditionRepository::record_choice(const std::string& uuid, const std::string& dropped, const std::string& kept,
                                      const std::string& author, const std::string& at) {
  // The same choice made in two copies keeps the later time (and its
  // author) in both: when every head is dropped the newest choice holds
  // (rival_editions.h), and copies that kept each their own time chose
  // different texts for good.
  auto q = db_.cached(
      "INSERT INTO edition_choice (edition_uuid, dropped_hash, kept_hash, author, made_at) VALUES (?, ?, ?, ?, ?) "
      "ON CONFLICT (edition_uuid, dropped_hash, kept_hash) DO UPDATE SET author = excluded.author, "
      "made_at = excluded.made_at WHERE excluded.made_at > made_at "
      "OR (excluded.made_at = made_at AND excluded.author > author)");
  q->bind(1, uuid);
  q->bind(2, dropped);
  q->bind(3, kept);
  q->bind(4, author);
  q->bind(5, at);
  q->exec();
}

int64_t EditionRepository::add_source_file(int64_t edition_id, int64_t seq, const SourceFileRecord& f) {
  SQLite::Statement q(db_.sql(),
                      "INSERT INTO source_file (edition_id, seq, name, sha256, byte_size, encoding, format, markup) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, edition_id);
  q.bind(2, seq);
  q.bind(3, f.name);
  q.bind(4, f.sha256);
  q.bind(5, f.byte_size);
  q.bind(6, f.encoding);
  q.bind(7, f.format);
  detail::bind_optional(q, 8, f.markup);
  q.exec();
  return db_.sql().getLastInsertRowid();
}

bool EditionRepository::is_partial(const std::string& uuid) const {
  const auto c = detail::ChoiceLog(db_, detail::kEditionExtents).current(uuid);
  return c && c->value == std::optional<std::string>("partial");
}

void EditionRepository::set_partial(const std::string& uuid, bool partial, const std::string& note,
                                    const std::string& author) {
  if (is_partial(uuid) == partial) return;
  detail::ChoiceLog(db_, detail::kEditionExtents)
      .record(uuid, partial ? std::optional<std::string>("partial") : std::nullopt, note, author);
}

}  // namespace jiaozhu
