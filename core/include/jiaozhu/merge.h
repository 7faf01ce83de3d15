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

namespace jiaozhu {

class Database;

struct MergeReport {
  std::string other;
  bool dry_run = false;
  int64_t works_added = 0, editions_added = 0, passages_added = 0;
  int64_t characters_added = 0, aliases_added = 0, links_added = 0;
  int64_t notes_added = 0, revisions_added = 0;
  // Fold rules added, changed or removed here, and the passages that were
  // indexed again because of them.
  int64_t fold_rules = 0, passages_refolded = 0;
  int64_t kind_choices = 0, datings = 0, cbdb_ids = 0, dismissals = 0;  // rows of the choice logs brought in
  // Rows here removed by the other copy's deletions: aliases and links it
  // removed, characters it merged into others.
  int64_t removed = 0;
  // Editions here whose text the other copy had replaced by a newer version
  // (import --replace), which is now the text here too.
  int64_t editions_replaced = 0;
  // Incoming editions whose siglum names other content here: "B -> B-3fa2c1".
  std::vector<std::string> renamed;
  // Notes left with concurrent revisions (uuid), for `conflicts`.
  std::vector<std::string> conflicts;
  // Conflicts in the whole database after the merge (conflicts.h), this
  // merge's and earlier ones not yet resolved: the CLI exits 1 while any remain.
  int64_t conflicts_remaining = 0;
  // Same-named characters or alias forms of different characters, one
  // sentence each, for `character merge`.
  std::vector<std::string> possible_duplicates;
  // What the scholar should know and no conflict lists, one sentence each
  // (an edition replaced in both copies).
  std::vector<std::string> differences;
};

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
