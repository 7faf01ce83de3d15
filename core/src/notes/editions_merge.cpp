#include "notes/editions_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "notes/rival_editions.h"
#include "repo/section_paths.h"
#include "util/clock.h"
#include "util/columns.h"
#include "util/content_hash.h"

namespace jiaozhu::detail {
namespace {


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

detail::SectionPaths foreign_sections(MergeContext& m, int64_t edition_id) {
  try {
    return detail::SectionPaths(m.other, edition_id);
  } catch (const InputError& e) {
    m.refuse(e.what());
  }
}

// The texts as the other copy's edition `from` had them at version `hash`,
// for the passages it corrected since (passage_revision's roots). An
// edition's text is copied as imported, which its content hash covers; the
// corrections' merge step, after this one, brings the revisions in and
// shows each passage's newest.
std::map<int64_t, std::string> imported_texts(MergeContext& m, int64_t from, const std::string& hash) {
  SQLite::Statement q(m.other,
                      "SELECT r.seq, r.text FROM passage_revision r JOIN edition e ON e.uuid = r.edition_uuid "
                      "WHERE e.id = ? AND r.version_hash = ? AND NOT EXISTS "
                      "(SELECT 1 FROM passage_revision_parent x WHERE x.revision_uuid = r.uuid)");
  q.bind(1, from);
  q.bind(2, hash);
  std::map<int64_t, std::string> out;
  while (q.executeStep()) {
    if (!out.emplace(q.getColumn(0).getInt64(), m.text(q, 1, Field::kPassageText)).second) {
      m.refuse("a passage has two texts as imported");
    }
  }
  return out;
}

void copy_passages(MergeContext& m, int64_t from, int64_t to, const std::string& hash) {
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
  const std::map<int64_t, std::string> imported = imported_texts(m, from, hash);
  q.bind(1, from);
  // Passages are addressed by number: a gap would shift every link and note
  // after it by one passage.
  int64_t expected_seq = 1;
  while (q.executeStep()) {
    if (q.getColumn(6).getInt64() != expected_seq++) {
      m.refuse("its passages are not numbered 1 to N: number " + std::to_string(expected_seq - 1) + " is missing");
    }
    PassageDraft d;
    const auto as_imported = imported.find(expected_seq - 1);
    d.text = as_imported == imported.end() ? m.text(q, 0, Field::kPassageText) : as_imported->second;
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
void merge_versions(MergeContext& m) {
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
void merge_choices(MergeContext& m) {
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
bool copy_version(MergeContext& m, const std::vector<OtherEdition>& theirs, const std::string& hash, int64_t into) {
  const auto it = std::find_if(theirs.begin(), theirs.end(), [&](const OtherEdition& e) { return e.hash == hash; });
  if (it == theirs.end()) return false;
  copy_passages(m, it->id, into, hash);
  EditionRepository(m.db).set_script(into, it->script);
  return true;
}

// An edition both copies hold: the newest head of its versions becomes its
// text here, other heads rival editions beside it (rival_editions.h).
void reconcile_shared(MergeContext& m, const std::string& uuid, const std::vector<OtherEdition>& theirs) {
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
void map_edition(MergeContext& m, const OtherEdition& e) {
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

}  // namespace

void merge_editions(MergeContext& m) {
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


}  // namespace jiaozhu::detail
