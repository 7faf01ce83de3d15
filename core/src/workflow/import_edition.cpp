// Importing an edition, with what the persons and notes derive from its
// text, and the dating given with it.
#include <set>

#include "jiaozhu/corrections.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/image_folders.h"
#include "jiaozhu/workflow.h"
#include "notes/anchor_finder.h"
#include "notes/source_notes.h"
#include "parallels/gram_index.h"
#include "people/mention_index.h"
#include "repo/edition_datings.h"

namespace jiaozhu {
namespace {

bool is_web(const std::string& facs) { return facs.rfind("http://", 0) == 0 || facs.rfind("https://", 0) == 0; }

std::string author_of(const ImportOptions& options) { return options.author.empty() ? "unknown" : options.author; }

// The deepest folder holding every local image, so that each is named
// inside it (scans/p1.png next to the TEI file, ../scans beside its folder).
std::filesystem::path common_folder(const std::vector<SourcePageFacs>& images) {
  std::optional<std::filesystem::path> common;
  for (const SourcePageFacs& i : images) {
    if (is_web(i.facs)) continue;
    for (const std::filesystem::path& dir : {std::filesystem::path(i.base), std::filesystem::path(i.facs).parent_path()}) {
      if (!common) {
        common = dir;
        continue;
      }
      std::filesystem::path shared;
      for (auto a = common->begin(), b = dir.begin(); a != common->end() && b != dir.end() && *a == *b; ++a, ++b) shared /= *a;
      common = shared;
    }
  }
  return common.value_or(std::filesystem::path());
}

// The images the sources name, as page images of the edition, in page order.
void record_page_images(Database& d, int64_t edition_id, const std::vector<SourcePageFacs>& facs, const std::string& author,
                        ImportReport& report) {
  const std::filesystem::path folder = common_folder(facs);
  std::vector<PageImage> images;
  std::set<std::string> seen;
  for (const SourcePageFacs& f : facs) {
    if (!seen.insert(f.page).second) continue;  // a page named twice: its first image
    PageImage i;
    i.page = f.page;
    i.order = static_cast<int64_t>(images.size() + 1);
    i.begins_inside = f.inside;
    if (is_web(f.facs)) i.url = f.facs;
    else {
      i.file = std::filesystem::path(f.facs).lexically_relative(folder).generic_string();
      take_size(i, f.facs);
    }
    images.push_back(std::move(i));
  }
  const Edition e = *EditionRepository(d).find_by_id(edition_id);
  try {
    FacsimileRepository(d).record(e.uuid, images, author);
  } catch (const UsageError& err) {
    throw InputError("edition " + e.siglum + ": a page image the source names: " + err.what());
  }
  report.page_images = static_cast<int64_t>(images.size());
  if (folder.empty()) return;
  report.image_folder = folder.string();
  try {
    write_image_folder(e.uuid, folder);
  } catch (const Error& err) {
    report.warnings.push_back(std::string("the folder of page images was not set for this machine: ") + err.what());
  }
}

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
    detail::GramIndex(d).build(edition_id);              // its parallels with every other text
    const std::string author = author_of(options);
    if (options.dynasty && !options.dynasty->empty()) {
      detail::ChoiceLog(d, detail::kEditionDatings)
          .record(EditionRepository(d).find_by_id(edition_id)->uuid, options.dynasty, "", author);
    }
    if (report.replaced) report.notes_orphaned = detail::reanchor_edition(d, edition_id);
    report.notes_imported = detail::add_source_notes(d, edition_id, notes, author);
  };
  steps.page_images = [&options](Database& d, int64_t edition_id, const std::vector<SourcePageFacs>& images,
                                 ImportReport& report) { record_page_images(d, edition_id, images, author_of(options), report); };
  return import_text(db, files, options, progress, steps);
}

}  // namespace jiaozhu
