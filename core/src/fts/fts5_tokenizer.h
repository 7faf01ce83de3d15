// Registers jiaozhu's tokenizer with FTS5 on a connection, as "jiaozhu".
#pragma once

struct sqlite3;

namespace jiaozhu::detail {

// Must run on every connection before the search index is created or read.
// Throws DatabaseError when the SQLite library has no FTS5.
void register_fts5_tokenizer(sqlite3* db);

}  // namespace jiaozhu::detail
