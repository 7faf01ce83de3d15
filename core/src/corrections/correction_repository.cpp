// CorrectionRepository (jiaozhu/corrections.h): a passage's corrections,
// each one transaction, and the checks on them.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "corrections/correction_effects.h"
#include "corrections/revision_store.h"
#include "jiaozhu/address.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

// One stored passage, as a correction needs it.
struct Target {
  Edition edition;
  int64_t id = 0;
  int64_t seq = 0;
  std::string text;
  std::string address;
  detail::RevisionKey key() const { return {edition.uuid, edition.content_hash, seq}; }
};

Target target_of(Database& db, const std::string& text) {
  const Address address = parse_address(text);
  if (address.whole_edition() || address.first != address.last) {
    throw UsageError("'" + text + "' names more than one passage; a correction is of one passage (S:N)");
  }
  Target t{EditionRepository(db).get(address.siglum), 0, address.first, "", format_address(address.siglum, address.first)};
  SQLite::Statement q(db.sql(), "SELECT id, text FROM passage WHERE edition_id = ? AND seq = ?");
  q.bind(1, t.edition.id);
  q.bind(2, t.seq);
  if (!q.executeStep()) {
    throw NotFound("no passage " + t.address + ": edition " + t.edition.siglum + " has " +
                   std::to_string(EditionRepository(db).passage_count(t.edition.id)) + " passages");
  }
  t.id = q.getColumn(0).getInt64();
  t.text = q.getColumn(1).getString();
  return t;
}

// The text a scholar typed, under the passage field rules.
std::string checked_text(const std::string& text) {
  std::string checked = checked_argument(Field::kPassageText, text, "the text");
  if (is_blank(checked)) throw UsageError("the text is empty: a passage holds at least one character");
  return checked;
}

}  // namespace

PassageHistory CorrectionRepository::history(const std::string& address) const {
  PassageHistory h;
  db_.read([&] {
    const Target t = target_of(db_, address);
    const detail::RevisionStore store(db_);
    h.address = t.address;
    h.revisions = store.of_passage(t.key());
    const auto heads = store.heads(t.key());
    for (const PassageRevision& r : heads) h.heads.push_back(r.uuid);
    h.conflict = detail::heads_differ(heads);
  });
  return h;
}

CorrectionReport CorrectionRepository::correct(const std::string& address, const std::string& text,
                                               const std::string& reason, const std::string& author) {
  if (author.empty()) throw NoAuthor();
  const std::string wanted = checked_text(text);
  const std::string why = checked_argument(Field::kNoteText, reason, "--reason");
  const std::string who = checked_argument(Field::kAuthor, author, "the author");
  CorrectionReport report;
  db_.write([&] {
    const Target t = target_of(db_, address);
    report.address = t.address;
    const bool conflict = detail::heads_differ(detail::RevisionStore(db_).heads(t.key()));
    if (!conflict && detail::same_but_white_space(t.text, wanted)) return;
    const PassageRevision r = detail::record_revision(db_, t.key(), t.text, wanted, why, who);
    if (wanted != t.text) {
      report = detail::apply_texts(db_, t.edition, {{t.id, t.seq, t.text, wanted}});
      report.address = t.address;
    }
    report.written = true;
    report.revision = r.uuid;
  });
  return report;
}

CorrectionReport CorrectionRepository::restore(const std::string& address, const std::string& revision,
                                               const std::string& reason, const std::string& author) {
  const std::string prefix = lower_ascii(revision);
  if (prefix.size() < 4) throw UsageError("a revision id needs at least 4 characters; `jiaozhu passage log " + address + "` lists them");
  const PassageHistory h = history(address);
  std::vector<const PassageRevision*> found;
  for (const PassageRevision& r : h.revisions) {
    if (r.uuid.compare(0, prefix.size(), prefix) == 0) found.push_back(&r);
  }
  if (found.empty()) throw NotFound("passage " + h.address + " has no revision " + revision + "; `jiaozhu passage log " + h.address + "` lists them");
  if (found.size() > 1) throw UsageError("revision " + revision + " of " + h.address + " is ambiguous; give more of its id");
  const std::string why = reason.empty() ? "restored " + found.front()->uuid.substr(0, 8) : reason;
  return correct(address, found.front()->text, why, author);
}

std::vector<PassageConflict> CorrectionRepository::conflicts() const {
  std::vector<PassageConflict> out;
  db_.read([&] {
    const detail::RevisionStore store(db_);
    const EditionRepository editions(db_);
    for (const detail::RevisionKey& k : store.conflicted()) {
      const auto e = editions.find_by_uuid(k.edition_uuid);
      if (!e) continue;
      out.push_back({format_address(e->siglum, k.seq), store.heads(k)});
    }
  });
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.address < b.address; });
  return out;
}

CorrectionSummary correct_passages(Database& db, int64_t edition_id, const std::vector<PassageCorrection>& corrections,
                                   const std::string& reason, const std::string& author) {
  if (author.empty()) throw NoAuthor();
  const Edition edition = EditionRepository(db).find_by_id(edition_id).value();
  std::vector<detail::TextUpdate> updates;
  auto q = db.cached("SELECT id, text FROM passage WHERE edition_id = ? AND seq = ?");
  for (const PassageCorrection& c : corrections) {
    q->bind(1, edition_id);
    q->bind(2, c.seq);
    if (!q->executeStep()) throw NotFound("no passage " + format_address(edition.siglum, c.seq));
    detail::TextUpdate u{q->getColumn(0).getInt64(), c.seq, q->getColumn(1).getString(), c.text};
    q->reset();
    if (detail::same_but_white_space(u.old_text, u.new_text)) continue;
    detail::record_revision(db, {edition.uuid, edition.content_hash, c.seq}, u.old_text, u.new_text, reason, author);
    updates.push_back(std::move(u));
  }
  const CorrectionReport r = detail::apply_texts(db, edition, updates);
  return {static_cast<int64_t>(updates.size()), r.links_recollated, r.links_made, r.notes_orphaned};
}

std::vector<std::string> correction_faults(Database& db) {
  return detail::RevisionStore(db).faults();
}

std::vector<std::pair<int64_t, std::string>> imported_texts(Database& db, int64_t edition_id) {
  SQLite::Statement q(db.sql(),
                      "SELECT r.seq, r.uuid, r.text FROM passage_revision r JOIN edition e ON e.uuid = r.edition_uuid "
                      "AND e.content_hash = r.version_hash WHERE e.id = ? AND NOT EXISTS "
                      "(SELECT 1 FROM passage_revision_parent x WHERE x.revision_uuid = r.uuid) ORDER BY r.seq");
  q.bind(1, edition_id);
  const Edition edition = EditionRepository(db).find_by_id(edition_id).value();
  std::vector<std::pair<int64_t, std::string>> out;
  while (q.executeStep()) {
    const int64_t seq = q.getColumn(0).getInt64();
    if (q.getColumn(1).getString() != detail::root_uuid({edition.uuid, edition.content_hash, seq})) continue;
    out.emplace_back(seq, q.getColumn(2).getString());
  }
  return out;
}

}  // namespace jiaozhu
