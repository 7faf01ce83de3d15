// Fuzz target: the query language. Any input gives an FTS5 expression or a
// UsageError; the expression, run against a real index, must never raise an
// FTS5 syntax error.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "jiaozhu/error.h"
#include "jiaozhu/query.h"
#include "fts/fts5_tokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static SQLite::Database* db = [] {
    auto* d = new SQLite::Database(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    jiaozhu::detail::register_fts5_tokenizer(d->getHandle());
    d->exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'jiaozhu');"
            "INSERT INTO t VALUES ('張若麟便與馬紹愉，xìng shè'), ('皇太极一听，大喜')");
    return d;
  }();
  std::string fts;
  try {
    fts = jiaozhu::to_fts5_query(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const jiaozhu::UsageError&) {
    return 0;
  }
  try {
    SQLite::Statement q(*db, "SELECT count(*) FROM t WHERE t MATCH ?");
    q.bind(1, fts);
    q.executeStep();
  } catch (const SQLite::Exception&) {
    std::abort();  // to_fts5_query let through what FTS5 refuses
  }
  return 0;
}
