// A scholar's variant-form rules (table fold_rule): FORM is read as a variant
// of STANDARD by search and collation, on top of the built-in folding table.
// This is the repository of the rows; adding or removing rules together with
// re-indexing what they change is workflow.h's add_fold_rules and
// remove_fold_rule, which every caller outside core/ uses.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/fold.h"

namespace jiaozhu {

class Database;

struct FoldRule {
  std::string uuid;      // derived from form, standard and author
  std::string form;      // one Han character
  std::string standard;  // one Han character, not form
  std::string source;    // where the equivalence is attested; may be empty
  std::string note;
  std::string author;
  std::string added_at;  // UTC, milliseconds
};

// A rule to add, before it has an author and a time.
struct FoldRuleDraft {
  std::string form;
  std::string standard;
  std::string source;
  std::string note;
};

// Reads a table of rules (`fold import`): one per line, tab-separated:
// form, standard form, and optionally source and note. Empty lines and lines
// starting with # are skipped; the file may be in any encoding decode()
// reads. Throws InputError naming the file when it cannot be read or
// decoded, UsageError naming file and line for a bad rule.
std::vector<FoldRuleDraft> read_fold_rule_table(const std::filesystem::path& path);

// The rows of fold_rule. Holds `db` by reference: it must outlive the
// repository. Writes run inside the caller's transaction.
class FoldRuleRepository {
 public:
  explicit FoldRuleRepository(Database& db) : db_(db) {}

  // Every rule, by form then standard then author.
  std::vector<FoldRule> list() const;
  // The folding the rules make with the built-in table.
  Folding folding() const;

  // Checks a draft: form and standard one Han character each, not the same,
  // source and note within their field limits. Throws UsageError naming what
  // is wrong (and `where`, e.g. "rules.tsv:12: ", first).
  static void validate(const FoldRuleDraft& draft, const std::string& where = "");

  // Writes `draft` as `author`'s rule at `at`. A rule of the same author and
  // pair already there takes the new source and note; one removed before
  // lives again. False when nothing changed (the same rule, same source and
  // note). Throws UsageError as validate does.
  bool put(const FoldRuleDraft& draft, const std::string& author, const std::string& at);
  // Removes every author's rule of the pair, leaving tombstones; returns how
  // many. Throws NotFound when there is none.
  int64_t remove(const std::string& form, const std::string& standard, const std::string& remover,
                 const std::string& at);

  // For merge: a row as the other copy has it (identity included), written
  // unless a removal here is as late or later; a row here removed by the
  // other copy later than it was added. Both return true when this copy
  // changed.
  bool merge_row(const FoldRule& row);
  bool merge_removal(const std::string& uuid, const std::string& author, const std::string& removed_at);

  // Rows that break what the schema cannot say: a form or standard that is
  // not one Han character, a uuid not derived from the rule, a live rule with
  // a tombstone.
  std::vector<std::string> faults() const;

  // The uuid of `author`'s rule FORM → STANDARD.
  static std::string uuid_of(const std::string& form, const std::string& standard, const std::string& author);

 private:
  // Inserts or replaces (by uuid) the row, and forgets its removal here.
  void write(const FoldRule& row);

  Database& db_;
};

}  // namespace jiaozhu
