// jiaozhu-serve: the local web server behind `jiaozhu serve`, a binary of
// its own so that the HTTP library and what it loads (OpenSSL, zlib,
// brotli: 1.7 ms at every start) burden only the server, not every
// command. `jiaozhu serve` executes it with the database already resolved.
#include <iostream>

#include "app.h"
#include "jiaozhu/error.h"
#include "serve.h"

int main(int argc, char** argv) {
  using namespace jiaozhu;
  cli::Globals g;
  int port = 0;
  bool open = false;
  CLI::App app("jiaozhu-serve: the local web server of `jiaozhu serve`", "jiaozhu-serve");
  app.add_option("--db", g.db_path, "The database file")->required();
  app.add_option("--port", port, "The port (0: any free one)")->check(CLI::Range(0, 65535));
  app.add_flag("--open", open, "Open the address in the desktop's browser");
  app.add_flag("-q,--quiet", g.quiet, "No summary on stderr");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    cli::serve(g, port, [&](const std::string& url) {
      std::cout << url << std::endl;  // the first line: scripts read the address and its token from it
      if (!g.quiet) std::cerr << "jiaozhu: serving " << g.db_path << " on 127.0.0.1 only; Ctrl-C stops\n";
      if (open) cli::open_in_browser(url);
    });
  } catch (const Error& e) {
    std::cerr << "jiaozhu: " << e.what() << '\n';
    return cli::exit_code(e.kind());
  } catch (const std::exception& e) {
    std::cerr << "jiaozhu: internal error: " << e.what() << '\n';
    return cli::kExitInternal;
  }
  return 0;
}
