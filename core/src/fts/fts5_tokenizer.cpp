#include "fts/fts5_tokenizer.h"

#include <sqlite3.h>

#include "jiaozhu/error.h"
#include "jiaozhu/tokenizer.h"
#include "fts/fts5_registration.h"

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

}  // namespace

void register_fts5_tokenizer(sqlite3* db) {
  if (!register_tokenizer(db, "jiaozhu", fts5_tokenizer{create, destroy, tokenize_for_fts5})) {
    throw DatabaseError("this SQLite library has no FTS5, which jiaozhu's search needs, or refused its tokenizer");
  }
}

}  // namespace jiaozhu::detail
