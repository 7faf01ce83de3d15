// Build-time generator: reads Unihan_Variants.txt (decompressed) on stdin and
// writes C++ tables on stdout:
//   kTraditionalOnly: characters with a kSimplifiedVariant that excludes
//                     themselves (後 → 后): used only in Traditional writing;
//   kSimplifiedOnly:  characters with a kTraditionalVariant that excludes
//                     themselves (们 → 們): used only in Simplified writing.
// Both sorted, for binary search. Characters that list themselves among their
// variants (后, 几, 干) are valid in both scripts and appear in neither table.
#include <cstdio>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

unsigned parse_code_point(const std::string& token) {  // "U+5F8C" or "U+5F8C<kSource"
  return static_cast<unsigned>(std::stoul(token.substr(2), nullptr, 16));
}

void emit(const char* name, const std::set<unsigned>& points) {
  std::printf("inline constexpr char32_t %s[] = {", name);
  int column = 0;
  for (unsigned cp : points) std::printf("%s0x%X,", (column++ % 12 == 0) ? "\n  " : " ", cp);
  std::printf("\n};\n\n");
}

}  // namespace

int main() {
  std::set<unsigned> traditional_only, simplified_only;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string subject, field, token;
    fields >> subject >> field;
    const bool to_simplified = field == "kSimplifiedVariant";
    if (!to_simplified && field != "kTraditionalVariant") continue;
    const unsigned self = parse_code_point(subject);
    bool lists_self = false;
    while (fields >> token) lists_self |= parse_code_point(token) == self;
    if (!lists_self) (to_simplified ? traditional_only : simplified_only).insert(self);
  }
  if (traditional_only.empty() || simplified_only.empty()) {
    std::cerr << "gen_unihan_tables: no variants read; is the input Unihan_Variants.txt?\n";
    return 1;
  }
  std::printf("// Generated from Unihan_Variants.txt by core/gen/gen_unihan_tables.cpp.\n");
  std::printf("#pragma once\n\n");
  emit("kTraditionalOnly", traditional_only);
  emit("kSimplifiedOnly", simplified_only);
  return 0;
}
