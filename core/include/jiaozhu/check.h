// Verifying a database: the checks behind `jiaozhu check`.
#pragma once

#include <string>
#include <vector>

namespace jiaozhu {

class Database;

struct CheckResult {
  std::string name;                 // e.g. "integrity", "foreign keys"
  std::vector<std::string> faults;  // empty when the check passed
};

// Runs every check and returns one result per check, in a fixed order:
// SQLite's integrity_check, foreign_key_check, the schema version, the
// schema itself (exactly what jiaozhu's migrations make: no trigger or view
// from elsewhere; `db` opened with OpenMode::kInspect reports a departure
// here, and then only integrity_check runs beside it), passage numbering
// (1..N without gaps), text normalization (NFC), each edition's content
// hash against its passages (a corrected passage counted as imported),
// corrections (each revision's uuid derived from its content, its parents
// of its passage, each corrected passage showing its newest head), the search index (FTS5's integrity-check and
// the version of the folding it was built with: table and fold rules), variants (each side in a passage of its
// link, each span within its text), mentions, notes, deletions (no removed alias
// or link still here; every character here is its group's survivor), fold
// rules (each folds one Han character into another, its uuid derived from
// rule and author, none live with a tombstone), scholars' decisions (each
// row of the choice logs: kinds, datings, CBDB ids, dismissed suggestions,
// with its uuid derived from its content), record
// history (every character and alias has revisions, head flags right, the
// newest head shown) and edition versions (each edition shows its newest
// current text; each rival edition holds another). Reads only, and finds
// rather than throws: a damaged file gives faults, not an exception, except
// DatabaseError when SQLite cannot read it at all.
std::vector<CheckResult> check_database(Database& db);

}  // namespace jiaozhu
