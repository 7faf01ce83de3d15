// jiaozhu-manual: writes jiaozhu's manual page and bash completion, from the
// same command tree as the binary. Run by the build (cli/CMakeLists.txt).
// Usage: jiaozhu-manual MAN_FILE COMPLETION_FILE
#include <iostream>

#include "manual.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: jiaozhu-manual MAN_FILE COMPLETION_FILE\n";
    return 2;
  }
  if (!jiaozhu::cli::write_manual_files(argv[1], argv[2])) {
    std::cerr << "jiaozhu-manual: cannot write " << argv[1] << " or " << argv[2] << '\n';
    return 1;
  }
  return 0;
}
