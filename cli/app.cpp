#include "app.h"

namespace jiaozhu::cli {

void add_page_options(CLI::App* cmd, Page& page) {
  cmd->add_option("--limit", page.limit, "Print at most N rows")->check(CLI::NonNegativeNumber);
  cmd->add_option("--offset", page.offset, "Skip the first N rows")->check(CLI::NonNegativeNumber);
}

}  // namespace jiaozhu::cli
