// Putting corrected texts into passages, and bringing up to date what
// derives from them: the links holding them (collated again), the persons'
// mentions, the notes on them, the decided places of an apparatus on them.
// The one path every door takes: `passage set`, import --replace and merge.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "corrections/revision_store.h"
#include "jiaozhu/corrections.h"

namespace jiaozhu {
class Database;
struct Edition;
}

namespace jiaozhu::detail {

// One passage's new text.
struct TextUpdate {
  int64_t passage_id = 0;
  int64_t seq = 0;
  std::string old_text, new_text;
};

// Writes each update's text into its passage of `edition` and brings what
// derives from it up to date. Returns what followed (address and revision
// left empty). The caller holds the write transaction.
CorrectionReport apply_texts(Database& db, const Edition& edition, const std::vector<TextUpdate>& updates);

// Records the correction of passage `key` (whose text is `shown` now) to
// `text`: its root first when it has never been corrected, then a revision
// whose parents are its heads. Returns the revision written. The caller
// holds the write transaction.
PassageRevision record_revision(Database& db, const RevisionKey& key, const std::string& shown, const std::string& text,
                                const std::string& reason, const std::string& author);

}  // namespace jiaozhu::detail
