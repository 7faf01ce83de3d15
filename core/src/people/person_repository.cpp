#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>

#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/people.h"
#include "jiaozhu/query.h"
#include "jiaozhu/unicode.h"
#include "people/person_join.h"
#include "people/mention_choices.h"
#include "people/mention_index.h"
#include "people/cbdb_ids.h"
#include "people/person_rows.h"
#include "people/record_history.h"
#include "repo/deletion_store.h"
#include "util/clock.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace {

std::string folded_form(const std::string& form) { return detail::alias_folded(form); }

bool searchable(const std::string& form) {
  const std::u32string cps = to_code_points(form);
  return std::any_of(cps.begin(), cps.end(), [](char32_t c) { return is_han(c) || is_letter_or_digit(c); });
}

std::vector<int64_t> ids_of(SQLite::Statement& q) {
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
}

bool uuid_prefix(const std::string& who) {
  return who.size() >= 4 && who.size() <= 36 && std::all_of(who.begin(), who.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '-';
         });
}

// The character ids `who` names: by name, or by any alias form, folded;
// failing both, by the start of its uuid or of one of its aliases' uuids (as
// `characters --json` lists them), which is how two characters of one name
// are told apart.
std::vector<int64_t> resolve(Database& db, const std::string& who) {
  SQLite::Statement q(db.sql(),
                      "SELECT id FROM character WHERE name = ?1 UNION SELECT character_id FROM alias WHERE folded = ?2");
  q.bind(1, who);
  q.bind(2, folded_form(who));
  std::vector<int64_t> ids = ids_of(q);
  if (!ids.empty() || !uuid_prefix(who)) return ids;
  SQLite::Statement by_uuid(db.sql(),
                            "SELECT id FROM character WHERE uuid >= ?1 AND uuid < ?1 || '~' UNION "
                            "SELECT character_id FROM alias WHERE uuid >= ?1 AND uuid < ?1 || '~' LIMIT 6");
  by_uuid.bind(1, lower_ascii(who));
  return ids_of(by_uuid);
}

int64_t resolve_one(Database& db, const std::string& who) {
  const auto ids = resolve(db, who);
  if (ids.empty()) throw NotFound("no character is called '" + who + "' (add one with `jiaozhu character add`)");
  if (ids.size() > 1) {
    std::string names;
    SQLite::Statement q(db.sql(), "SELECT name, substr(uuid, 1, 8) FROM character WHERE id = ?");
    for (int64_t id : ids) {
      q.bind(1, id);
      if (q.executeStep()) names += (names.empty() ? "" : ", ") + q.getColumn(0).getString() + " (" + q.getColumn(1).getString() + ")";
      q.reset();
    }
    throw ConflictError("'" + who + "' names " + std::to_string(ids.size()) + " characters: " + names +
                        "; use a form only one of them has");
  }
  return ids.front();
}

// Passages whose text may hold `form`: the search index answers, script-blind.
std::vector<int64_t> candidate_passages(Database& db, const std::string& form) {
  SQLite::Statement q(db.sql(), "SELECT rowid FROM passage_fts WHERE passage_fts MATCH ?");
  q.bind(1, in_passage_text(to_fts5_query(form)));
  return ids_of(q);
}

std::string alias_uuid(Database& db, int64_t alias_id) {
  SQLite::Statement q(db.sql(), "SELECT uuid FROM alias WHERE id = ?");
  q.bind(1, alias_id);
  q.executeStep();
  return q.getColumn(0).getString();
}

// The alias `form` (folded) of character `character`, named `who` by the
// caller. Throws NotFound when it has none.
int64_t alias_of(Database& db, int64_t character, const std::string& who, const std::string& form) {
  SQLite::Statement q(db.sql(), "SELECT id FROM alias WHERE character_id = ? AND folded = ?");
  q.bind(1, character);
  q.bind(2, folded_form(form));
  if (!q.executeStep()) throw NotFound("'" + who + "' has no alias '" + form + "'");
  return q.getColumn(0).getInt64();
}

std::vector<int64_t> passages_of_alias(Database& db, int64_t alias_id) {
  SQLite::Statement q(db.sql(), "SELECT DISTINCT passage_id FROM mention WHERE alias_id = ?");
  q.bind(1, alias_id);
  return ids_of(q);
}

// A name or note about to be stored: refused, naming it, unless it meets
// the field's rules (field.h).
void require_sound(Field field, const std::string& value) {
  if (auto fault = field_fault(field, value)) throw UsageError(std::string(field_name(field)) + " " + *fault);
}

int64_t insert_alias(Database& db, int64_t character, const std::string& form, const std::string& kind,
                     const std::string& note, const std::string& author) {
  require_sound(Field::kPersonName, form);
  require_sound(Field::kAliasKind, kind);
  require_sound(Field::kPersonNote, note);
  int64_t id = 0;
  try {
    id = detail::insert_alias_row(db, {detail::random_uuid(), character, form, kind, note, detail::utc_now()});
  } catch (const SQLite::Exception& e) {
    if (e.getExtendedErrorCode() == SQLITE_CONSTRAINT_UNIQUE) throw ConflictError("the character has the alias '" + form + "' already");
    throw;
  }
  detail::RecordHistory(db, detail::RecordKind::kAlias).start(id, alias_uuid(db, id), author, detail::utc_now());
  return id;
}

// Heads that differ in value are a conflict; heads that agree are not.
std::vector<FieldVersion> conflicting(std::vector<FieldVersion> heads) {
  for (const FieldVersion& h : heads) {
    if (h.label != heads.front().label || h.note != heads.front().note) return heads;
  }
  return {};
}

Person load(Database& db, int64_t id) {
  Person c;
  SQLite::Statement q(db.sql(), "SELECT id, uuid, name, coalesce(note, '') FROM character WHERE id = ?");
  q.bind(1, id);
  if (!q.executeStep()) throw NotFound("no character " + std::to_string(id));
  c = {q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(), q.getColumn(3).getString(), {}, {}, {}, {}};
  SQLite::Statement a(db.sql(),
                      "SELECT a.id, a.uuid, a.form, a.kind, coalesce(a.note, ''), "
                      "(SELECT count(*) FROM mention m WHERE m.alias_id = a.id) FROM alias a "
                      "WHERE a.character_id = ? ORDER BY a.form <> ?, a.id");
  a.bind(1, id);
  a.bind(2, c.name);
  const detail::RecordHistory alias_history(db, detail::RecordKind::kAlias);
  while (a.executeStep()) {
    c.aliases.push_back({a.getColumn(0).getInt64(), a.getColumn(1).getString(), a.getColumn(2).getString(),
                         a.getColumn(3).getString(), a.getColumn(4).getString(), a.getColumn(5).getInt64(), false, {}});
    c.aliases.back().ambiguous = detail::alias_ambiguous(db, c.aliases.back().uuid);
    c.aliases.back().conflict = conflicting(alias_history.heads(c.aliases.back().id));
  }
  c.conflict = conflicting(detail::RecordHistory(db, detail::RecordKind::kPerson).heads(id));
  if (auto cbdb = detail::ChoiceLog(db, detail::kCbdbIds).current(c.uuid)) c.cbdb_id = cbdb->value;
  SQLite::Statement e(db.sql(),
                      "SELECT e.siglum, count(*) FROM mention m JOIN alias a ON a.id = m.alias_id "
                      "JOIN passage p ON p.id = m.passage_id JOIN edition e ON e.id = p.edition_id "
                      "WHERE a.character_id = ? GROUP BY e.id ORDER BY e.siglum");
  e.bind(1, id);
  while (e.executeStep()) c.per_edition.emplace_back(e.getColumn(0).getString(), e.getColumn(1).getInt64());
  return c;
}

}  // namespace

namespace {

int64_t insert_character(Database& db, const std::string& name, const std::string& note, const std::string& author) {
  require_sound(Field::kPersonName, name);
  require_sound(Field::kPersonNote, note);
  if (!searchable(name)) throw UsageError("'" + name + "': a character's name needs a character or letter to be found by");
  const std::string uuid = detail::random_uuid();
  const int64_t id = detail::insert_person_row(db, {uuid, name, note, detail::utc_now()});
  detail::RecordHistory(db, detail::RecordKind::kPerson).start(id, uuid, author, detail::utc_now());
  insert_alias(db, id, name, "name", "", author);
  return id;
}

}  // namespace

Person PersonRepository::add(const std::string& name, const std::string& note) {
  int64_t id = 0;
  db_.write([&] {
    id = insert_character(db_, name, note, writer());
    detail::MentionIndex(db_).refresh(candidate_passages(db_, name));
  });
  return load(db_, id);
}

int64_t PersonRepository::add_all(const std::vector<std::string>& names) {
  int64_t added = 0;
  db_.write([&] {
    SQLite::Statement exists(db_.sql(), "SELECT 1 FROM character WHERE name = ?");
    for (const std::string& name : names) {
      exists.bind(1, name);
      const bool known = exists.executeStep();
      exists.reset();
      if (known) continue;
      insert_character(db_, name, "", writer());
      ++added;
    }
    detail::MentionIndex(db_).rebuild();
  });
  return added;
}

const std::string& PersonRepository::writer() const {
  if (author_.empty()) throw NoAuthor();
  return author_;
}

PersonImportReport PersonRepository::import_persons(const std::vector<PersonRecord>& persons) {
  PersonImportReport report;
  report.persons = static_cast<int64_t>(persons.size());
  db_.write([&] {
    SQLite::Statement named(db_.sql(), "SELECT id, uuid FROM character WHERE name = ?");
    SQLite::Statement has(db_.sql(), "SELECT 1 FROM alias WHERE character_id = ? AND folded = ?");
    SQLite::Statement uuid_of(db_.sql(), "SELECT uuid FROM character WHERE id = ?");
    detail::ChoiceLog ids(db_, detail::kCbdbIds);
    const std::string& author = writer();
    for (const PersonRecord& p : persons) {
      named.bind(1, p.name);
      int64_t id = 0;
      if (named.executeStep()) {
        id = named.getColumn(0).getInt64();
      } else {
        id = insert_character(db_, p.name, "", author);
        ++report.persons_added;
      }
      named.reset();
      for (const auto& [form, kind] : p.aliases) {
        has.bind(1, id);
        has.bind(2, folded_form(form));
        const bool known = has.executeStep();
        has.reset();
        if (known || !searchable(form)) continue;
        insert_alias(db_, id, form, kind, "", author);
        ++report.aliases_added;
      }
      if (p.cbdb_id.empty()) continue;
      detail::check_cbdb_id(p.cbdb_id);
      uuid_of.bind(1, id);
      uuid_of.executeStep();
      const std::string uuid = uuid_of.getColumn(0).getString();
      uuid_of.reset();
      const auto current = ids.current(uuid);
      if (current && current->value == p.cbdb_id) continue;
      ids.record(uuid, p.cbdb_id, "", author);
      ++report.ids_recorded;
    }
    detail::MentionIndex(db_).rebuild();
  });
  return report;
}

Alias PersonRepository::add_alias(const std::string& who, const std::string& form, const std::string& kind,
                                     const std::string& note, bool ambiguous) {
  if (!searchable(form)) throw UsageError("an alias needs a character or letter to be found by");
  int64_t alias_id = 0;
  db_.write([&] {
    alias_id = insert_alias(db_, resolve_one(db_, who), form, kind.empty() ? "variant" : kind, note, writer());
    if (ambiguous) {
      detail::ChoiceLog(db_, detail::kAliasAmbiguities).record(alias_uuid(db_, alias_id), detail::kAmbiguous, "", writer());
    }
    detail::MentionIndex(db_).refresh(candidate_passages(db_, form));
  });
  SQLite::Statement q(db_.sql(), "SELECT uuid, kind, coalesce(note, ''), (SELECT count(*) FROM mention WHERE alias_id = ?1) FROM alias WHERE id = ?1");
  q.bind(1, alias_id);
  q.executeStep();
  return {alias_id, q.getColumn(0).getString(), form, q.getColumn(1).getString(), q.getColumn(2).getString(),
          q.getColumn(3).getInt64(), ambiguous, {}};
}

void PersonRepository::set_ambiguous(const std::string& who, const std::string& form, bool ambiguous,
                                     const std::string& note) {
  if (auto fault = field_fault(Field::kDecisionNote, note)) throw UsageError("the note " + *fault);
  db_.write([&] {
    const int64_t alias = alias_of(db_, resolve_one(db_, who), who, form);
    detail::ChoiceLog(db_, detail::kAliasAmbiguities)
        .record(alias_uuid(db_, alias), ambiguous ? std::optional<std::string>(detail::kAmbiguous) : std::nullopt, note,
                writer());
  });
}

Mention PersonRepository::choose_mention(const std::string& address, const std::string& who, std::optional<int64_t> at,
                                         const std::optional<std::string>& state, const std::string& note) {
  if (state) detail::check_mention_state(*state);
  if (auto fault = field_fault(Field::kDecisionNote, note)) throw UsageError("the note " + *fault);
  const Address where = parse_address(address);
  if (where.whole_edition() || where.first != where.last) throw UsageError("'" + address + "' is not one passage (S:N)");
  std::optional<Mention> chosen;
  db_.write([&] {
    const Person person = load(db_, resolve_one(db_, who));
    std::vector<Mention> here;
    for (Mention& m : mentions(person.uuid, where.siglum, true)) {
      if (m.address == format_address(where.siglum, where.first) && (!at || m.start == *at)) here.push_back(std::move(m));
    }
    if (here.empty()) {
      throw NotFound(address + " holds no mention of " + person.name + (at ? " at " + std::to_string(*at) : std::string()));
    }
    if (here.size() > 1 && !at) {
      // Only one awaiting a judgement (under an ambiguous alias): that one.
      std::vector<Mention> open;
      for (const Mention& m : here) {
        if (m.status != detail::kConfirmed) open.push_back(m);
      }
      if (open.size() == 1) here = std::move(open);
    }
    if (here.size() > 1) {
      std::string offsets;
      for (const Mention& m : here) offsets += (offsets.empty() ? "" : ", ") + std::to_string(m.start);
      throw UsageError(address + " holds " + std::to_string(here.size()) + " mentions of " + person.name +
                       " (at " + offsets + "); name one with --at");
    }
    const Edition e = EditionRepository(db_).get(where.siglum);
    detail::ChoiceLog(db_, detail::kMentionChoices)
        .record(detail::mention_uuid(person.uuid, e.uuid, where.first, here.front().start), state, note, writer());
    for (Mention& m : mentions(person.uuid, where.siglum, true)) {
      if (m.address == here.front().address && m.start == here.front().start) chosen = std::move(m);
    }
  });
  return *chosen;
}

void PersonRepository::remove_alias(const std::string& who, const std::string& form) {
  db_.write([&] {
    const int64_t alias = alias_of(db_, resolve_one(db_, who), who, form);
    const auto passages = passages_of_alias(db_, alias);
    detail::DeletionStore deletions(db_);
    const std::string author = writer(), at = detail::utc_now();
    for (const std::string& uuid : detail::RecordHistory(db_, detail::RecordKind::kAlias).identities(alias)) {
      deletions.bury("alias", uuid, author, at);
    }
    SQLite::Statement drop(db_.sql(), "DELETE FROM alias WHERE id = ?");
    drop.bind(1, alias);
    drop.exec();
    detail::MentionIndex(db_).refresh(passages);  // a shorter alias may now match there
  });
}

Person PersonRepository::merge(const std::string& into, const std::string& from, const PersonMoved& moved) {
  int64_t keep = 0;
  db_.write([&] {
    keep = resolve_one(db_, into);
    const int64_t gone = resolve_one(db_, from);
    if (keep == gone) throw ConflictError("'" + into + "' and '" + from + "' are one character already");
    const Person a = load(db_, keep), b = load(db_, gone);
    detail::DeletionStore deletions(db_);
    std::set<std::string> members = deletions.group(b.uuid);
    members.merge(deletions.group(a.uuid));
    const std::string author = writer(), at = detail::utc_now();
    detail::join_persons(db_, keep, gone, moved);
    // One edge from `from`, and one from each member of either group that
    // was merged into nothing (a character another copy joined here without
    // an edge): `into` is then the one such member, the survivor every copy
    // derives from these edges.
    deletions.redirect(b.uuid, a.uuid, author, at);
    for (const std::string& member : members) {
      if (member != a.uuid && !deletions.redirected(member)) deletions.redirect(member, a.uuid, author, at);
    }
    // The kept character's name, and both notes: one revision over the
    // histories the join brought together.
    std::string note = a.note;
    if (!b.note.empty() && b.note != a.note) note += (note.empty() ? "" : "\n") + b.note;
    detail::RecordHistory(db_, detail::RecordKind::kPerson).revise(keep, a.name, note, author, at);
    // Where `into` had been merged into another in a loop of merges made
    // apart, the group's survivor is the one every copy agrees on.
    keep = detail::settle_group(db_, a.uuid, moved).value_or(keep);
  });
  return load(db_, keep);
}

void PersonRepository::rename(const std::string& who, const std::string& new_name) { edit(who, new_name, std::nullopt); }

void PersonRepository::edit(const std::string& who, const std::optional<std::string>& name,
                               const std::optional<std::string>& note) {
  if (name) {
    require_sound(Field::kPersonName, *name);
    if (!searchable(*name)) throw UsageError("a character's name needs a character or letter to be found by");
  }
  if (note) require_sound(Field::kPersonNote, *note);
  db_.write([&] {
    const int64_t id = resolve_one(db_, who);
    const Person now = load(db_, id);
    detail::RecordHistory(db_, detail::RecordKind::kPerson)
        .revise(id, name.value_or(now.name), note.value_or(now.note), writer(), detail::utc_now());
    if (!name) return;
    // The new name is found in the text like the old one, which stays an alias.
    SQLite::Statement has(db_.sql(), "SELECT 1 FROM alias WHERE character_id = ? AND folded = ?");
    SQLite::Statement uuid_of(db_.sql(), "SELECT uuid FROM character WHERE id = ?");
    has.bind(1, id);
    has.bind(2, folded_form(*name));
    if (!has.executeStep()) {
      insert_alias(db_, id, *name, "name", "", writer());
      detail::MentionIndex(db_).refresh(candidate_passages(db_, *name));
    }
  });
}

void PersonRepository::edit_alias(const std::string& who, const std::string& form,
                                     const std::optional<std::string>& kind, const std::optional<std::string>& note) {
  if (kind) require_sound(Field::kAliasKind, *kind);
  if (note) require_sound(Field::kPersonNote, *note);
  db_.write([&] {
    const int64_t character = resolve_one(db_, who);
    SQLite::Statement q(db_.sql(), "SELECT id, kind, coalesce(note, '') FROM alias WHERE character_id = ? AND folded = ?");
    q.bind(1, character);
    q.bind(2, folded_form(form));
    if (!q.executeStep()) throw NotFound("'" + who + "' has no alias '" + form + "'");
    detail::RecordHistory(db_, detail::RecordKind::kAlias)
        .revise(q.getColumn(0).getInt64(), kind.value_or(q.getColumn(1).getString()),
                note.value_or(q.getColumn(2).getString()), writer(), detail::utc_now());
  });
}

std::vector<RecordConflict> PersonRepository::conflicts() const {
  std::vector<RecordConflict> out;
  for (int64_t id : detail::RecordHistory(db_, detail::RecordKind::kPerson).in_conflict()) {
    const Person c = load(db_, id);
    out.push_back({"character", c.uuid, c.name, "", c.conflict});
  }
  SQLite::Statement owner(db_.sql(), "SELECT character_id FROM alias WHERE id = ?");
  for (int64_t id : detail::RecordHistory(db_, detail::RecordKind::kAlias).in_conflict()) {
    owner.bind(1, id);
    owner.executeStep();
    const Person c = load(db_, owner.getColumn(0).getInt64());
    owner.reset();
    for (const Alias& a : c.aliases) {
      if (a.id == id) out.push_back({"alias", a.uuid, c.name, a.form, a.conflict});
    }
  }
  return out;
}

std::vector<Person> PersonRepository::list() const {
  SQLite::Statement q(db_.sql(), "SELECT id FROM character ORDER BY name, id");
  std::vector<Person> out;
  for (int64_t id : ids_of(q)) out.push_back(load(db_, id));
  return out;
}

Person PersonRepository::get(const std::string& who) const { return load(db_, resolve_one(db_, who)); }

std::vector<Mention> PersonRepository::mentions(const std::string& who, const std::optional<std::string>& siglum,
                                                bool include_rejected) const {
  const int64_t id = resolve_one(db_, who);
  if (siglum) EditionRepository(db_).get(*siglum);
  SQLite::Statement q(db_.sql(),
                      "SELECT e.siglum, p.seq, m.span_start, m.span_end, a.form, a.kind, "
                      "substr(p.text, m.span_start + 1, m.span_end - m.span_start), "
                      "substr(p.text, max(1, m.span_start - 7), min(m.span_start, 8) + (m.span_end - m.span_start) + 8), c.name, "
                      "a.uuid, c.uuid, e.uuid "
                      "FROM mention m JOIN alias a ON a.id = m.alias_id JOIN character c ON c.id = a.character_id JOIN passage p ON p.id = m.passage_id "
                      "JOIN edition e ON e.id = p.edition_id WHERE a.character_id = ? AND (? IS NULL OR e.siglum = ?) "
                      "ORDER BY e.siglum, p.seq, m.span_start");
  q.bind(1, id);
  if (siglum) { q.bind(2, *siglum); q.bind(3, *siglum); } else { q.bind(2); q.bind(3); }
  const std::map<std::string, std::string> chosen = detail::mention_states(db_);
  std::map<std::string, bool> ambiguous;  // alias uuid → marked so
  std::vector<Mention> out;
  while (q.executeStep()) {
    Mention m{format_address(q.getColumn(0).getString(), q.getColumn(1).getInt64()), q.getColumn(2).getInt64(),
              q.getColumn(3).getInt64(), q.getColumn(4).getString(), q.getColumn(5).getString(),
              q.getColumn(6).getString(), q.getColumn(7).getString(), q.getColumn(8).getString()};
    const std::string alias = q.getColumn(9).getString();
    if (!ambiguous.count(alias)) ambiguous[alias] = detail::alias_ambiguous(db_, alias);
    const auto it = chosen.find(
        detail::mention_uuid(q.getColumn(10).getString(), q.getColumn(11).getString(), q.getColumn(1).getInt64(), m.start));
    m.status = it != chosen.end() ? it->second : ambiguous[alias] ? "unconfirmed" : detail::kConfirmed;
    if (m.status == detail::kRejected && !include_rejected) continue;
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<Mention> PersonRepository::mentions_in(const std::string& siglum, int64_t first, int64_t last) const {
  const Edition e = EditionRepository(db_).get(siglum);
  SQLite::Statement q(db_.sql(),
                      "SELECT p.seq, m.span_start, m.span_end, a.form, a.kind, "
                      "substr(p.text, m.span_start + 1, m.span_end - m.span_start), c.name "
                      "FROM passage p JOIN mention m ON m.passage_id = p.id JOIN alias a ON a.id = m.alias_id "
                      "JOIN character c ON c.id = a.character_id "
                      "WHERE p.edition_id = ? AND p.seq BETWEEN ? AND ? ORDER BY p.seq, m.span_start");
  q.bind(1, e.id);
  q.bind(2, first);
  q.bind(3, last);
  std::vector<Mention> out;
  while (q.executeStep()) {
    out.push_back({format_address(e.siglum, q.getColumn(0).getInt64()), q.getColumn(1).getInt64(), q.getColumn(2).getInt64(),
                   q.getColumn(3).getString(), q.getColumn(4).getString(), q.getColumn(5).getString(), "",
                   q.getColumn(6).getString()});
  }
  return out;
}

void PersonRepository::rebuild_mentions() {
  db_.write([&] { detail::MentionIndex(db_).rebuild(); });
}

namespace detail {

void join_persons(Database& db, int64_t keep, int64_t gone, const PersonMoved& moved) {
  const Person a = load(db, keep), b = load(db, gone);
  std::vector<int64_t> touched;
  RecordHistory alias_history(db, RecordKind::kAlias);
  for (const Alias& alias : b.aliases) {
    SQLite::Statement same(db.sql(), "SELECT id, uuid FROM alias WHERE character_id = ? AND folded = ?");
    same.bind(1, keep);
    same.bind(2, folded_form(alias.form));
    if (!same.executeStep()) {
      SQLite::Statement move(db.sql(), "UPDATE alias SET character_id = ? WHERE id = ?");
      move.bind(1, keep);
      move.bind(2, alias.id);
      move.exec();
      continue;
    }
    // Both have this form: one alias. The row with the smaller uuid stays,
    // as merge decides between two copies of one form, so that every copy
    // agrees; the other's history joins it (its kind and note are kept, in
    // conflict when they differ).
    int64_t kept_id = same.getColumn(0).getInt64(), dropped_id = alias.id;
    if (alias.uuid < same.getColumn(1).getString()) std::swap(kept_id, dropped_id);
    const auto passages = passages_of_alias(db, alias.id);
    touched.insert(touched.end(), passages.begin(), passages.end());
    SQLite::Statement move(db.sql(), "UPDATE alias SET character_id = ? WHERE id = ?");
    move.bind(1, keep);
    move.bind(2, kept_id);
    SQLite::Statement drop(db.sql(), "DELETE FROM alias WHERE id = ?");
    drop.bind(1, dropped_id);
    alias_history.move(dropped_id, kept_id);
    drop.exec();
    move.exec();
  }
  // The histories of name and note join too; the caller may settle them.
  RecordHistory(db, RecordKind::kPerson).move(gone, keep);
  if (moved) moved(db, b.uuid, a.uuid);
  SQLite::Statement drop(db.sql(), "DELETE FROM character WHERE id = ?");
  drop.bind(1, gone);
  drop.exec();
  MentionIndex(db).refresh(touched);
}

std::optional<int64_t> settle_group(Database& db, const std::string& uuid, const PersonMoved& moved) {
  DeletionStore deletions(db);
  const std::string survivor = deletions.final_person(uuid);
  SQLite::Statement row(db.sql(), "SELECT id FROM character WHERE uuid = ?");
  std::vector<std::pair<std::string, int64_t>> here;  // uuid order: the survivor's row first if here
  for (const std::string& member : deletions.group(uuid)) {
    row.bind(1, member);
    if (row.executeStep()) here.emplace_back(member, row.getColumn(0).getInt64());
    row.reset();
  }
  if (here.empty()) return std::nullopt;
  const auto own = std::find_if(here.begin(), here.end(), [&](const auto& h) { return h.first == survivor; });
  const auto [keep_uuid, keep] = own != here.end() ? *own : here.front();
  for (const auto& [member, id] : here) {
    if (id != keep) join_persons(db, keep, id, moved);
  }
  if (keep_uuid != survivor) {
    SQLite::Statement rekey(db.sql(), "UPDATE character SET uuid = ? WHERE id = ?");
    rekey.bind(1, survivor);
    rekey.bind(2, keep);
    rekey.exec();
    if (moved) moved(db, keep_uuid, survivor);
  }
  return keep;
}

}  // namespace detail
}  // namespace jiaozhu
