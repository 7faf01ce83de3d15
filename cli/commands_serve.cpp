// serve: the local reading and annotating room in the browser. The server
// is the binary jiaozhu-serve beside this one (serve_main.cpp): this
// command resolves the database and hands over to it.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "app.h"
#include "jiaozhu/error.h"

namespace jiaozhu::cli {
namespace {

std::filesystem::path server_binary() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw UsageError("cannot find where jiaozhu is installed (/proc/self/exe): " + ec.message());
  return self.parent_path() / "jiaozhu-serve";
}

}  // namespace

void add_serve_command(CLI::App& app, Globals& g) {
  add_command(app, g, "serve", "Read and annotate in a browser: a local web server on 127.0.0.1 (Ctrl-C stops it)",
              [&g](CLI::App* cmd) {
    struct ServeArgs {
      int port = 0;
      bool open = false;
    };
    auto args = std::make_shared<ServeArgs>();
    cmd->add_option("--port", args->port, "The port to listen on (default: any free one)")->check(CLI::Range(0, 65535));
    cmd->add_flag("--open", args->open, "Open the address in the desktop's browser");
    cmd->callback([&g, args] {
      const std::string server = server_binary().string();
      std::vector<std::string> words{server, "--db", g.db_path, "--port", std::to_string(args->port)};
      if (args->open) words.push_back("--open");
      if (g.quiet) words.push_back("--quiet");
      std::vector<char*> argv;
      for (std::string& w : words) argv.push_back(w.data());
      argv.push_back(nullptr);
      std::cout.flush();
      execv(server.c_str(), argv.data());
      throw UsageError("cannot start " + server + " (" + std::strerror(errno) + "): it is built beside jiaozhu");
    });
  });
}

}  // namespace jiaozhu::cli
