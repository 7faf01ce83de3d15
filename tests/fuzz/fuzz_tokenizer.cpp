// Fuzz target: the search tokenizer and folding on any bytes. Tokens must lie
// inside the text, in order, and folding must be idempotent.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "jiaozhu/fold.h"
#include "jiaozhu/tokenizer.h"
#include "jiaozhu/unicode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t last_end = 0;
  jiaozhu::tokenize(text, [&](const jiaozhu::Token& t) {
    if (t.begin < last_end || t.end <= t.begin || t.end > text.size() || t.text.empty()) std::abort();
    last_end = t.end;
    return true;
  });
  const std::u32string once = jiaozhu::fold_code_points(jiaozhu::to_code_points(text));
  if (jiaozhu::fold_code_points(once) != once) std::abort();
  return 0;
}
