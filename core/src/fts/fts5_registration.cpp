#include "fts/fts5_registration.h"

namespace jiaozhu::detail {
namespace {

// FTS5 hands out its API through a pointer bound to "SELECT fts5(?1)".
fts5_api* fts5_of(sqlite3* db) {
  fts5_api* api = nullptr;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) == SQLITE_OK) {
    sqlite3_bind_pointer(stmt, 1, &api, "fts5_api_ptr", nullptr);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  return api;
}

}  // namespace

bool register_tokenizer(sqlite3* db, const char* name, void* user_data, fts5_tokenizer tokenizer) {
  fts5_api* api = fts5_of(db);
  return api && api->xCreateTokenizer(api, name, user_data, &tokenizer, nullptr) == SQLITE_OK;
}

}  // namespace jiaozhu::detail
