// Opening a database with the steps of every layer above db/.
#include "jiaozhu/database.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/workflow.h"
#include "notes/note_store.h"
#include "parallels/gram_index.h"
#include "people/person_rows.h"
#include "search/search_index.h"

namespace jiaozhu {
namespace {

void rebuild_search_indexes(Database& db) {
  detail::SearchIndex(db).rebuild();
  detail::NoteStore(db).reindex();
}

// `reindex`: every index again, the parallel index of every edition too.
void rebuild_all_indexes(Database& db) {
  rebuild_search_indexes(db);
  detail::GramIndex(db).rebuild_all();
}

// Schema 6's note.target_link_uuid needs each variant's derived uuid, which
// SQL cannot compute; before schema 5 there were no notes.
void complete_upgrade(Database& db, int from_version) {
  if (from_version == 5) detail::NoteStore(db).link_variant_notes();
  if (from_version < 19) detail::GramIndex(db).refresh();  // schema 19's parallel index, for the editions there are
}

}  // namespace

Database open_database(const std::filesystem::path& path, OpenMode mode) {
  OpenSteps steps;
  steps.complete_upgrade = complete_upgrade;
  steps.indexes_current = [](Database& db) { return detail::SearchIndex(db).current(); };
  steps.rebuild_indexes = rebuild_search_indexes;
  steps.load_folding = [](Database& db) { return FoldRuleRepository(db).folding(); };
  steps.load_person_names = detail::person_names;
  return Database::open(path, mode, steps);
}

void reindex(Database& db) {
  db.write([&] { rebuild_all_indexes(db); });
}

}  // namespace jiaozhu
