#include "search/fts5_tokenizer.h"

#include <sqlite3.h>

#include "jiaozhu/error.h"
#include "jiaozhu/tokenizer.h"

namespace jiaozhu::detail {
namespace {

// The tokenizer has no state: every instance is this one object.
struct Instance {};
Instance the_instance;

int create(void*, const char**, int, Fts5Tokenizer** out) {
  *out = reinterpret_cast<Fts5Tokenizer*>(&the_instance);
  return SQLITE_OK;
}

void destroy(Fts5Tokenizer*) {}

using TokenFn = int (*)(void*, int, const char*, int, int, int);

int tokenize_for_fts5(Fts5Tokenizer*, void* context, int /*flags*/, const char* text, int length,
                      TokenFn emit) {
  if (!text || length <= 0) return SQLITE_OK;
  int rc = SQLITE_OK;
  tokenize(std::string_view(text, static_cast<std::size_t>(length)), [&](const Token& t) {
    rc = emit(context, 0, t.text.data(), static_cast<int>(t.text.size()), static_cast<int>(t.begin),
              static_cast<int>(t.end));
    return rc == SQLITE_OK;
  });
  return rc;
}

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

void register_fts5_tokenizer(sqlite3* db) {
  fts5_api* api = fts5_of(db);
  if (!api) throw DatabaseError("this SQLite library has no FTS5, which jiaozhu's search needs");
  fts5_tokenizer tokenizer{create, destroy, tokenize_for_fts5};
  if (api->xCreateTokenizer(api, "jiaozhu", nullptr, &tokenizer, nullptr) != SQLITE_OK) {
    throw DatabaseError("cannot register jiaozhu's search tokenizer with FTS5");
  }
}

}  // namespace jiaozhu::detail
