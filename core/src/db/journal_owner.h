// Which rollback journal belongs to which file.
//
// SQLite plays a hot journal back into whatever file it finds it beside. A
// journal committed to git beside proj.db (`git add -A` after a killed
// write), or copied by a sync tool, would put another copy's pages into this
// one: a collaborator's notes silently replaced by another's, and `check`
// clean. So every write transaction jiaozhu makes records, in the file
// itself, the nonce SQLite chose for that transaction's journal (the random
// checksum seed in the journal's first header; setting 'journal', a row of
// this copy alone, never merged). The row's page is journaled like any
// other, so a journal holds that page as it was before the write. A journal
// is this file's own when the file's page reads either its nonce (the page
// was written back before the writer died) or the value the journal saved
// (it was not): anything else is another copy's journal, and the file is
// refused before SQLite can read it. docs/reliability.md says more.
#pragma once

#include <filesystem>

namespace SQLite {
class Database;
}

namespace jiaozhu::detail {

// Records the nonce of the journal of the write transaction `db` holds on
// `path` (call first thing inside it). Does nothing when the file has no
// setting table yet (a blank file before its migrations) or no rollback
// journal (a WAL file).
void stamp_journal(SQLite::Database& db, const std::filesystem::path& path);

// Throws DatabaseError naming `path`-journal when it is a hot journal that
// was written for another file: one that names a page of the setting row
// whose value here is neither its nonce nor what it saved, a page size not
// this file's, or no such page in a file that has the row. A journal that
// SQLite would not play back (no valid header, nothing synced) passes, and
// so does one beside a file no jiaozhu of this kind has written (schema 20
// and before): they cannot be told apart.
void check_journal_owner(const std::filesystem::path& path);

}  // namespace jiaozhu::detail
