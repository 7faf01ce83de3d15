// Fuzz target: bytes in any encoding through decoding and every parser, as
// `jiaozhu import` reads a file. Errors must be InputError, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "import/source_parser.h"
#include "jiaozhu/decode.h"
#include "jiaozhu/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  for (jiaozhu::Encoding e : {jiaozhu::Encoding::kAuto, jiaozhu::Encoding::kGb18030, jiaozhu::Encoding::kBig5,
                              jiaozhu::Encoding::kUtf16}) {
    try {
      const jiaozhu::DecodedText text = jiaozhu::decode(bytes, e, "fuzz");
      jiaozhu::detail::parse_text(text.utf8, "fuzz");
      jiaozhu::detail::parse_json(text.utf8, "fuzz", {size % 2 == 0, size % 3 ? "" : "content", {"chapter"}});
      jiaozhu::detail::parse_mandoku(text.utf8, "fuzz");
      jiaozhu::detail::parse_tei(text.utf8, "fuzz");
    } catch (const jiaozhu::Error&) {
    }
  }
  return 0;
}
