#include "notes/note_store.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>
#include <unordered_set>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"
#include "align/collation_ids.h"
#include "align/link_store.h"
#include "notes/anchor_finder.h"
#include "notes/note_target_spec.h"
#include "notes/target_follower.h"

namespace jiaozhu::detail {
namespace {

// The one table of target names: as stored (note.target), exported and typed.
constexpr std::pair<NoteTarget, std::string_view> kTargetNames[] = {{NoteTarget::kSpan, "span"},
                                                                    {NoteTarget::kPassage, "passage"},
                                                                    {NoteTarget::kLink, "link"},
                                                                    {NoteTarget::kVariant, "variant"},
                                                                    {NoteTarget::kPerson, "character"}};

bool anchored(NoteTarget t) { return t == NoteTarget::kSpan || t == NoteTarget::kPassage; }

NoteRevision read_revision(Database& db, SQLite::Statement& q) {
  NoteRevision r;
  const int64_t id = q.getColumn(0).getInt64();
  r.uuid = q.getColumn(1).getString();
  r.author = q.getColumn(2).getString();
  r.created_at = q.getColumn(3).getString();
  r.motivation = q.getColumn(4).getString();
  r.body = q.getColumn(5).getString();
  r.deleted = q.getColumn(6).getInt() != 0;
  r.moved_to = q.getColumn(7).getString();
  auto parents = db.cached(
      "SELECT p.uuid FROM note_revision_parent x JOIN note_revision p ON p.id = x.parent_id "
      "WHERE x.revision_id = ? ORDER BY p.uuid");
  parents->bind(1, id);
  while (parents->executeStep()) r.parents.push_back(parents->getColumn(0).getString());
  auto tags = db.cached("SELECT tag FROM note_tag WHERE revision_id = ? ORDER BY tag");
  tags->bind(1, id);
  while (tags->executeStep()) r.tags.push_back(tags->getColumn(0).getString());
  return r;
}

std::vector<NoteRevision> read_revisions(Database& db, int64_t note_id, bool heads_only) {
  auto q = db.cached(
      "SELECT id, uuid, author, created_at, motivation, body, deleted, coalesce(moved_to, '') FROM note_revision "
      "WHERE note_id = ?1 AND (?2 = 0 OR head = 1) ORDER BY created_at, uuid");
  q->bind(1, note_id);
  q->bind(2, heads_only ? 1 : 0);
  std::vector<NoteRevision> out;
  while (q->executeStep()) out.push_back(read_revision(db, *q));
  return out;
}

// Orders revisions so that each comes after its parents (Kahn's algorithm;
// ties by time then uuid). Parents outside the list are already stored.
std::vector<const NoteRevision*> parents_first(const std::vector<NoteRevision>& revisions) {
  std::map<std::string, const NoteRevision*> by_uuid;
  for (const NoteRevision& r : revisions) {
    if (!by_uuid.emplace(r.uuid, &r).second) throw InputError("a note lists revision " + r.uuid + " twice");
  }
  std::map<std::string, int> waiting;
  std::multimap<std::string, std::string> children;
  auto key = [](const NoteRevision* r) { return r->created_at + '\x1f' + r->uuid; };
  std::set<std::pair<std::string, const NoteRevision*>> ready;
  for (const NoteRevision& r : revisions) {
    int n = 0;
    for (const std::string& p : r.parents) {
      if (by_uuid.count(p)) {
        ++n;
        children.emplace(p, r.uuid);
      }
    }
    waiting[r.uuid] = n;
    if (n == 0) ready.insert({key(&r), &r});
  }
  std::vector<const NoteRevision*> out;
  while (!ready.empty()) {
    const NoteRevision* r = ready.begin()->second;
    ready.erase(ready.begin());
    out.push_back(r);
    auto [lo, hi] = children.equal_range(r->uuid);
    for (auto it = lo; it != hi; ++it) {
      if (--waiting[it->second] == 0) ready.insert({key(by_uuid[it->second]), by_uuid[it->second]});
    }
  }
  if (out.size() != by_uuid.size()) throw InputError("the revisions of a note form a cycle");
  return out;
}

}  // namespace

const NoteRevision& newest_head(const std::vector<NoteRevision>& heads) {
  return *std::max_element(heads.begin(), heads.end(), [](const NoteRevision& a, const NoteRevision& b) {
    return std::tie(a.created_at, a.uuid) < std::tie(b.created_at, b.uuid);
  });
}

}  // namespace jiaozhu::detail

namespace jiaozhu {

std::string_view to_string(NoteTarget t) {
  for (const auto& [target, name] : detail::kTargetNames) {
    if (target == t) return name;
  }
  throw std::logic_error("a note target without a name");
}

}  // namespace jiaozhu

namespace jiaozhu::detail {

std::vector<std::string> sorted_tags(std::vector<std::string> tags) {
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  return tags;
}

NoteTarget parse_note_target(std::string_view name) {
  for (const auto& [target, known] : kTargetNames) {
    if (name == known) return target;
  }
  throw InputError("unknown note target '" + std::string(name) + "'");
}

std::optional<int64_t> NoteStore::find(const std::string& uuid) const {
  auto q = db_.cached("SELECT id FROM note WHERE uuid = ?");
  q->bind(1, uuid);
  if (!q->executeStep()) return std::nullopt;
  return q->getColumn(0).getInt64();
}

int64_t NoteStore::resolve_prefix(const std::string& prefix) const {
  if (prefix.empty()) throw UsageError("a note id is needed");
  // Fewer characters name a note only while a database is nearly empty: a
  // script that worked on it would pick the wrong note later.
  if (prefix.size() < 4) throw UsageError("note id '" + prefix + "' is too short: give at least 4 characters of it");
  std::string lower = prefix;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  // The uuid index answers a range: every uuid starting with the prefix
  // sorts between it and the prefix followed by '~' (above hex digits and '-').
  SQLite::Statement q(db_.sql(), "SELECT id, uuid FROM note WHERE uuid >= ?1 AND uuid < ?1 || '~' ORDER BY uuid LIMIT 6");
  q.bind(1, lower);
  std::vector<std::pair<int64_t, std::string>> found;
  while (q.executeStep()) found.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
  if (found.empty()) throw NotFound("no note has id " + prefix + " (see `jiaozhu notes`)");
  if (found.size() > 1) {
    std::string names;
    for (std::size_t i = 0; i < found.size() && i < 5; ++i) names += (i ? ", " : "") + found[i].second.substr(0, 13);
    throw UsageError("note id " + prefix + " is ambiguous: it begins " + names + (found.size() > 5 ? ", ..." : "") +
                     "; give more of it");
  }
  return found.front().first;
}

NoteStore::Placement NoteStore::placement(const NoteRecord& record) const {
  const Note& n = record.note;
  Placement p{std::nullopt, record.passage_seq, n.start, n.end, n.orphaned, "", std::nullopt};
  if (anchored(n.target)) {
    auto e = db_.cached("SELECT id FROM edition WHERE uuid = ?");
    e->bind(1, n.edition_uuid);
    if (!e->executeStep()) {
      throw NotFound("note " + n.uuid + " is on edition " + n.edition_uuid + " (" + n.address +
                     "), which this database does not hold; import that edition first");
    }
    p.edition_id = e->getColumn(0).getInt64();
    const AnchorPlace at = record.unplaceable ? AnchorPlace{p.seq, n.start, n.end, true}
                                              : find_anchor(db_, *p.edition_id, n.target, n.field, p.seq, n.start, selector_of(n));
    p.seq = at.seq;
    p.start = at.start;
    p.end = at.end;
    p.orphaned = at.orphaned;
  }
  // A passage note without the opening it was made on (a file from another
  // tool) takes the opening of the passage it is placed on now.
  if (n.target == NoteTarget::kPassage) {
    p.opening = n.exact.empty() && !p.orphaned ? passage_opening(db_, *p.edition_id, p.seq) : n.exact;
  }
  if (n.target == NoteTarget::kLink || n.target == NoteTarget::kVariant) {
    if (!n.target_key.empty()) p.key = n.target_key;
    else p.key = collation_target_key(db_, n.target, n.target_uuid, n.target_link_uuid);
  }
  return p;
}

// Binds the 16 target columns, from `first` on: target, edition_id,
// passage_seq, span_start, span_end, quote_exact, quote_prefix, quote_suffix,
// target_uuid, orphaned, target_link_uuid, passage_opening, target_key,
// span_field, region_page, region.
void NoteStore::bind_target(SQLite::Statement& q, int first, const Note& n, const Placement& p) {
  int i = first;
  q.bind(i++, std::string(to_string(n.target)));
  if (p.edition_id) q.bind(i++, *p.edition_id); else q.bind(i++);
  if (anchored(n.target)) q.bind(i++, p.seq); else q.bind(i++);
  const bool span = n.target == NoteTarget::kSpan;
  if (span) q.bind(i++, p.start); else q.bind(i++);
  if (span) q.bind(i++, p.end); else q.bind(i++);
  for (const std::string* quote : {&n.exact, &n.prefix, &n.suffix}) {
    if (span) q.bind(i++, *quote); else q.bind(i++);
  }
  if (anchored(n.target)) q.bind(i++); else q.bind(i++, n.target_uuid);
  q.bind(i++, p.orphaned ? 1 : 0);
  if (n.target == NoteTarget::kVariant && !n.target_link_uuid.empty()) q.bind(i++, n.target_link_uuid); else q.bind(i++);
  if (!p.opening.empty()) q.bind(i++, p.opening); else q.bind(i++);
  if (p.key) q.bind(i++, *p.key); else q.bind(i++);
  if (span && n.field != VariantField::kText) q.bind(i++, std::string(to_string(n.field))); else q.bind(i++);
  const bool region = n.target == NoteTarget::kPassage && !n.region.empty();
  if (region) q.bind(i++, n.region_page); else q.bind(i++);
  if (region) q.bind(i++, n.region); else q.bind(i++);
}

int64_t NoteStore::insert(const NoteRecord& record) {
  const Placement p = placement(record);
  auto q = db_.cached("INSERT INTO note (uuid, created_at, target, edition_id, passage_seq, span_start, span_end, "
                      "quote_exact, quote_prefix, quote_suffix, target_uuid, orphaned, target_link_uuid, "
                      "passage_opening, target_key, span_field, region_page, region) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  q->bind(1, record.note.uuid);
  q->bind(2, record.note.created_at);
  bind_target(*q, 3, record.note, p);
  q->exec();
  return db_.sql().getLastInsertRowid();
}

void NoteStore::retarget(int64_t note_id, const NoteRecord& target) {
  Placement p;
  try {
    p = placement(target);
  } catch (const NotFound&) {  // an edition this copy lacks: the note keeps its place, orphaned
    SQLite::Statement lost(db_.sql(), "UPDATE note SET orphaned = 1 WHERE id = ?");
    lost.bind(1, note_id);
    lost.exec();
    return;
  }
  SQLite::Statement q(db_.sql(),
                      "UPDATE note SET target = ?, edition_id = ?, passage_seq = ?, span_start = ?, span_end = ?, "
                      "quote_exact = ?, quote_prefix = ?, quote_suffix = ?, target_uuid = ?, orphaned = ?, "
                      "target_link_uuid = ?, passage_opening = ?, target_key = ?, span_field = ?, region_page = ?, "
                      "region = ? WHERE id = ?");
  bind_target(q, 1, target.note, p);
  q.bind(17, note_id);
  q.exec();
}

bool NoteStore::apply_moves(int64_t note_id) {
  auto q = db_.cached("SELECT moved_to FROM note_revision WHERE note_id = ? AND moved_to IS NOT NULL "
                      "ORDER BY created_at DESC, uuid DESC LIMIT 1");
  q->bind(1, note_id);
  if (!q->executeStep()) return false;
  NoteRecord target = parse_target_spec(q->getColumn(0).getString());
  q->reset();
  target.note.uuid = read(note_id).note.uuid;
  retarget(note_id, target);
  return true;
}

void NoteStore::append(int64_t note_id, const NoteRevision& r) {
  std::vector<int64_t> parent_ids;
  for (const std::string& p : r.parents) {
    auto q = db_.cached("SELECT id, note_id, head, deleted FROM note_revision WHERE uuid = ?");
    q->bind(1, p);
    if (!q->executeStep() || q->getColumn(1).getInt64() != note_id) {
      throw ConflictError("revision " + r.uuid + " names " + p + " as its parent, which is not a revision of its note");
    }
    parent_ids.push_back(q->getColumn(0).getInt64());
    const bool indexed = !deferred_after_ || parent_ids.back() <= *deferred_after_;
    if (q->getColumn(2).getInt() == 1 && q->getColumn(3).getInt() == 0 && indexed) {
      auto unindex = db_.cached("DELETE FROM note_fts WHERE rowid = ?");
      unindex->bind(1, parent_ids.back());
      unindex->exec();
    }
    auto demote = db_.cached("UPDATE note_revision SET head = 0 WHERE id = ?");
    demote->bind(1, parent_ids.back());
    demote->exec();
  }
  auto q = db_.cached("INSERT INTO note_revision (uuid, note_id, author, created_at, motivation, body, deleted, head, "
                      "moved_to) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)");
  q->bind(1, r.uuid);
  q->bind(2, note_id);
  q->bind(3, r.author);
  q->bind(4, r.created_at);
  q->bind(5, r.motivation);
  q->bind(6, r.body);
  q->bind(7, r.deleted ? 1 : 0);
  if (r.moved_to.empty()) q->bind(8); else q->bind(8, r.moved_to);
  q->exec();
  const int64_t id = db_.sql().getLastInsertRowid();
  for (int64_t parent : parent_ids) {
    auto link = db_.cached("INSERT INTO note_revision_parent (revision_id, parent_id) VALUES (?, ?) ON CONFLICT DO NOTHING");
    link->bind(1, id);
    link->bind(2, parent);
    link->exec();
  }
  for (const std::string& tag : r.tags) {
    auto t = db_.cached("INSERT INTO note_tag (revision_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING");
    t->bind(1, id);
    t->bind(2, tag);
    t->exec();
  }
  if (!r.deleted && !deferred_after_) {
    auto index = db_.cached("INSERT INTO note_fts (rowid, body) VALUES (?, ?)");
    index->bind(1, id);
    index->bind(2, r.body);
    index->exec();
  }
}

std::string revision_content(std::string_view author, std::string_view created_at, std::string_view motivation,
                             bool deleted, std::string_view body, std::string_view tags, std::string_view moved_to) {
  std::string out;
  for (std::string_view part : {author, created_at, motivation, std::string_view(deleted ? "1" : "0"), body}) {
    out.append(part);
    out += '\x1f';
  }
  out.append(tags);
  // Only a move adds a part: revisions made before schema 8 keep their content.
  if (!moved_to.empty()) out.append("\x1d").append(moved_to);
  return out;
}

std::string revision_content(const NoteRevision& r) {
  std::vector<std::string> tags = r.tags;
  std::sort(tags.begin(), tags.end());
  std::string joined;
  for (const std::string& t : tags) joined += (joined.empty() ? "" : "\x1f") + t;
  return revision_content(r.author, r.created_at, r.motivation, r.deleted, r.body, joined, r.moved_to);
}

void NoteStore::require_same_stored(int64_t note_id, const std::string& note_uuid, const NoteRevision& r) const {
  auto q = db_.cached(
      "SELECT r.id, r.uuid, r.author, r.created_at, r.motivation, r.body, r.deleted, coalesce(r.moved_to, ''), "
      "r.note_id, n.uuid "
      "FROM note_revision r JOIN note n ON n.id = r.note_id WHERE r.uuid = ?");
  q->bind(1, r.uuid);
  if (!q->executeStep()) return;
  if (q->getColumn(8).getInt64() != note_id) {
    throw ConflictError("revision " + r.uuid + " of note " + note_uuid + " is stored here as a revision of note " +
                        q->getColumn(9).getString());
  }
  if (revision_content(read_revision(db_, *q)) != revision_content(r)) {
    throw ConflictError("revision " + r.uuid + " of note " + note_uuid +
                        " is stored here with other content: one id cannot name two texts");
  }
}

AbsorbResult NoteStore::absorb(const NoteRecord& record, Revisions revisions) {
  AbsorbResult result;
  if (record.revisions.empty()) throw ConflictError("note " + record.note.uuid + " has no revision");
  std::optional<int64_t> id = find(record.note.uuid);
  if (!id) {
    id = insert(record);
    result.note_added = true;
  }
  result.note_id = *id;
  bool moved = false;
  for (const NoteRevision* r : parents_first(record.revisions)) {
    if (revisions == Revisions::kMaybeStored && has_revision(r->uuid)) {
      require_same_stored(*id, record.note.uuid, *r);
      continue;
    }
    append(*id, *r);
    ++result.revisions_added;
    moved = moved || !r->moved_to.empty();
  }
  if (moved) apply_moves(*id);
  return result;
}

void NoteStore::defer_indexing() {
  if (!deferred_after_) deferred_after_ = db_.sql().execAndGet("SELECT coalesce(max(id), 0) FROM note_revision").getInt64();
}

void NoteStore::finish_indexing() {
  if (!deferred_after_) return;
  SQLite::Statement q(db_.sql(),
                      "INSERT INTO note_fts (rowid, body) "
                      "SELECT id, body FROM note_revision WHERE id > ? AND head = 1 AND deleted = 0");
  q.bind(1, *deferred_after_);
  q.exec();
  deferred_after_.reset();
}

bool NoteStore::has_revision(const std::string& uuid) const {
  auto q = db_.cached("SELECT 1 FROM note_revision WHERE uuid = ?");
  q->bind(1, uuid);
  return q->executeStep();
}

std::vector<NoteRevision> NoteStore::revisions(int64_t note_id) const { return read_revisions(db_, note_id, false); }

std::vector<NoteRevision> NoteStore::heads(int64_t note_id) const { return read_revisions(db_, note_id, true); }

int64_t NoteStore::head_count(int64_t note_id) const {
  auto q = db_.cached("SELECT count(*) FROM note_revision WHERE note_id = ? AND head = 1");
  q->bind(1, note_id);
  q->executeStep();
  return q->getColumn(0).getInt64();
}

int64_t NoteStore::conflict_count() const {
  return db_.sql()
      .execAndGet("SELECT count(*) FROM (SELECT note_id FROM note_revision WHERE head = 1 GROUP BY note_id "
                  "HAVING count(*) > 1)")
      .getInt64();
}

NoteRecord NoteStore::read(int64_t note_id) const {
  // Cached: listings read every note.
  auto q = db_.cached("SELECT n.uuid, n.target, e.uuid, e.siglum, n.passage_seq, n.span_start, n.span_end, "
                      "coalesce(n.quote_exact, n.passage_opening, ''), n.quote_prefix, n.quote_suffix, n.target_uuid, n.orphaned, "
                      "n.created_at, n.target_link_uuid, n.target_key, coalesce(n.span_field, 'text'), "
                      "coalesce(n.region_page, ''), coalesce(n.region, '') "
                      "FROM note n LEFT JOIN edition e ON e.id = n.edition_id WHERE n.id = ?");
  q->bind(1, note_id);
  if (!q->executeStep()) throw NotFound("no note has local id " + std::to_string(note_id));
  NoteRecord r;
  Note& n = r.note;
  n.uuid = q->getColumn(0).getString();
  n.target = parse_note_target(q->getColumn(1).getString());
  n.edition_uuid = q->getColumn(2).getString();
  r.passage_seq = q->getColumn(4).getInt64();
  if (anchored(n.target)) n.address = q->getColumn(3).getString() + ":" + std::to_string(r.passage_seq);
  n.start = q->getColumn(5).getInt64();
  n.end = q->getColumn(6).getInt64();
  n.exact = q->getColumn(7).getString();
  n.prefix = q->getColumn(8).getString();
  n.suffix = q->getColumn(9).getString();
  n.target_uuid = q->getColumn(10).getString();
  n.orphaned = q->getColumn(11).getInt() != 0;
  n.created_at = q->getColumn(12).getString();
  n.target_link_uuid = q->getColumn(13).getString();
  n.target_key = q->getColumn(14).getString();
  n.field = parse_variant_field(q->getColumn(15).getString());
  n.region_page = q->getColumn(16).getString();
  n.region = q->getColumn(17).getString();
  return r;
}

std::vector<int64_t> NoteStore::ids(bool include_removed) const {
  SQLite::Statement q(db_.sql(),
                      "SELECT n.id FROM note n LEFT JOIN edition e ON e.id = n.edition_id "
                      "WHERE ?1 OR (SELECT r.deleted FROM note_revision r WHERE r.note_id = n.id AND r.head = 1 "
                      "             ORDER BY r.created_at DESC, r.uuid DESC LIMIT 1) = 0 "
                      "ORDER BY e.siglum, n.passage_seq, n.span_start, n.created_at, n.uuid");
  q.bind(1, include_removed ? 1 : 0);
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
}

void NoteStore::place(int64_t note_id, int64_t passage_seq, int64_t start, int64_t end, bool orphaned) {
  SQLite::Statement q(db_.sql(),
                      "UPDATE note SET passage_seq = ?, "
                      "span_start = CASE WHEN target = 'span' THEN ? END, span_end = CASE WHEN target = 'span' THEN ? END, "
                      "orphaned = ? WHERE id = ?");
  q.bind(1, passage_seq);
  q.bind(2, start);
  q.bind(3, end);
  q.bind(4, orphaned ? 1 : 0);
  q.bind(5, note_id);
  q.exec();
}

int64_t NoteStore::link_variant_notes() {
  std::unordered_set<std::string> wanted;
  SQLite::Statement q(db_.sql(), "SELECT target_uuid FROM note WHERE target = 'variant' AND target_link_uuid IS NULL");
  while (q.executeStep()) wanted.insert(q.getColumn(0).getString());
  int64_t filled = 0;
  SQLite::Statement u(db_.sql(),
                      "UPDATE note SET target_link_uuid = ? WHERE target = 'variant' AND target_uuid = ? "
                      "AND target_link_uuid IS NULL");
  for (const auto& [variant, link] : variant_links(db_, wanted)) {
    u.bind(1, link);
    u.bind(2, variant);
    filled += u.exec();
    u.reset();
  }
  return filled;
}

void NoteStore::move_edition_notes(int64_t from, int64_t to) {
  SQLite::Statement q(db_.sql(), "UPDATE note SET edition_id = ?2 WHERE edition_id = ?1");
  q.bind(1, from);
  q.bind(2, to);
  q.exec();
}

void NoteStore::move_character_notes(const std::string& from_uuid, const std::string& to_uuid) {
  SQLite::Statement q(db_.sql(), "UPDATE note SET target_uuid = ? WHERE target = 'character' AND target_uuid = ?");
  q.bind(1, to_uuid);
  q.bind(2, from_uuid);
  q.exec();
}

void NoteStore::reindex() {
  // Emptied below FTS5: a DELETE reads the index it removes tokens from,
  // and a damaged one either fails (ending the transaction) or leaves
  // damage behind.
  db_.empty_fts5_index("note_fts");
  db_.sql().exec("INSERT INTO note_fts (rowid, body) SELECT id, body FROM note_revision WHERE head = 1 AND deleted = 0");
}

// note_fts against the current revisions; a damaged index may throw at the
// first statement naming it.
void NoteStore::index_faults(std::vector<std::string>& out) const {
  auto count = [&](const char* sql) {
    SQLite::Statement q(db_.sql(), sql);
    q.executeStep();
    return q.getColumn(0).getInt64();
  };
  const int64_t live = count("SELECT count(*) FROM note_revision WHERE head = 1 AND deleted = 0");
  const int64_t indexed = count("SELECT count(*) FROM note_fts");
  const int64_t matching = count("SELECT count(*) FROM note_fts f JOIN note_revision r ON r.id = f.rowid "
                                 "WHERE r.head = 1 AND r.deleted = 0 AND r.body = f.body");
  if (live != indexed || matching != live) {
    out.push_back("the note search index holds " + std::to_string(indexed) + " bodies, not the " + std::to_string(live) +
                  " current ones (run `jiaozhu reindex`)");
  }
  if (!db_.read_only()) db_.sql().exec("INSERT INTO note_fts(note_fts, rank) VALUES ('integrity-check', 1)");
}

std::vector<std::string> NoteStore::faults() const {
  std::vector<std::string> out;
  auto count = [&](const char* sql) {
    SQLite::Statement q(db_.sql(), sql);
    q.executeStep();
    return q.getColumn(0).getInt64();
  };
  if (int64_t n = count("SELECT count(*) FROM note_revision r WHERE head <> NOT EXISTS "
                        "(SELECT 1 FROM note_revision_parent x WHERE x.parent_id = r.id)")) {
    out.push_back(std::to_string(n) + " note revisions are marked as heads wrongly: the note history is damaged");
  }
  if (int64_t n = count("SELECT count(*) FROM note_revision_parent x JOIN note_revision c ON c.id = x.revision_id "
                        "JOIN note_revision p ON p.id = x.parent_id WHERE c.note_id <> p.note_id OR p.id >= c.id")) {
    out.push_back(std::to_string(n) + " note revisions name a parent of another note or one stored after them");
  }
  if (int64_t n = count("SELECT count(*) FROM note n WHERE NOT EXISTS (SELECT 1 FROM note_revision r WHERE r.note_id = n.id)")) {
    out.push_back(std::to_string(n) + " notes have no revision");
  }
  if (int64_t n = count("SELECT count(*) FROM note n WHERE n.orphaned = 0 AND n.edition_id IS NOT NULL AND NOT EXISTS "
                        "(SELECT 1 FROM passage p WHERE p.edition_id = n.edition_id AND p.seq = n.passage_seq "
                        "AND (n.target <> 'span' OR n.span_end <= length(CASE n.span_field WHEN 'title' THEN p.title "
                        "WHEN 'author' THEN p.author ELSE p.text END)))")) {
    out.push_back(std::to_string(n) + " notes are anchored outside their passage's text, title or author line");
  }
  try {
    index_faults(out);
  } catch (const SQLite::Exception& e) {
    out.push_back(std::string("the note search index is damaged (") + e.what() + "); run `jiaozhu reindex`");
  }
  return out;
}

}  // namespace jiaozhu::detail
