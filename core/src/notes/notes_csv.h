// Notes out as CSV (RFC 4180, CRLF rows): one row per note, its current
// state, for a spreadsheet; the history stays in the W3C export.
#pragma once

#include <ostream>

namespace jiaozhu::detail {

class NoteStore;

// Writes a header row, then every note of `store` (removed ones only with
// `include_removed`). The caller holds a read transaction, so that the rows
// are of one moment.
void write_csv(NoteStore& store, bool include_removed, std::ostream& out);

}  // namespace jiaozhu::detail
