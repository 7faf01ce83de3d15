#include "jiaozhu/csv.h"

namespace jiaozhu {

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::vector<std::string> split_tsv(std::string_view line) {
  std::vector<std::string> out;
  std::size_t from = 0;
  for (std::size_t tab; (tab = line.find('\t', from)) != std::string_view::npos; from = tab + 1) {
    out.emplace_back(line.substr(from, tab - from));
  }
  out.emplace_back(line.substr(from));
  return out;
}

}  // namespace jiaozhu
