// Fuzz target: import-notes on a W3C file (seeded with real exports and
// hostile shapes: deep nesting, wrong JSON types, repeated ids). The file is
// untrusted: it must be refused with a jiaozhu::Error, leaving the database
// byte for byte as it was, or imported so that `check` finds the notes sound
// and both exports still work. The base database is $JZ_FUZZ_NOTES_DB (a
// copy of a real one, so that seeds anchor on its editions), else empty.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/note_exchange.h"

namespace fs = std::filesystem;
using jz_fuzz::slurp;

namespace {

void require_sound(jiaozhu::Database& db) {
  for (const jiaozhu::CheckResult& r : jiaozhu::check_database(db)) {
    if (!r.faults.empty()) std::abort();
  }
  std::ostringstream out;
  jiaozhu::export_notes(db, jiaozhu::NoteFormat::kW3c, true, out);
  jiaozhu::export_notes(db, jiaozhu::NoteFormat::kCsv, true, out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const fs::path& base = jz_fuzz::base_database("notes", "JZ_FUZZ_NOTES_DB");
  const fs::path dir = base.parent_path(), local = dir / "local.db", file = dir / "notes.json";
  fs::copy_file(base, local, fs::copy_options::overwrite_existing);
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  const std::string before = slurp(local);
  jiaozhu::Database db = jiaozhu::open_database(local, jiaozhu::OpenMode::kExisting);
  try {
    // Annotations of other tools on a web page go to edition A, when the
    // seed database holds it: their quotes are placed through the index.
    jiaozhu::NotesImportOptions options;
    options.edition = "A";
    jiaozhu::import_notes(db, file, options);
  } catch (const jiaozhu::Error&) {
    if (slurp(local) != before) std::abort();  // a refused import changed the database
    return 0;
  }
  require_sound(db);
  return 0;
}
