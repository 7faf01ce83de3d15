// Opening a database with the steps of every layer above db/.
#include "jiaozhu/database.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/workflow.h"
#include "notes/note_store.h"
#include "search/search_index.h"

namespace jiaozhu {
namespace {

void rebuild_search_indexes(Database& db) {
  detail::SearchIndex(db).rebuild();
  detail::NoteStore(db).reindex();
}

// Schema 6's note.target_link_uuid needs each variant's derived uuid, which
// SQL cannot compute; before schema 5 there were no notes.
void complete_upgrade(Database& db, int from_version) {
  if (from_version == 5) detail::NoteStore(db).link_variant_notes();
}

}  // namespace

Database open_database(const std::filesystem::path& path, OpenMode mode) {
  OpenSteps steps;
  steps.complete_upgrade = complete_upgrade;
  steps.indexes_current = [](Database& db) { return detail::SearchIndex(db).current(); };
  steps.rebuild_indexes = rebuild_search_indexes;
  steps.load_folding = [](Database& db) { return FoldRuleRepository(db).folding(); };
  return Database::open(path, mode, steps);
}

void reindex(Database& db) {
  db.write([&] { rebuild_search_indexes(db); });
}

}  // namespace jiaozhu
