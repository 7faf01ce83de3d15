// Turning a source file's bytes into UTF-8 text.
#pragma once

#include <string>
#include <string_view>

namespace jiaozhu {

enum class Encoding { kAuto, kUtf8, kGb18030, kBig5, kUtf16 };

// Parses a --encoding value (auto, utf-8, gb18030, big5, utf-16); throws
// UsageError for anything else.
Encoding parse_encoding(std::string_view name);

struct DecodedText {
  std::string utf8;      // without a byte order mark
  std::string encoding;  // what was decoded: "utf-8", "gb18030", "big5", "utf-16le", "utf-16be"
};

// Decodes `bytes`, the content of `file` (named in errors only).
// kAuto: a byte order mark decides; else valid UTF-8 is UTF-8; else UTF-8
// damaged in a few places (one invalid sequence to fifty good ones or fewer)
// is an error naming the first; else ICU's charset detector proposes
// GB18030, Big5 or UTF-16 and the first proposal that decodes without error
// is taken. Bytes that do not decode are never
// replaced: throws InputError naming the file, line and byte offset. Decoded
// text holding control characters other than tab and line breaks is refused
// as binary.
DecodedText decode(std::string bytes, Encoding encoding, const std::string& file);

}  // namespace jiaozhu
