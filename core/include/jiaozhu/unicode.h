// Small Unicode helpers over UTF-8 strings. Offsets everywhere in jiaozhu are
// code points, and text is stored NFC-normalized.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace jiaozhu {

// The byte offset of the first ill-formed UTF-8 sequence in `bytes`, or
// nullopt when all of it is valid UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view bytes);

// The NFC form of valid UTF-8 `text` (returned unchanged when already NFC).
std::string to_nfc(std::string_view text);

// The number of code points in valid UTF-8 `text`.
std::size_t code_points(std::string_view text);

// Valid UTF-8 as code points, and back.
std::u32string to_code_points(std::string_view text);
std::string to_utf8(std::u32string_view text);
// Appends the code points of valid UTF-8 `text` to `out` (a buffer reused
// across many texts: no allocation once it is large enough).
void append_code_points(std::u32string& out, std::string_view text);

// Appends code point `c` to `out` as UTF-8.
void append_utf8(std::string& out, char32_t c);

// True when `text` holds only white space (Unicode White_Space, which
// includes the ideographic space U+3000), or nothing.
bool is_blank(std::string_view text);

}  // namespace jiaozhu
