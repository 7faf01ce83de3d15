#include "suggest.h"

#include <algorithm>
#include <numeric>

namespace jiaozhu::cli {
namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> unknown_command(int argc, char** argv, const std::vector<std::string>& commands) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--db") { ++i; continue; }
    if (word.starts_with("-")) continue;
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) return std::nullopt;
    std::string message = "unknown command '" + word + "'";
    std::size_t best_distance = 3;
    for (const std::string& c : commands) {
      const std::size_t d = edit_distance(word, c);
      if (d < best_distance) {
        best_distance = d;
        message = "unknown command '" + word + "' (did you mean `" + c + "`?)";
      }
    }
    return message;
  }
  return std::nullopt;
}

}  // namespace jiaozhu::cli
