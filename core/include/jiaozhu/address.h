// Passage addresses as scholars write them: SIGLUM, SIGLUM:N or SIGLUM:N-M.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace jiaozhu {

struct Address {
  std::string siglum;
  int64_t first = 0;  // 1-based; 0 with last 0 means the whole edition
  int64_t last = 0;   // inclusive

  bool whole_edition() const { return first == 0; }
};

// Parses "A", "A:3" or "A:3-7". A siglum starts with a letter and holds
// letters, digits, '_' and '-'. Throws UsageError naming the text otherwise,
// and for an empty or reversed range.
Address parse_address(std::string_view text);

// "A:3"
std::string format_address(std::string_view siglum, int64_t seq);

// True for a well-formed siglum (the rule above, at most 32 characters).
bool valid_siglum(std::string_view siglum);

}  // namespace jiaozhu
