// merge: another copy's editions, characters, links and notes into this one,
// in one transaction. Each kind is merged by its own function, in an order
// that has what a row refers to merged before it: editions, then
// characters and aliases, then links, then notes.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

#include "align/link_store.h"
#include "jiaozhu/address.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/variant_kind.h"
#include "align/kind_choice_table.h"
#include "repo/edition_datings.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "merge/foreign_database.h"
#include "merge/foreign_text.h"
#include "merge/incoming_notes.h"
#include "merge/rival_editions.h"
#include "notes/anchor_finder.h"
#include "notes/note_index.h"
#include "notes/note_store.h"
#include "people/cbdb_ids.h"
#include "repo/suggestion_dismissals.h"
#include "repo/section_paths.h"
#include "people/person_join.h"
#include "people/mention_index.h"
#include "people/person_rows.h"
#include "people/record_history.h"
#include "repo/deletion_store.h"
#include "repo/folding_change.h"
#include "util/sha256.h"
#include "util/clock.h"
#include "util/columns.h"
#include "util/content_hash.h"

namespace jiaozhu {
namespace {

// Thrown inside the transaction to roll a dry run back.
struct DryRun {};

struct Merge {
  Database& db;
  SQLite::Database& other;
  detail::ForeignText foreign;  // checked reads of the other file's text
  MergeReport& report;
  std::map<int64_t, int64_t> editions;               // other edition id -> local id
  std::map<std::string, std::string> edition_uuids;  // other edition uuid -> local uuid
  std::map<std::string, int64_t> characters;         // uuid -> local id
  std::map<std::string, int64_t> aliases;            // other alias uuid -> local id
  std::vector<std::string> redirected;               // other characters merged away, mapped after joins
  std::set<int64_t> new_editions;                    // local ids
  std::set<int64_t> stale_editions;                  // other ids whose text is older than this copy's
  bool aliases_added = false;

  [[noreturn]] void refuse(const std::string& what) const { foreign.refuse(what); }
  std::string text(SQLite::Statement& q, int column, Field field) const { return foreign.text(q, column, field); }
  std::optional<std::string> optional(SQLite::Statement& q, int column, Field field) const {
    return foreign.optional(q, column, field);
  }
};

// ---- editions ----

// A siglum for an incoming edition whose siglum names other content here:
// derived from its content, so that every merge order picks the same one.
std::string renamed_siglum(EditionRepository& editions, const std::string& siglum, const std::string& hash) {
  const std::string base = siglum.substr(0, 24);
  for (std::size_t digits = 6; digits <= 7; ++digits) {
    const std::string candidate = base + "-" + hash.substr(0, digits);
    if (!editions.find(candidate)) return candidate;
  }
  throw ConflictError("cannot find a free siglum for incoming edition " + siglum);
}

detail::SectionPaths foreign_sections(Merge& m, int64_t edition_id) {
  try {
    return detail::SectionPaths(m.other, edition_id);
  } catch (const InputError& e) {
    m.refuse(e.what());
  }
}

void copy_passages(Merge& m, int64_t from, int64_t to, const std::string& hash) {
  EditionRepository editions(m.db);
  std::map<int64_t, int64_t> sources;
  SQLite::Statement files(m.other,
                          "SELECT id, seq, name, sha256, byte_size, encoding, format, markup FROM source_file "
                          "WHERE edition_id = ? ORDER BY seq");
  files.bind(1, from);
  while (files.executeStep()) {
    SourceFileRecord f{m.text(files, 2, Field::kFileName), files.getColumn(3).getString(), files.getColumn(4).getInt64(),
                       files.getColumn(5).getString(), files.getColumn(6).getString(),
                       detail::optional_text(files.getColumn(7))};
    sources[files.getColumn(0).getInt64()] = editions.add_source_file(to, files.getColumn(1).getInt64(), f);
  }
  PassageAppender appender(m.db, to);
  detail::ContentHasher hasher;
  SQLite::Statement q(m.other,
                      "SELECT p.text, p.title, p.author, p.ref, p.source_line, p.source_id, p.seq, pp.section_id, pp.page, "
                      "pp.line FROM passage p LEFT JOIN passage_place pp ON pp.passage_id = p.id "
                      "WHERE p.edition_id = ? ORDER BY p.seq");
  const detail::SectionPaths sections = foreign_sections(m, from);
  q.bind(1, from);
  // Passages are addressed by number: a gap would shift every link and note
  // after it by one passage.
  int64_t expected_seq = 1;
  while (q.executeStep()) {
    if (q.getColumn(6).getInt64() != expected_seq++) {
      m.refuse("its passages are not numbered 1 to N: number " + std::to_string(expected_seq - 1) + " is missing");
    }
    PassageDraft d;
    d.text = m.text(q, 0, Field::kPassageText);
    d.title = m.optional(q, 1, Field::kPassageLabel);
    d.author = m.optional(q, 2, Field::kPassageLabel);
    d.ref = m.optional(q, 3, Field::kPassageLabel);
    if (!q.getColumn(4).isNull()) d.source_line = q.getColumn(4).getInt64();
    if (!q.getColumn(7).isNull()) {
      try {
        d.section = sections.path(q.getColumn(7).getInt64());
      } catch (const InputError& e) {
        m.refuse(e.what());
      }
    }
    d.page = m.optional(q, 8, Field::kPassageLabel);
    d.line = m.optional(q, 9, Field::kPassageLabel);
    if (auto fault = passage_fault(d)) m.refuse("passage " + std::to_string(expected_seq - 1) + ": " + *fault);
    if (to_nfc(d.text) != d.text) m.refuse("a passage is not NFC-normalized");
    const auto source = sources.find(q.getColumn(5).getInt64());
    if (source == sources.end()) m.refuse("a passage names a source file of another edition");
    hasher.add_passage(d.text, d.title, d.author, d.ref);
    hasher.add_structure(d.section, d.page, d.line);
    appender.append(d, source->second);
  }
  if (expected_seq == 1) m.refuse("an edition has no passages");
  if (hasher.hex() != hash) m.refuse("an edition's passages do not match its content hash");
  m.report.passages_added += appender.count();
}

// Every version row of the other copy's editions: what lets an edition's
// newer text be told from another edition's.
void merge_versions(Merge& m) {
  EditionRepository editions(m.db);
  SQLite::Statement q(m.other, "SELECT edition_uuid, content_hash, parent_hash, made_at FROM edition_version");
  while (q.executeStep()) {
    std::optional<std::string> parent;
    if (!q.getColumn(2).isNull()) parent = q.getColumn(2).getString();
    const std::string hash = q.getColumn(1).getString();
    if (!is_sha256_hex(hash) || (parent && !is_sha256_hex(*parent))) m.refuse("an edition version's hash is not 64 hex digits");
    editions.record_version(m.text(q, 0, Field::kUuid), hash, parent, m.text(q, 3, Field::kTimestamp));
  }
}

// The other copy's choices between rival versions (edition_choice).
void merge_choices(Merge& m) {
  SQLite::Statement q(m.other, "SELECT edition_uuid, dropped_hash, kept_hash, author, made_at FROM edition_choice");
  EditionRepository editions(m.db);
  while (q.executeStep()) {
    const std::string dropped = q.getColumn(1).getString(), kept = q.getColumn(2).getString();
    if (!is_sha256_hex(dropped) || !is_sha256_hex(kept) || dropped == kept) m.refuse("a choice between versions names no version");
    editions.record_choice(m.text(q, 0, Field::kUuid), dropped, kept, m.text(q, 3, Field::kAuthor),
                           m.text(q, 4, Field::kTimestamp));
  }
}

struct OtherEdition {
  int64_t id = 0;
  std::string uuid, hash;
  Script script = Script::kUnknown;
};

// Copies the other copy's text `hash` into the empty local edition `into`.
bool copy_version(Merge& m, const std::vector<OtherEdition>& theirs, const std::string& hash, int64_t into) {
  const auto it = std::find_if(theirs.begin(), theirs.end(), [&](const OtherEdition& e) { return e.hash == hash; });
  if (it == theirs.end()) return false;
  copy_passages(m, it->id, into, hash);
  EditionRepository(m.db).set_script(into, it->script);
  return true;
}

// An edition both copies hold: the newest head of its versions becomes its
// text here, other heads rival editions beside it (rival_editions.h).
void reconcile_shared(Merge& m, const std::string& uuid, const std::vector<OtherEdition>& theirs) {
  const auto r = detail::reconcile_edition(m.db, uuid, [&](const std::string& hash, int64_t into) {
    return copy_version(m, theirs, hash, into);
  });
  const EditionRepository editions(m.db);
  // A rival edition whose text reconciling its edition, just before, made
  // the shown one (or dropped) is gone: nothing of it is left to reconcile.
  const auto found = editions.find_by_uuid(uuid);
  if (!found) return;
  const Edition& local = *found;
  if (r.text_changed) {
    m.new_editions.insert(local.id);
    ++m.report.editions_replaced;
  }
  for (int64_t id : r.added) {
    m.new_editions.insert(id);
    m.report.differences.push_back("edition " + local.siglum + " was replaced in two copies from one text: the other text is " +
                                   editions.find_by_id(id).value().siglum + " until `jiaozhu edition resolve " +
                                   local.siglum + "`");
  }
}

// Where each of the other copy's editions is here: the edition of the same
// identity (notes on it are on it here, whatever text it shows), marked
// stale when its text here is another, so that its links, made on that
// text, are not brought in; a rival text this copy dropped or lacks maps to
// its edition, stale; an edition of another identity with the same text
// (the same source imported apart) is that edition.
void map_edition(Merge& m, const OtherEdition& e) {
  EditionRepository editions(m.db);
  std::optional<Edition> local = editions.find_by_uuid(e.uuid);
  bool stale = local && local->content_hash != e.hash;
  if (!local) {
    if (auto rival = detail::rival_of(m.db, e.uuid)) {
      local = editions.find_by_uuid(rival->second);
      stale = true;
    } else {
      local = editions.find_by_content(e.hash);
    }
  }
  if (!local) m.refuse("edition " + e.uuid + " is of no edition this merge brought in");
  m.editions[e.id] = local->id;
  m.edition_uuids[e.uuid] = local->uuid;
  if (stale) m.stale_editions.insert(e.id);
}

void merge_editions(Merge& m) {
  merge_versions(m);
  merge_choices(m);
  EditionRepository editions(m.db);
  SQLite::Statement q(m.other,
                      "SELECT e.id, e.uuid, w.name, e.siglum, coalesce(e.title, ''), e.script, e.content_hash "
                      "FROM edition e JOIN work w ON w.id = e.work_id ORDER BY e.id");
  std::vector<OtherEdition> theirs;
  std::set<std::string> shared;
  while (q.executeStep()) {
    OtherEdition e{q.getColumn(0).getInt64(), m.text(q, 1, Field::kUuid), q.getColumn(6).getString(), Script::kUnknown};
    try {
      e.script = parse_script(q.getColumn(5).getString());
    } catch (const UsageError&) {
      m.refuse("edition " + e.uuid + " has an unknown script");
    }
    theirs.push_back(e);
    if (editions.find_by_uuid(e.uuid)) {
      shared.insert(e.uuid);
      continue;
    }
    // A rival text of an edition here (or brought in just before it, in id order).
    if (editions.find_by_content(e.hash) || detail::rival_of(m.db, e.uuid)) continue;  // mapped below
    const std::string work = m.text(q, 2, Field::kWork);
    std::string siglum = m.text(q, 3, Field::kTitle);
    if (!valid_siglum(siglum)) m.refuse("'" + siglum + "' is not a valid siglum");
    if (editions.find(siglum)) {
      const std::string renamed = renamed_siglum(editions, siglum, e.hash);
      m.report.renamed.push_back(siglum + " -> " + renamed);
      siglum = renamed;
    }
    SQLite::Statement known(m.db.sql(), "SELECT 1 FROM work WHERE name = ?");
    known.bind(1, work);
    if (!known.executeStep()) ++m.report.works_added;
    const int64_t id = editions.insert({siglum, work, m.text(q, 4, Field::kTitle), e.script, e.hash, e.uuid});
    copy_passages(m, e.id, id, e.hash);
    editions.record_version(e.uuid, e.hash, std::nullopt, detail::utc_now());
    m.new_editions.insert(id);
    ++m.report.editions_added;
    shared.insert(e.uuid);  // its rival texts, if the other copy has any, come beside it
  }
  for (const std::string& uuid : shared) reconcile_shared(m, uuid, theirs);
  for (const OtherEdition& e : theirs) map_edition(m, e);
}

// ---- deletions ----

// Removes the alias here that has been `uuid` (its own, or that of an alias
// joined into it), burying every identity it has had: the alias is gone in
// whatever copy still holds it under one of them.
void remove_alias_identity(Merge& m, const std::string& uuid, const std::string& author, const std::string& at) {
  SQLite::Statement q(m.db.sql(),
                      "SELECT id FROM alias WHERE uuid = ?1 UNION SELECT alias_id FROM record_revision "
                      "WHERE written_for = ?1 AND alias_id IS NOT NULL");
  q.bind(1, uuid);
  std::vector<int64_t> ids;
  while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
  detail::RecordHistory history(m.db, detail::RecordKind::kAlias);
  detail::DeletionStore deletions(m.db);
  for (int64_t id : ids) {
    for (const std::string& identity : history.identities(id)) deletions.bury("alias", identity, author, at);
    detail::delete_alias_row(m.db, id);
    ++m.report.removed;
    m.aliases_added = true;  // the mentions are rebuilt
  }
}

// The other copy's tombstones and redirects, added here; then what they
// remove is removed here: aliases and links by uuid, characters joined into
// the character they became. Runs before characters, aliases and links are
// merged, so that none of what was removed comes back.
void merge_deletions(Merge& m) {
  detail::DeletionStore deletions(m.db);
  SQLite::Statement tombs(m.other, "SELECT uuid, kind, author, removed_at FROM tombstone ORDER BY uuid");
  while (tombs.executeStep()) {
    const std::string kind = tombs.getColumn(1).getString();
    if (kind == "fold_rule") continue;  // merge_fold_rules: the later of a rule and its removal wins
    if (kind != "alias" && kind != "link") m.refuse("a tombstone has the unknown kind '" + kind + "'");
    const std::string uuid = m.text(tombs, 0, Field::kUuid);
    const std::string author = m.text(tombs, 2, Field::kAuthor), at = m.text(tombs, 3, Field::kTimestamp);
    deletions.bury(kind, uuid, author, at);
    if (kind == "alias") {
      remove_alias_identity(m, uuid, author, at);
      continue;
    }
    if (detail::delete_link(m.db, uuid)) ++m.report.removed;
  }
  SQLite::Statement redirects(m.other,
                              "SELECT from_uuid, to_uuid, author, merged_at FROM character_redirect ORDER BY from_uuid");
  while (redirects.executeStep()) {
    const std::string from = m.text(redirects, 0, Field::kUuid), to = m.text(redirects, 1, Field::kUuid);
    if (from == to) m.refuse("character " + from + " is redirected to itself");
    deletions.redirect(from, to, m.text(redirects, 2, Field::kAuthor), m.text(redirects, 3, Field::kTimestamp));
  }
}

// ---- characters and aliases ----

// The local id of the character `uuid` became (through redirects), if here.
std::optional<int64_t> local_character(Merge& m, const std::string& uuid) {
  SQLite::Statement q(m.db.sql(), "SELECT id FROM character WHERE uuid = ?");
  q.bind(1, detail::DeletionStore(m.db).final_person(uuid));
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getInt64();
}

void merge_persons(Merge& m) {
  SQLite::Statement q(m.other, "SELECT uuid, name, coalesce(note, ''), created_at FROM character ORDER BY uuid");
  detail::DeletionStore deletions(m.db);
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid), name = m.text(q, 1, Field::kPersonName),
                      note = m.text(q, 2, Field::kPersonNote);
    if (deletions.final_person(uuid) != uuid) {  // merged away: it stays away
      m.redirected.push_back(uuid);
      continue;
    }
    SQLite::Statement local(m.db.sql(), "SELECT id FROM character WHERE uuid = ?");
    local.bind(1, uuid);
    if (local.executeStep()) {
      m.characters[uuid] = local.getColumn(0).getInt64();  // its fields come with its history
      continue;
    }
    SQLite::Statement same(m.db.sql(), "SELECT uuid FROM character WHERE name = ? LIMIT 1");
    same.bind(1, name);
    if (same.executeStep()) {
      m.report.possible_duplicates.push_back("character " + name + ": " + same.getColumn(0).getString().substr(0, 8) +
                                             " here and " + uuid.substr(0, 8) + " there (`jiaozhu character merge`)");
    }
    m.characters[uuid] = detail::insert_person_row(m.db, {uuid, name, note, m.text(q, 3, Field::kTimestamp)});
    ++m.report.characters_added;
  }
}

// Gives local alias `id` the identity of incoming alias row `q` (the
// smaller uuid of the two, in every copy); its fields come with its history.
void adopt_alias(Merge& m, SQLite::Statement& q, int64_t id) {
  detail::set_alias_identity(m.db, id, m.text(q, 0, Field::kUuid), m.text(q, 5, Field::kTimestamp));
}

// Whether any identity the other copy's alias `uuid` has had is buried here.
bool alias_buried(Merge& m, detail::DeletionStore& deletions, const std::string& uuid) {
  if (deletions.buried(uuid)) return true;
  SQLite::Statement q(m.other,
                      "SELECT r.written_for FROM record_revision r JOIN alias a ON a.id = r.alias_id WHERE a.uuid = ?");
  q.bind(1, uuid);
  while (q.executeStep()) {
    if (deletions.buried(q.getColumn(0).getString())) return true;
  }
  return false;
}

void merge_aliases(Merge& m) {
  detail::DeletionStore deletions(m.db);
  SQLite::Statement q(m.other,
                      "SELECT a.uuid, c.uuid, a.form, a.kind, coalesce(a.note, ''), a.created_at "
                      "FROM alias a JOIN character c ON c.id = a.character_id ORDER BY a.uuid");
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid);
    SQLite::Statement known(m.db.sql(), "SELECT id FROM alias WHERE uuid = ?");
    known.bind(1, uuid);
    if (known.executeStep()) {
      m.aliases[uuid] = known.getColumn(0).getInt64();
      continue;
    }
    if (alias_buried(m, deletions, uuid)) continue;
    const std::string form = m.text(q, 2, Field::kPersonName), folded = detail::alias_folded(form);
    const auto mapped = m.characters.find(q.getColumn(1).getString());
    if (mapped == m.characters.end()) continue;  // of a character merged into one neither copy holds
    const int64_t character = mapped->second;
    SQLite::Statement others(m.db.sql(),
                             "SELECT c.name, a.character_id, a.id, a.uuid FROM alias a "
                             "JOIN character c ON c.id = a.character_id WHERE a.folded = ?");
    others.bind(1, folded);
    bool on_this_character = false;
    while (others.executeStep()) {
      if (others.getColumn(1).getInt64() == character) {
        // The same form added to one character on both sides: both copies
        // keep the row with the smaller uuid, so that they agree.
        on_this_character = true;
        m.aliases[uuid] = others.getColumn(2).getInt64();
        if (uuid < others.getColumn(3).getString()) adopt_alias(m, q, others.getColumn(2).getInt64());
      } else if (q.getColumn(3).getString() != "name") {  // a same-named character is reported already
        m.report.possible_duplicates.push_back("alias " + form + " names " + others.getColumn(0).getString() +
                                               " here and another character there");
      }
    }
    if (on_this_character || folded.empty()) continue;  // the same form, added on both sides
    m.aliases[uuid] = detail::insert_alias_row(
        m.db, {uuid, character, form, m.text(q, 3, Field::kAliasKind), m.text(q, 4, Field::kPersonNote),
               m.text(q, 5, Field::kTimestamp)});
    ++m.report.aliases_added;
    m.aliases_added = true;
  }
}

// The other copy's revisions of the characters' and aliases' fields, under
// the local records they map to (after the records are merged); records
// given another head show their winning one.
void merge_history(Merge& m, detail::RecordKind kind) {
  const bool person = kind == detail::RecordKind::kPerson;
  const std::map<std::string, int64_t>& local = person ? m.characters : m.aliases;
  const std::string owner = person ? "character" : "alias", column = person ? "name" : "kind";
  detail::RecordHistory history(m.db, kind);
  SQLite::Statement q(m.other, "SELECT r.uuid, o.uuid, r.written_for, r." + column + ", coalesce(r.note, ''), r.author, "
                               "r.made_at, r.id FROM record_revision r JOIN " + owner + " o ON o.id = r." + owner + "_id "
                               "ORDER BY r.id");
  SQLite::Statement parents(m.other, "SELECT p.uuid FROM record_revision_parent x JOIN record_revision p "
                                     "ON p.id = x.parent_id WHERE x.revision_id = ?");
  std::vector<detail::RecordRevision> added;
  std::set<int64_t> touched;
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid);
    const auto record = local.find(q.getColumn(1).getString());
    if (record == local.end() || history.known(uuid)) continue;
    detail::RecordRevision r{{uuid, m.text(q, 3, Field::kPersonName), m.text(q, 4, Field::kPersonNote),
                              m.text(q, 5, Field::kAuthor), m.text(q, 6, Field::kTimestamp)},
                             m.text(q, 2, Field::kUuid), {}};
    parents.bind(1, q.getColumn(7).getInt64());
    while (parents.executeStep()) r.parents.push_back(parents.getColumn(0).getString());
    parents.reset();
    history.absorb(record->second, r);
    touched.insert(record->second);
    added.push_back(std::move(r));
  }
  for (const detail::RecordRevision& r : added) {
    if (!history.link_parents(r)) m.refuse("revision " + r.version.uuid + " of " + owner + " names a parent of another record");
  }
  for (int64_t record : touched) history.settle(record);
}

// The characters here of every group that redirects made (some copy merged
// them) become one row under the group's survivor; the other copy's
// characters merged away map to it. After merge_persons, which brings
// the survivors this copy lacks.
void join_redirected(Merge& m) {
  SQLite::Statement local(m.db.sql(),
                          "SELECT c.uuid, c.id FROM character c WHERE EXISTS (SELECT 1 FROM character_redirect r "
                          "WHERE r.from_uuid = c.uuid OR r.to_uuid = c.uuid) ORDER BY c.uuid");
  std::vector<std::pair<std::string, int64_t>> grouped;
  while (local.executeStep()) grouped.emplace_back(local.getColumn(0).getString(), local.getColumn(1).getInt64());
  auto count = [&] { return m.db.sql().execAndGet("SELECT count(*) FROM character").getInt64(); };
  const int64_t before = count();
  SQLite::Statement alive(m.db.sql(), "SELECT 1 FROM character WHERE id = ?");
  for (const auto& [uuid, id] : grouped) {
    alive.bind(1, id);
    const bool still = alive.executeStep();
    alive.reset();
    if (still) {  // else joined with an earlier one of its group
      detail::settle_group(m.db, uuid, [](Database& d, const std::string& from, const std::string& to) {
        detail::NoteStore(d).move_character_notes(from, to);
      });
    }
  }
  const int64_t joined = before - count();
  m.report.removed += joined;
  if (joined > 0) m.aliases_added = true;
  for (const std::string& uuid : m.redirected) {
    if (auto id = local_character(m, uuid)) m.characters[uuid] = *id;
  }
}

// ---- links ----

struct IncomingLink {
  std::string uuid;
  bool manual = false, moved = false, stale = false;
  std::vector<std::pair<int64_t, int64_t>> passages;  // local edition id, seq
};

std::vector<IncomingLink> read_links(Merge& m) {
  SQLite::Statement q(m.other,
                      "SELECT l.uuid, l.origin, l.moved, p.edition_id, p.seq FROM link l "
                      "JOIN link_passage lp ON lp.link_id = l.id JOIN passage p ON p.id = lp.passage_id "
                      "ORDER BY l.id, p.edition_id, p.seq");
  std::vector<IncomingLink> out;
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid);
    if (out.empty() || out.back().uuid != uuid) {
      out.push_back({uuid, q.getColumn(1).getString() == "manual", q.getColumn(2).getInt() == 1, false, {}});
    }
    const auto edition = m.editions.find(q.getColumn(3).getInt64());
    if (edition == m.editions.end()) m.refuse("link " + uuid + " joins a passage of no edition");
    if (m.stale_editions.count(q.getColumn(3).getInt64())) {
      out.back().passages.clear();  // a link on an older text of an edition: align again instead
      out.back().stale = true;
      continue;
    }
    if (out.back().stale) continue;
    out.back().passages.emplace_back(edition->second, q.getColumn(4).getInt64());
  }
  return out;
}

bool link_known(Database& db, const std::string& uuid) {
  SQLite::Statement q(db.sql(), "SELECT 1 FROM link WHERE uuid = ?");
  q.bind(1, uuid);
  return q.executeStep();
}

bool editions_linked(Database& db, int64_t a, int64_t b) {
  SQLite::Statement q(db.sql(), std::string("SELECT 1 FROM link l WHERE ") + detail::kLinkJoinsEditions + " LIMIT 1");
  q.bind(":ea", a);
  q.bind(":eb", b);
  return q.executeStep();
}

// Brings in manual links the other copy made, and the automatic links of an
// edition pair this copy has not aligned.
void merge_links(Merge& m) {
  const auto links = read_links(m);
  std::map<int64_t, std::vector<detail::CollatedPassage>> texts;
  std::map<std::pair<int64_t, int64_t>, bool> aligned_here;
  detail::LinkWriter writer(m.db);
  std::vector<int64_t> counts(kVariantClassCount, 0);
  detail::DeletionStore deletions(m.db);
  for (const IncomingLink& l : links) {
    if (l.passages.empty() || link_known(m.db, l.uuid) || deletions.buried(l.uuid)) continue;
    const int64_t ea = l.passages.front().first;
    const auto other_side = std::find_if(l.passages.begin(), l.passages.end(), [&](const auto& p) { return p.first != ea; });
    if (other_side == l.passages.end()) continue;
    const int64_t eb = other_side->first;
    if (!l.manual) {
      auto [it, fresh] = aligned_here.try_emplace({ea, eb}, false);
      if (fresh) it->second = editions_linked(m.db, ea, eb);
      if (it->second) continue;
    }
    detail::LinkDraft draft;
    draft.manual = l.manual;
    draft.moved = l.moved;
    for (int64_t e : {ea, eb}) {
      if (!texts.count(e)) texts[e] = detail::load_passages(m.db, e);
    }
    for (const auto& [edition, seq] : l.passages) {
      const auto& ps = texts[edition];
      if (seq < 1 || seq > static_cast<int64_t>(ps.size())) m.refuse("a link names a passage its edition lacks");
      (edition == ea ? draft.a : draft.b).push_back(&ps[static_cast<std::size_t>(seq - 1)]);
    }
    if (l.manual) {
      for (const auto* side : {&draft.a, &draft.b}) {
        for (const detail::CollatedPassage* p : *side) detail::delete_auto_links_of_passage(m.db, p->id);
      }
    }
    const EditionRepository editions(m.db);
    const Edition a = editions.find_by_id(ea).value(), b = editions.find_by_id(eb).value();
    writer.store(draft, a.uuid, b.uuid, detail::collation_rules(m.db, a, b), counts);
    ++m.report.links_added;
  }
  writer.flush();
}

// ---- fold rules ----

// The other copy's rules and their removals: of a rule and its tombstone, in
// either copy, the later wins (a rule stated again after its removal lives
// again). Then the search indexes follow the folding the rules now make, so
// that the passages and links merged next are indexed and classed with it.
void merge_fold_rules(Merge& m) {
  FoldRuleRepository rules(m.db);
  SQLite::Statement rows(m.other, "SELECT uuid, form, standard, coalesce(source, ''), coalesce(note, ''), author, "
                                  "added_at FROM fold_rule ORDER BY uuid");
  while (rows.executeStep()) {
    FoldRule r{m.text(rows, 0, Field::kUuid),     m.text(rows, 1, Field::kFoldForm),
               m.text(rows, 2, Field::kFoldForm), m.text(rows, 3, Field::kSource),
               m.text(rows, 4, Field::kDecisionNote), m.text(rows, 5, Field::kAuthor),
               m.text(rows, 6, Field::kTimestamp)};
    try {
      FoldRuleRepository::validate({r.form, r.standard, r.source, r.note});
    } catch (const UsageError& e) {
      m.refuse(std::string("fold rule ") + r.uuid + ": " + e.what());
    }
    if (r.uuid != FoldRuleRepository::uuid_of(r.form, r.standard, r.author)) {
      m.refuse("fold rule " + r.uuid + " has a uuid not derived from its rule and author");
    }
    m.report.fold_rules += rules.merge_row(r);
  }
  SQLite::Statement tombs(m.other, "SELECT uuid, author, removed_at FROM tombstone WHERE kind = 'fold_rule' ORDER BY uuid");
  while (tombs.executeStep()) {
    m.report.fold_rules += rules.merge_removal(m.text(tombs, 0, Field::kUuid), m.text(tombs, 1, Field::kAuthor),
                                               m.text(tombs, 2, Field::kTimestamp));
  }
  detail::NoteIndex notes(m.db);
  const std::array<detail::FoldedIndex*, 1> others{&notes};
  const auto change = detail::change_folding(m.db, rules.folding(), others);
  m.report.passages_refolded = static_cast<int64_t>(change.passages.size());
}

// ---- scholars' choices: kinds set by hand, editions' datings ----

// The other copy's rows of a choice log, each checked (its fields, its
// value, its uuid derived from its content) and added when new: a union, so
// that every copy with the same rows holds the same newest choice.
int64_t merge_choice_log(Merge& m, const detail::ChoiceTable& t,
                         const std::function<void(const std::string& value)>& check_value) {
  detail::ChoiceLog log(m.db, t);
  SQLite::Statement rows(m.other, std::string("SELECT uuid, ") + t.subject_column + ", " + t.value_column +
                                      ", coalesce(" + t.note_column + ", ''), author, set_at FROM " + t.table +
                                      " ORDER BY uuid");
  int64_t added = 0;
  while (rows.executeStep()) {
    detail::Choice c;
    c.uuid = m.text(rows, 0, Field::kUuid);
    c.subject = m.text(rows, 1, Field::kUuid);
    if (!rows.getColumn(2).isNull()) c.value = m.text(rows, 2, Field::kChoiceValue);
    c.note = m.text(rows, 3, Field::kDecisionNote);
    c.author = m.text(rows, 4, Field::kAuthor);
    c.set_at = m.text(rows, 5, Field::kTimestamp);
    const std::string what = std::string(t.table) + " row " + c.uuid;
    try {
      if (c.value) check_value(*c.value);
    } catch (const UsageError& e) {
      m.refuse(what + ": " + e.what());
    }
    if (c.uuid != detail::ChoiceLog::uuid_of(t, c)) m.refuse(what + " has a uuid not derived from its content");
    added += log.merge_row(c);
  }
  return added;
}

void merge_scholars_choices(Merge& m) {
  m.report.kind_choices = merge_choice_log(m, detail::kKindChoices, [](const std::string& v) { parse_variant_kind(v); });
  m.report.datings = merge_choice_log(m, detail::kEditionDatings, &EditionDatingRepository::check_dynasty);
  m.report.cbdb_ids = merge_choice_log(m, detail::kCbdbIds, &detail::check_cbdb_id);
  m.report.dismissals = merge_choice_log(m, detail::kSuggestionDismissals, &detail::check_dismissal_decision);
}

// ---- notes ----

detail::KnownRevisions local_revisions(Database& db) {
  detail::KnownRevisions out;
  SQLite::Statement q(db.sql(), std::string("SELECT ") + detail::kRevisionDigestColumns +
                                    " FROM note_revision r JOIN note n ON n.id = r.note_id");
  while (q.executeStep()) out.emplace(q.getColumn(0).getString(), detail::revision_digest(q));
  return out;
}

// A note of the other file, refused (naming the file) when its history
// cannot be part of this copy's: a parent of another note, a cycle.
detail::AbsorbResult absorb_from(Merge& m, detail::NoteStore& store, const detail::NoteRecord& rec) {
  try {
    return store.absorb(rec, detail::Revisions::kAllNew);
  } catch (const ConflictError& e) {
    m.refuse(e.what());
  } catch (const InputError& e) {
    m.refuse("note " + rec.note.uuid + ": " + e.what());
  }
}

void merge_notes(Merge& m) {
  const auto known = local_revisions(m.db);
  detail::IncomingNotes incoming(m.other, m.foreign, known, m.edition_uuids);
  detail::NoteStore store(m.db);
  detail::DeletionStore deletions(m.db);
  store.defer_indexing();
  for (auto batch = incoming.next(); !batch.empty(); batch = incoming.next()) {
    for (detail::NoteRecord& rec : batch) {
      // A note on a character merged away is on the character it became.
      if (rec.note.target == NoteTarget::kPerson) rec.note.target_uuid = deletions.final_person(rec.note.target_uuid);
      const detail::AbsorbResult r = absorb_from(m, store, rec);
      m.report.notes_added += r.note_added ? 1 : 0;
      m.report.revisions_added += r.revisions_added;
      if (store.head_count(r.note_id) > 1) m.report.conflicts.push_back(rec.note.uuid);
    }
  }
  store.finish_indexing();
  store.link_variant_notes();
}

void same_file_refused(Database& db, const std::filesystem::path& other) {
  std::error_code ec;
  if (std::filesystem::equivalent(db.path(), other, ec)) {
    throw ConflictError(other.string() + " is this database itself: there is nothing to merge");
  }
}

}  // namespace

MergeReport merge_database(Database& db, const std::filesystem::path& other, bool dry_run) {
  same_file_refused(db, other);
  detail::ForeignDatabase theirs(other, db.sql());
  MergeReport report;
  report.other = other.string();
  report.dry_run = dry_run;
  try {
    db.write([&] {
      // One read transaction on the other file: a consistent state of it
      // even while its owner writes.
      SQLite::Statement begin(theirs.sql(), "BEGIN");
      begin.exec();
      Merge m{db, theirs.sql(), detail::ForeignText(other.string()), report, {}, {}, {}, {}, {}, {}, {}, false};
      merge_fold_rules(m);
      merge_editions(m);
      merge_deletions(m);
      merge_persons(m);
      join_redirected(m);
      merge_aliases(m);
      merge_history(m, detail::RecordKind::kPerson);
      merge_history(m, detail::RecordKind::kAlias);
      merge_links(m);
      merge_scholars_choices(m);
      merge_notes(m);
      report.conflicts_remaining = count_conflicts(db);
      theirs.sql().exec("COMMIT");
      detail::MentionIndex mentions(db);
      if (m.aliases_added) {
        mentions.rebuild();
      } else {
        for (int64_t e : m.new_editions) mentions.refresh_edition(e);
      }
      if (dry_run) throw DryRun{};
      db.refresh_statistics();
    });
  } catch (const DryRun&) {
  }
  return report;
}

}  // namespace jiaozhu
