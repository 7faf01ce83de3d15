// fold suggest: variant-form rules that the collation of two editions gives
// evidence for. Nothing is applied: each suggestion carries the command that
// accepts it (workflow.h's add_fold_rules).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jiaozhu {

class Database;

struct FoldSuggestion {
  std::string form;      // the rarer of the two characters in the database
  std::string standard;  // the commoner
  int64_t count = 0;     // substantive variants where one edition writes form and the other standard:
                         // the readings a rule would stop showing
  // The counter-evidence: aligned places where the first edition's
  // character stands against itself in the other edition (祗 against 祗 in
  // 祗命), in the passages linked between the two editions. Judged from the
  // first edition's side: `fold suggest B A` weighs B's characters.
  int64_t kept = 0;
  // Of the aligned places where the first edition writes its character (in
  // passages linked to the second), the share at which the second writes
  // the other: near 1 for a form written throughout, near 0 for a one-off
  // reading.
  double consistency = 0;
  // Unihan's word for how the two relate (han_properties.h's describe):
  // "Unihan kSemanticVariant", "same kPhonetic series 1526", "Cangjie TJR~TKR",
  // "both read lan"; empty when Unihan links them in no way.
  std::vector<std::string> evidence;
  std::vector<std::string> addresses;  // the first few places, in the first edition
  std::string command;                 // jiaozhu fold add FORM STANDARD
  bool dismissed = false;              // a scholar dismissed it (listed only when asked for)
};

// Single-character substitutions between aligned editions s1 and s2 (in
// substantive variants, position by position in readings of equal length)
// that recur: at least twice, and in at least a fifth of the places the
// first edition writes its character, or a twentieth when Unihan relates the
// two by a variant field, a phonetic series or a reading. A reading seen
// once is never suggested, nor a pair whose first character stands against
// itself in the other edition at more aligned places than against the
// second (祗 is 只 in 祗今 but 祗 in 祗命, which a rule would hide).
// Ranked by consistency, then count. Those a
// scholar dismissed only with `include_dismissed`. Throws NotFound for an
// unknown siglum.
std::vector<FoldSuggestion> suggest_fold_rules(Database& db, const std::string& s1, const std::string& s2,
                                               bool include_dismissed = false);

// Dismisses the suggestion of FORM → STANDARD (or, with `dismissed` false,
// takes the dismissal back), in one transaction of its own: a decision in a
// log that merges as a union, so that no copy suggests it again. Throws
// UsageError unless each is one character, or for a bad note or author.
void dismiss_fold_suggestion(Database& db, const std::string& form, const std::string& standard, bool dismissed,
                             const std::string& note, const std::string& author);

}  // namespace jiaozhu
