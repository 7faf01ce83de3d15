#include "jiaozhu/address.h"

#include <charconv>

#include "jiaozhu/error.h"

namespace jiaozhu {
namespace {

int64_t parse_number(std::string_view digits, std::string_view whole) {
  int64_t n = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n < 1) {
    throw UsageError("'" + std::string(whole) + "' is not a passage address (write S, S:N or S:N-M, N from 1)");
  }
  return n;
}

}  // namespace

bool valid_siglum(std::string_view s) {
  if (s.empty() || s.size() > 32) return false;
  auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  if (!alpha(s[0])) return false;
  for (char c : s) {
    if (!alpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-') return false;
  }
  return true;
}

Address parse_address(std::string_view text) {
  Address a;
  const auto colon = text.find(':');
  a.siglum = std::string(text.substr(0, colon));
  if (!valid_siglum(a.siglum)) {
    throw UsageError("'" + std::string(text) +
                     "' is not a passage address: a siglum is a letter then letters, digits, _ or -");
  }
  if (colon == std::string_view::npos) return a;
  const std::string_view range = text.substr(colon + 1);
  const auto dash = range.find('-');
  a.first = parse_number(range.substr(0, dash), text);
  a.last = dash == std::string_view::npos ? a.first : parse_number(range.substr(dash + 1), text);
  if (a.last < a.first) throw UsageError("'" + std::string(text) + "' is a reversed range");
  return a;
}

std::string format_address(std::string_view siglum, int64_t seq) {
  return std::string(siglum) + ":" + std::to_string(seq);
}

}  // namespace jiaozhu
