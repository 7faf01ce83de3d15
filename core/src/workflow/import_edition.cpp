// Importing an edition, with what the persons and notes derive from its text.
#include "jiaozhu/workflow.h"
#include "notes/anchor_finder.h"
#include "people/mention_index.h"

namespace jiaozhu {

ImportReport import_edition(Database& db, std::span<const std::filesystem::path> files, const ImportOptions& options,
                            const ImportProgress& progress) {
  return import_text(db, files, options, progress, [](Database& d, int64_t edition_id, bool replaced) -> int64_t {
    detail::MentionIndex(d).refresh_edition(edition_id);  // the persons already known, in the new text
    return replaced ? detail::reanchor_edition(d, edition_id) : 0;
  });
}

}  // namespace jiaozhu
