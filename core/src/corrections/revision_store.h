// The revision tables (passage_revision, passage_revision_parent) at row
// level, shared by the repository, merge and check. Writes expect the
// caller's write transaction.
//
// Invariants kept here and verified by `check` (faults()):
//   * a revision's uuid derives from its passage, content and parents
//     (revision_uuid); a root's, the text as imported, from its passage
//     alone (root_uuid), so that every copy writes the same root;
//   * a revision's parents are revisions of the same passage and version;
//   * a corrected passage of its edition's current version shows the text
//     of its newest head.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/corrections.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Which passage of which version of an edition a revision corrects.
struct RevisionKey {
  std::string edition_uuid;
  std::string version_hash;  // the edition's content_hash then
  int64_t seq = 0;
};

std::string root_uuid(const RevisionKey& key);
std::string revision_uuid(const RevisionKey& key, const PassageRevision& r);
// The uuid `r` must have: root_uuid for a revision without parents (the
// text as imported), else revision_uuid. What check and merge verify.
std::string derived_uuid(const RevisionKey& key, const PassageRevision& r);

// A revision row as stored, with its passage.
struct StoredRevision {
  RevisionKey key;
  PassageRevision revision;
};

class RevisionStore {
 public:
  explicit RevisionStore(Database& db) : db_(db) {}

  // Inserts the revision and its parent links (its parents are here);
  // false when it is here already.
  bool insert(const RevisionKey& key, const PassageRevision& r);
  // The two halves of insert, for rows that come in an order where a
  // parent may follow its child (merge): every row, then every link.
  bool insert_row(const RevisionKey& key, const PassageRevision& r);
  void insert_parents(const PassageRevision& r);
  bool has(const std::string& uuid) const;
  // The passage's revisions, oldest first (made_at, then uuid; the root first).
  std::vector<PassageRevision> of_passage(const RevisionKey& key) const;
  // Its heads, the shown one (newest: made_at, then uuid) first.
  std::vector<PassageRevision> heads(const RevisionKey& key) const;
  // The passages of current versions whose heads differ in text.
  std::vector<RevisionKey> conflicted() const;
  // Every revision, for check; oldest first within a passage.
  std::vector<StoredRevision> all() const;

  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

// A passage of a current version whose text is not its newest head's.
struct StaleCorrection {
  int64_t edition_id = 0, passage_id = 0, seq = 0;
  std::string address;  // S:N
  std::string shown, newest;
};
// Every such passage: none but while a merge brings revisions in, and a
// fault for `check` after.
std::vector<StaleCorrection> stale_corrections(Database& db);

// The root revision of a passage never corrected: its text as imported,
// made when its edition's version was.
PassageRevision imported_revision(Database& db, const RevisionKey& key, const std::string& text);

// Whether heads (of one passage) hold different texts: a conflict.
bool heads_differ(const std::vector<PassageRevision>& heads);

// Two texts the same but for white space (Unicode White_Space).
bool same_but_white_space(const std::string& a, const std::string& b);

}  // namespace jiaozhu::detail
