#include "jiaozhu/note_exchange.h"

#include <string>
#include <vector>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "notes/csv_writer.h"
#include "notes/note_store.h"
#include "notes/w3c_reader.h"
#include "notes/w3c_writer.h"

namespace jiaozhu {
namespace {

// A record the file brings, refused (InputError naming the file) when it
// contradicts what is stored: a revision's id under another note or text.
detail::AbsorbResult absorb_from(detail::NoteStore& store, const detail::NoteRecord& rec, const std::string& file) {
  try {
    return store.absorb(rec);
  } catch (const ConflictError& e) {
    throw InputError(file + ": " + e.what() + "; nothing was imported");
  } catch (const InputError& e) {
    throw InputError(file + ": " + e.what() + "; nothing was imported");
  }
}

}  // namespace

NoteFormat parse_note_format(std::string_view name) {
  if (name == "w3c") return NoteFormat::kW3c;
  if (name == "csv") return NoteFormat::kCsv;
  throw UsageError("unknown notes format '" + std::string(name) + "' (use w3c or csv)");
}

void export_notes(Database& db, NoteFormat format, bool include_removed, std::ostream& out) {
  detail::NoteStore store(db);
  db.read([&] {
    if (format == NoteFormat::kCsv) detail::write_csv(store, include_removed, out);
    else detail::write_w3c(db, store, include_removed, out);
  });
}

NotesImportReport import_notes(Database& db, const std::filesystem::path& file) {
  const std::string name = file.string();
  const std::vector<detail::NoteRecord> records = detail::read_w3c(file);
  NotesImportReport report;
  report.annotations = static_cast<int64_t>(records.size());
  db.write([&] {
    detail::NoteStore store(db);
    store.defer_indexing();
    for (const detail::NoteRecord& rec : records) {
      const detail::AbsorbResult r = absorb_from(store, rec, name);
      report.notes_added += r.note_added ? 1 : 0;
      report.revisions_added += r.revisions_added;
    }
    store.finish_indexing();
    store.link_variant_notes();
  });
  return report;
}

}  // namespace jiaozhu
