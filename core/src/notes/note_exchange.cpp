#include "jiaozhu/note_exchange.h"

#include <string>
#include <vector>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include <map>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/unicode.h"
#include "notes/anchor_finder.h"
#include "notes/external_quote.h"
#include "notes/notes_csv.h"
#include "notes/note_region.h"
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

// A region a file's note of a jiaozhu edition names: on a page its passage
// stands on, inside the image, as a note added here must be.
void check_region(Database& db, const detail::NoteRecord& rec, const std::string& file, std::size_t index) {
  try {
    detail::check_received_region(db, rec.note, file + ": annotation " + std::to_string(index));
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) + "; nothing was imported");
  }
}

// Gives an annotation on another tool's source a place in the edition the
// options map the source to: where its quote is, or orphaned on the
// edition's first passage, listed in the report.
class ExternalPlacer {
 public:
  ExternalPlacer(Database& db, const NotesImportOptions& options, std::string file)
      : db_(db), options_(options), file_(std::move(file)) {}

  void place(detail::NoteRecord& rec, std::size_t index, NotesImportReport& report) {
    Note& n = rec.note;
    if (!n.region.empty() && place_region(rec, report)) return;
    n.region.clear();  // on an image no edition here shows: the region has no page
    const Edition& edition = edition_for(rec.external_source, index);
    n.edition_uuid = edition.uuid;
    const std::string label = "annotation " + std::to_string(index) + " (" + rec.external_source + ")";
    if (n.target != NoteTarget::kSpan) {
      // On the whole page: the edition has no passage for that; its first stands in.
      rec.passage_seq = 1;
      n.address = format_address(edition.siglum, 1);
      n.exact = detail::passage_opening(db_, edition.id, 1);
      report.orphaned.push_back(label + ": on the whole page, so put on " + n.address);
      return;
    }
    const detail::QuoteSelector quote = detail::selector_of(n);
    if (const auto at = detail::place_external_quote(db_, edition, quote)) {
      const std::u32string text = detail::passage_text(db_, edition.id, at->seq).value_or(U"");
      const detail::QuoteSelector here =
          detail::make_selector(text, static_cast<std::size_t>(at->start), static_cast<std::size_t>(at->end));
      rec.passage_seq = at->seq;
      n.address = format_address(edition.siglum, at->seq);
      n.start = at->start;
      n.end = at->end;
      n.exact = to_utf8(here.exact);
      n.prefix = to_utf8(here.prefix);
      n.suffix = to_utf8(here.suffix);
      ++report.placed;
      return;
    }
    // Kept with its own quote on the first passage, orphaned.
    rec.passage_seq = 1;
    rec.unplaceable = true;
    n.address = format_address(edition.siglum, 1);
    n.start = 0;
    n.end = static_cast<int64_t>(quote.exact.size());
    report.orphaned.push_back(label + ": 「" + n.exact + "」 is not found in " + edition.siglum);
  }

 private:
  const Edition& edition_for(const std::string& source, std::size_t index) {
    std::optional<std::string> siglum = options_.edition;
    for (const auto& [url, s] : options_.sources) {
      if (url == source) siglum = s;
    }
    if (!siglum) {
      throw InputError(file_ + ": annotation " + std::to_string(index) + " is on " + source +
                       ", not on a jiaozhu edition; say which edition that is with --edition S or --map " + source +
                       "=S; nothing was imported");
    }
    return edition_named(*siglum);
  }

  // A region of a page image (a IIIF canvas an edition here maps): on that
  // page, for the passage that stands on it.
  bool place_region(detail::NoteRecord& rec, NotesImportReport& report) {
    const auto place = FacsimileRepository(db_).place_of_image(rec.external_source);
    if (!place) return false;
    const Edition& edition = edition_named(place->siglum);
    Note& n = rec.note;
    n.target = NoteTarget::kPassage;
    n.edition_uuid = edition.uuid;
    n.region_page = place->page;
    rec.passage_seq = place->passage;
    n.address = format_address(edition.siglum, place->passage);
    n.exact = detail::passage_opening(db_, edition.id, place->passage);
    ++report.placed;
    return true;
  }

  const Edition& edition_named(const std::string& siglum) {
    auto it = editions_.find(siglum);
    if (it == editions_.end()) it = editions_.emplace(siglum, EditionRepository(db_).get(siglum)).first;
    return it->second;
  }

  Database& db_;
  const NotesImportOptions& options_;
  std::string file_;
  std::map<std::string, Edition> editions_;
};

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

NotesImportReport import_notes(Database& db, const std::filesystem::path& file, const NotesImportOptions& options) {
  const std::string name = file.string();
  std::vector<detail::NoteRecord> records = detail::read_w3c(file);
  NotesImportReport report;
  report.annotations = static_cast<int64_t>(records.size());
  db.write([&] {
    detail::NoteStore store(db);
    store.defer_indexing();
    ExternalPlacer placer(db, options, name);
    for (std::size_t i = 0; i < records.size(); ++i) {
      detail::NoteRecord& rec = records[i];
      if (!rec.external_source.empty()) placer.place(rec, i + 1, report);
      else if (!rec.note.region.empty()) check_region(db, rec, name, i + 1);
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
