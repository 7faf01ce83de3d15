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
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>

#include "jiaozhu/check.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/note_exchange.h"

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const fs::path& base() {
  static const fs::path path = [] {
    const fs::path dir = fs::temp_directory_path() / ("jz-fuzz-notes-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path p = dir / "base.db";
    fs::remove(p);
    const char* given = std::getenv("JZ_FUZZ_NOTES_DB");
    if (given && *given) {
      fs::copy_file(given, p);
    } else {
      jiaozhu::Database::open(p, jiaozhu::OpenMode::kCreate);
    }
    return p;
  }();
  return path;
}

void require_sound(jiaozhu::Database& db) {
  for (const jiaozhu::CheckResult& r : jiaozhu::check_database(db)) {
    if (!r.faults.empty()) std::abort();
  }
  std::ostringstream out;
  jiaozhu::export_notes(db, jiaozhu::NoteFormat::kW3c, out);
  jiaozhu::export_notes(db, jiaozhu::NoteFormat::kCsv, out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const fs::path dir = base().parent_path(), local = dir / "local.db", file = dir / "notes.json";
  fs::copy_file(base(), local, fs::copy_options::overwrite_existing);
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  const std::string before = slurp(local);
  jiaozhu::Database db = jiaozhu::Database::open(local, jiaozhu::OpenMode::kExisting);
  try {
    jiaozhu::import_notes(db, file);
  } catch (const jiaozhu::Error&) {
    if (slurp(local) != before) std::abort();  // a refused import changed the database
    return 0;
  }
  require_sound(db);
  return 0;
}
