// Importing an edition, with what the persons and notes derive from its
// text, and the dating given with it.
#include "jiaozhu/corrections.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/workflow.h"
#include "notes/anchor_finder.h"
#include "notes/source_notes.h"
#include "people/mention_index.h"
#include "repo/edition_datings.h"

namespace jiaozhu {
namespace {

std::string author_of(const ImportOptions& options) { return options.author.empty() ? "unknown" : options.author; }

}  // namespace

ImportReport import_edition(Database& db, std::span<const std::filesystem::path> files, const ImportOptions& options,
                            const ImportProgress& progress) {
  ImportSteps steps;
  steps.correct = [&options, files](Database& d, int64_t edition_id, const std::vector<PassageCorrection>& changed,
                                    ImportReport& report) {
    const std::string reason = "import --replace from " + (files.empty() ? std::string() : files.front().filename().string());
    const CorrectionSummary s = correct_passages(d, edition_id, changed, reason, author_of(options));
    report.passages_corrected = s.passages;
    report.links_recollated = s.links_recollated;
    report.links_made = s.links_made;
    report.notes_orphaned = s.notes_orphaned;
  };
  steps.after_new_text = [&options](Database& d, int64_t edition_id, const std::vector<SourceNote>& notes,
                                    ImportReport& report) {
    detail::MentionIndex(d).refresh_edition(edition_id);  // the persons already known, in the new text
    const std::string author = author_of(options);
    if (options.dynasty && !options.dynasty->empty()) {
      detail::ChoiceLog(d, detail::kEditionDatings)
          .record(EditionRepository(d).find_by_id(edition_id)->uuid, options.dynasty, "", author);
    }
    if (report.replaced) report.notes_orphaned = detail::reanchor_edition(d, edition_id);
    report.notes_imported = detail::add_source_notes(d, edition_id, notes, author);
  };
  return import_text(db, files, options, progress, steps);
}

}  // namespace jiaozhu
