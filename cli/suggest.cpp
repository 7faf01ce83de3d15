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

// "unknown WHAT 'word'", with the nearest of `known` (at most 2 edits away).
std::string unknown(const char* what, const std::string& word, const std::vector<std::string>& known) {
  std::string message = std::string("unknown ") + what + " '" + word + "'";
  std::size_t best_distance = 3;
  for (const std::string& k : known) {
    const std::size_t d = edit_distance(word, k);
    if (d < best_distance) {
      best_distance = d;
      message = std::string("unknown ") + what + " '" + word + "' (did you mean `" + k + "`?)";
    }
  }
  return message;
}

}  // namespace

std::optional<std::string> unknown_command(int argc, char** argv, const std::vector<std::string>& commands) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--db") { ++i; continue; }
    if (word.starts_with("-")) continue;
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) return std::nullopt;
    return unknown("command", word, commands);
  }
  return std::nullopt;
}

std::optional<std::string> unknown_option(int argc, char** argv, const std::vector<std::string>& options) {
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "--") return std::nullopt;  // what follows is not options
    if (!word.starts_with("--") || word.size() < 3) continue;
    word = word.substr(0, word.find('='));
    if (std::find(options.begin(), options.end(), word) == options.end()) return unknown("option", word, options);
  }
  return std::nullopt;
}

}  // namespace jiaozhu::cli
