// The operations that span layers (docs/architecture.md): each runs a lower
// layer's work and then what the layers above it derive from that work, in
// one transaction. The command line and every other caller outside core/
// use these rather than the layer calls they wrap.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/import.h"
#include "jiaozhu/people.h"

namespace jiaozhu {

// Database::open with the steps of every layer: an older file's upgrade
// completed in code (note targets on variants, from schema 5), and search
// indexes over passages and notes rebuilt when they were built with another
// folding table. Throws as Database::open does.
Database open_database(const std::filesystem::path& path, OpenMode mode);

// import_text, then the persons already known are found in the new text and,
// when it replaced an older one, the notes on the edition are placed again
// by their quotes (ImportReport::notes_orphaned counts those that could not
// be). Throws as import_text does.
ImportReport import_edition(Database& db, std::span<const std::filesystem::path> files, const ImportOptions& options,
                            const ImportProgress& progress);

// align_pair, with the notes on links and variants keeping the content key
// of their target before it is replaced and following it to its new id
// after. Throws as align_pair does.
AlignReport align_editions(Database& db, const std::string& a, const std::string& b);

// build_apparatus, after aligning the base with each witness it has no
// links with yet (each alignment its own transaction, as align_editions),
// naming those witnesses in `aligned` when given. Throws as build_apparatus
// and align_editions do.
Apparatus make_apparatus(Database& db, const ApparatusRequest& request, std::vector<std::string>* aligned);

// The witnesses of `request` that have no links with its base yet, in
// request order, after check_apparatus_request: what make_apparatus would
// align, and what a read (the reading room's GETs) must not.
std::vector<std::string> unaligned_witnesses(Database& db, const ApparatusRequest& request);

// PersonRepository::merge, with the notes on `from` (and on any member of
// its group whose identity passes) following to the character kept.
Person merge_persons(Database& db, const std::string& into, const std::string& from, const std::string& author);

// What adding or removing fold rules changed.
struct FoldChange {
  int64_t rules = 0;     // rules written or removed
  int64_t passages = 0;  // passages (and their notes) indexed again
  int64_t notes = 0;
  // The aligned pairs of editions that hold the characters involved: their
  // variants are classed by the folding of their last `align` until it runs
  // again (`jiaozhu align A B`).
  std::vector<std::pair<std::string, std::string>> to_realign;
};

// Writes the rules (fold add, fold import) as `author`, and
// re-indexes the passages and notes that hold a character whose search form
// changes; all in one transaction. A rule already there with the same source
// and note counts for nothing. Throws UsageError naming the first bad rule
// (nothing is written then), DatabaseError when the file cannot be written.
FoldChange add_fold_rules(Database& db, std::span<const FoldRuleDraft> rules, const std::string& author);
// Removes every author's rule FORM → STANDARD, leaving tombstones by `author`, and
// re-indexes as add_fold_rules does. Throws NotFound when there is none.
FoldChange remove_fold_rule(Database& db, const std::string& form, const std::string& standard,
                            const std::string& author);

// Rebuilds the search indexes over passages and notes with this build's
// folding table, in one transaction of its own. Throws DatabaseError when
// the write fails (a read-only file).
void reindex(Database& db);

// Writes the database's scholarly content as stable, sorted text, one
// record a line (workflow/dump.cpp): editions with their content hashes,
// corrections, notes with every revision, persons and aliases, links made
// by hand and the size of each alignment, the logs of choices (kinds,
// datings, page images …), decisions, policies, fold rules, removals. For
// git's textconv; large texts appear as their hash.
void dump_database(Database& db, std::ostream& out);

// dump_database of the file at `path` as git's textconv reads it from a
// commit: opened read-only, never written (an older file is dumped from an
// upgraded copy in a temporary folder). The text is the file's: the caller
// that prints it to a terminal escapes it (cli: the terminal gate's
// printable), so that `git log -p` sends no control character through.
// Throws DatabaseError naming the file when it is not a jiaozhu database.
void dump_file(const std::filesystem::path& path, std::ostream& out);

}  // namespace jiaozhu
