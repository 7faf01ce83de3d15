// Merging a collaborator's copy of the database into this one, and the
// copies one sends: snapshot and sync.
//
// Rows are matched by identity, never by local id: works by name, editions
// by content hash, characters, aliases, notes and note revisions by uuid,
// links by their derived uuid. Nothing of this database is overwritten or
// dropped: what the other copy has and this one lacks is added, notes gain
// the revisions they lack (two revisions made apart from one parent leave
// the note in conflict, for `note resolve`); characters and aliases gain the
// revisions of their fields they lack, in conflict the same way. Deletions
// (tombstones, redirects) travel both ways and win over the rows they
// removed. Merging is idempotent and its result does not depend on the
// order of merges.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "jiaozhu/merge_report.h"

namespace jiaozhu {

class Database;


// Merges the database at `other` into `db` in one transaction; with
// `dry_run` the transaction is rolled back and only the report is made.
// `other` is opened read-only and verified first (see
// core/src/merge/foreign_database.h). Throws DatabaseError naming it when it
// is not a sound jiaozhu database of this schema, ConflictError when it is
// the same file as `db`.
MergeReport merge_database(Database& db, const std::filesystem::path& other, bool dry_run);

// Writes a consistent, compacted copy of `db` to `out` (VACUUM INTO), which
// must not exist. Other processes may write meanwhile: the copy is of one
// committed state.
void snapshot(Database& db, const std::filesystem::path& out);

struct SyncReport {
  std::string replica;  // this copy's replica id
  std::filesystem::path written;
  std::vector<MergeReport> merged;
  std::vector<std::string> refused;  // "file: why", one per replica file that could not be merged
};

// For a folder shared by a file-sync tool: merges every other replica's file
// DIR/<replica-id>.db into `db`, then writes this copy's snapshot to
// DIR/<its replica-id>.db (through a temporary file renamed into place), so
// that each replica only ever writes its own file. The replica id is kept in
// the database and renewed when the file is found at another path (a copy).
SyncReport sync_folder(Database& db, const std::filesystem::path& dir);

}  // namespace jiaozhu
