// Fuzz target: collation of two short texts (the bytes split in two). The
// diff's matches must be equal elements in increasing order, and every
// variant must lie inside its passages.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "align/collation_text.h"
#include "align/diff.h"
#include "align/variant_finder.h"
#include "jiaozhu/unicode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string all(reinterpret_cast<const char*>(data), size);
  if (jiaozhu::first_invalid_utf8(all)) return 0;
  std::size_t cut = all.find('|');
  if (cut == std::string::npos) cut = all.size() / 2;
  const std::vector<std::string> a{all.substr(0, cut)}, b{cut < all.size() ? all.substr(cut + 1) : std::string()};
  const jiaozhu::Folding& folding = jiaozhu::Folding::builtin();
  const auto ta = jiaozhu::detail::make_collation_text(a, folding), tb = jiaozhu::detail::make_collation_text(b, folding);
  const auto matches = jiaozhu::detail::myers_diff(ta.keys, tb.keys);
  for (std::size_t k = 0; k < matches.size(); ++k) {
    if (ta.keys[matches[k].a] != tb.keys[matches[k].b]) std::abort();
    if (k && (matches[k].a <= matches[k - 1].a || matches[k].b <= matches[k - 1].b)) std::abort();
  }
  for (const auto& v : jiaozhu::detail::find_variants(ta, tb, {})) {
    if (v.a.end > ta.passages[v.a.passage].size() || v.b.end > tb.passages[v.b.passage].size()) std::abort();
    if (v.a.start > v.a.end || v.b.start > v.b.end) std::abort();
  }
  return 0;
}
