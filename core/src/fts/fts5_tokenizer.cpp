#include "fts/fts5_tokenizer.h"

#include <sqlite3.h>

#include "jiaozhu/error.h"
#include "jiaozhu/tokenizer.h"
#include "fts/fts5_registration.h"

namespace jiaozhu::detail {
namespace {

// An instance is the connection's folding: FTS5 passes back what create
// returned.
int create(void* folding, const char**, int, Fts5Tokenizer** out) {
  *out = static_cast<Fts5Tokenizer*>(folding);
  return SQLITE_OK;
}

void destroy(Fts5Tokenizer*) {}

using TokenFn = int (*)(void*, int, const char*, int, int, int);

int tokenize_for_fts5(Fts5Tokenizer* instance, void* context, int /*flags*/, const char* text, int length,
                      TokenFn emit) {
  if (!text || length <= 0) return SQLITE_OK;
  int rc = SQLITE_OK;
  tokenize(std::string_view(text, static_cast<std::size_t>(length)), [&](const Token& t) {
    rc = emit(context, 0, t.text.data(), static_cast<int>(t.text.size()), static_cast<int>(t.begin),
              static_cast<int>(t.end));
    return rc == SQLITE_OK;
  }, *reinterpret_cast<const Folding*>(instance));
  return rc;
}

}  // namespace

void register_fts5_tokenizer(sqlite3* db, const Folding* folding) {
  if (!folding) folding = &Folding::builtin();
  if (!register_tokenizer(db, "jiaozhu", const_cast<Folding*>(folding),
                          fts5_tokenizer{create, destroy, tokenize_for_fts5})) {
    throw DatabaseError("this SQLite library has no FTS5, which jiaozhu's search needs, or refused its tokenizer");
  }
}

}  // namespace jiaozhu::detail
