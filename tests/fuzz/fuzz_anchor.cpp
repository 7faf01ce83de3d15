// Fuzz target: the note anchor resolver. The input is "text|exact|prefix|suffix"
// (missing parts empty). Whatever locate() returns must lie inside the text,
// an exact placement must hold the quote, and a selector made from a span of
// the unchanged text must find that span's words again.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/unicode.h"
#include "notes/quote_anchor.h"

namespace {

std::vector<std::u32string> fields(const std::u32string& all) {
  std::vector<std::u32string> out(4);
  std::size_t k = 0;
  for (char32_t c : all) {
    if (c == U'|' && k < 3) ++k;
    else out[k] += c;
  }
  return out;
}

void check_placement(const std::u32string& text, const jiaozhu::detail::QuoteSelector& q,
                     const std::optional<jiaozhu::detail::Placement>& p) {
  if (!p) return;
  if (p->start > p->end || p->end > text.size()) std::abort();
  if (p->exact && text.compare(p->start, p->end - p->start, q.exact) != 0) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  if (jiaozhu::first_invalid_utf8(bytes) || size > 8192) return 0;  // the approximate search is O(n·m)
  const auto f = fields(jiaozhu::to_code_points(bytes));
  const std::u32string& text = f[0];
  const jiaozhu::detail::QuoteSelector q{f[1], f[2], f[3]};
  for (bool strict : {false, true}) check_placement(text, q, jiaozhu::detail::locate(text, q, size % 7, strict));
  for (const std::u32string& r : jiaozhu::detail::closest_readings(text, q.exact, 3)) {
    if (r.size() > text.size()) std::abort();
  }
  if (text.empty()) return 0;
  const std::size_t start = size % text.size(), end = std::min(text.size(), start + 1 + size % 5);
  const auto own = jiaozhu::detail::make_selector(text, start, end);
  const auto found = jiaozhu::detail::locate(text, own, start, false);
  if (!found || text.compare(found->start, found->end - found->start, own.exact) != 0) std::abort();
  return 0;
}
