// merge: another copy's editions, characters, links and notes into this one,
// in one transaction. Each layer that owns mergeable tables provides the
// step that merges them (repo/merge_context.h); this file runs the steps in
// an order that has what a row refers to merged before it.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <array>

#include "align/link_merge.h"
#include "corrections/revision_merge.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/merge.h"
#include "merge/foreign_database.h"
#include "notes/editions_merge.h"
#include "notes/note_index.h"
#include "notes/note_merge.h"
#include "notes/note_store.h"
#include "people/mention_choices.h"
#include "facsimile/page_images.h"
#include "parallels/gram_index.h"
#include "people/mention_index.h"
#include "people/person_merge.h"
#include "repo/choice_log_merge.h"
#include "decisions/decision_merge.h"
#include "repo/variant_form_rules_merge.h"

namespace jiaozhu {
namespace {

// Thrown inside the transaction to roll a dry run back.
struct DryRun {};


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
      detail::MergeContext m{db, theirs.sql(), detail::ForeignText(other.string()), report, {}, {}, {}, {}, {}, {}, {}, false};
      // Each step after what its rows refer to: the folding first (what
      // comes in is indexed with it), editions, deletions (so that nothing
      // removed comes back), persons, aliases and their histories, links,
      // the logs of choices, then notes.
      detail::NoteIndex note_index(db);
      const std::array<detail::FoldedIndex*, 1> others{&note_index};
      detail::merge_fold_rules(m, others);
      detail::merge_editions(m);
      detail::merge_passage_revisions(m);
      detail::merge_deletions(m);
      detail::merge_persons(m);
      detail::join_redirected(m, [](Database& d, const std::string& from, const std::string& to) {
        detail::NoteStore(d).move_character_notes(from, to);
      });
      detail::merge_aliases(m);
      detail::merge_history(m, detail::RecordKind::kPerson);
      detail::merge_history(m, detail::RecordKind::kAlias);
      detail::merge_links(m);
      detail::merge_kind_choices(m);
      detail::merge_datings(m);
      detail::merge_cbdb_ids(m);
      detail::merge_alias_ambiguities(m);
      detail::merge_mention_choices(m);
      detail::merge_dismissals(m);
      detail::merge_page_images(m);
      detail::merge_decisions(m);
      detail::merge_notes(m);
      detail::GramIndex(db).refresh();  // editions new, replaced or shown as imported here
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
