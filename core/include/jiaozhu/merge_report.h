// What a merge did: counts of what came in, what was removed, and the
// sentences a scholar should read. Filled by the merge steps of every layer
// (core/src/repo/merge_context.h); merge.h says how a merge runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jiaozhu {

struct MergeReport {
  std::string other;
  bool dry_run = false;
  int64_t works_added = 0, editions_added = 0, passages_added = 0;
  int64_t characters_added = 0, aliases_added = 0, links_added = 0;
  int64_t notes_added = 0, revisions_added = 0;
  // Fold rules added, changed or removed here, and the passages that were
  // indexed again because of them.
  int64_t fold_rules = 0, passages_refolded = 0;
  int64_t kind_choices = 0, datings = 0, extents = 0, cbdb_ids = 0, dismissals = 0;  // rows of the choice logs brought in
  int64_t page_images = 0;  // rows of the page_image log (facsimile.h) brought in
  int64_t ambiguities = 0, mention_choices = 0;
  int64_t decisions = 0, policies = 0;  // the editor's decisions on places, and policies' settings, brought in
  // Passages here that now show a correction the other copy made.
  int64_t passages_corrected = 0;
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

}  // namespace jiaozhu
