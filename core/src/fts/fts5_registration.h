// Registering an FTS5 tokenizer on a connection. Needs nothing but SQLite,
// so that the build-time schema generator (core/gen) can register a
// stand-in under jiaozhu's tokenizer name.
#pragma once

#include <sqlite3.h>

namespace jiaozhu::detail {

// Registers `tokenizer` as `name` on `db`; its xCreate receives `user_data`.
// False when the SQLite library has no FTS5 or refuses the tokenizer.
bool register_tokenizer(sqlite3* db, const char* name, void* user_data, fts5_tokenizer tokenizer);

}  // namespace jiaozhu::detail
