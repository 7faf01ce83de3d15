// What the fuzz targets that work on a database share: a base database made
// once per process, and reading a file back to compare it byte for byte.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "jiaozhu/workflow.h"
#include "jiaozhu/database.h"

namespace jz_fuzz {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// DIR/base.db in a folder of this process's own (jz-fuzz-NAME-PID): a copy of
// the file named by the environment variable `copy_of` when it is set (at
// this build's schema), else a fresh empty jiaozhu database. Made on the
// first call.
inline const std::filesystem::path& base_database(const char* name, const char* copy_of = nullptr) {
  static const std::filesystem::path path = [&] {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("jz-fuzz-" + std::string(name) + "-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path p = dir / "base.db";
    fs::remove(p);
    const char* given = copy_of ? std::getenv(copy_of) : nullptr;
    if (given && *given) fs::copy_file(given, p);
    // Opened once here, so that a copy of an older schema is upgraded before
    // any input is compared with it.
    jiaozhu::open_database(p, jiaozhu::OpenMode::kCreate);
    return p;
  }();
  return path;
}

}  // namespace jz_fuzz
