// Registers jiaozhu's tokenizer with FTS5 on a connection, as "jiaozhu".
#pragma once

struct sqlite3;

namespace jiaozhu {
class Folding;
}

namespace jiaozhu::detail {

// Must run on every connection before the search index is created or read.
// Tokens are folded with `*folding` as it is at each call (the built-in
// table when null): it must outlive the connection, and changing it changes
// what the index is read and written with (the caller re-indexes what
// changed). Throws DatabaseError when the
// SQLite library has no FTS5.
void register_fts5_tokenizer(sqlite3* db, const Folding* folding = nullptr);

}  // namespace jiaozhu::detail
