// jiaozhu-manual: writes jiaozhu's manual page and bash completion, from the
// same command tree as the binary. Run by the build (cli/CMakeLists.txt).
// Usage: jiaozhu-manual MAN_FILE COMPLETION_FILE
#include <fstream>
#include <iostream>

#include "app.h"
#include "manual.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: jiaozhu-manual MAN_FILE COMPLETION_FILE\n";
    return 2;
  }
  CLI::App app;
  jiaozhu::cli::Globals globals;
  jiaozhu::cli::configure_app(app, globals);
  std::ofstream man(argv[1], std::ios::binary), completion(argv[2], std::ios::binary);
  man << jiaozhu::cli::man_page(app);
  completion << jiaozhu::cli::bash_completion(app);
  if (!man.flush() || !completion.flush()) {
    std::cerr << "jiaozhu-manual: cannot write " << argv[1] << " or " << argv[2] << '\n';
    return 1;
  }
  return 0;
}
