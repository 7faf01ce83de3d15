// Fuzz target: `merge` given a mutated .db file (seeded with small real
// jiaozhu databases). The other file is untrusted: it must be refused with a
// jiaozhu::Error or merged, never crash, and a refused merge must leave the
// local database byte for byte as it was.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_support.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/merge.h"

namespace fs = std::filesystem;
using jz_fuzz::slurp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const fs::path& base = jz_fuzz::base_database("merge");
  const fs::path dir = base.parent_path(), local = dir / "local.db", other = dir / "other.db";
  fs::copy_file(base, local, fs::copy_options::overwrite_existing);
  fs::remove(other.string() + "-journal");
  {
    std::ofstream out(other, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  const std::string before = slurp(local);
  try {
    jiaozhu::Database db = jiaozhu::open_database(local, jiaozhu::OpenMode::kExisting);
    jiaozhu::merge_database(db, other, false);
  } catch (const jiaozhu::Error&) {
    if (slurp(local) != before) std::abort();  // a refused merge changed the database
  }
  return 0;
}
