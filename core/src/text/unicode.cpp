#include "jiaozhu/unicode.h"

#include <unicode/normalizer2.h>
#include <unicode/bytestream.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "jiaozhu/error.h"

#include <algorithm>

namespace jiaozhu {

std::optional<std::size_t> first_invalid_utf8(std::string_view bytes) {
  const auto* s = reinterpret_cast<const uint8_t*>(bytes.data());
  const auto length = static_cast<int64_t>(bytes.size());
  int64_t i = 0;
  while (i < length) {
    if (s[i] < 0x80) { ++i; continue; }  // ASCII fast path
    // U8_NEXT works on int32_t offsets: step through a window around i.
    const int32_t window = static_cast<int32_t>(std::min<int64_t>(length - i, 4));
    int32_t j = 0;
    UChar32 c;
    U8_NEXT(s + i, j, window, c);
    if (c < 0) return static_cast<std::size_t>(i);
    i += j;
  }
  return std::nullopt;
}

std::string to_nfc(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  const icu::StringPiece piece(text.data(), static_cast<int32_t>(text.size()));
  if (U_SUCCESS(status) && nfc->isNormalizedUTF8(piece, status) && U_SUCCESS(status)) {
    return std::string(text);
  }
  std::string out;
  status = U_ZERO_ERROR;
  icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(text.size()));
  nfc->normalizeUTF8(0, piece, sink, nullptr, status);
  if (U_FAILURE(status)) throw InputError(std::string("cannot normalize text: ") + u_errorName(status));
  return out;
}

std::size_t code_points(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;  // count lead bytes
  return n;
}

std::u32string to_code_points(std::string_view text) {
  std::u32string out;
  out.reserve(text.size() / 2);
  append_code_points(out, text);
  return out;
}

void append_code_points(std::u32string& out, std::string_view text) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c >= 0) out += static_cast<char32_t>(c);
  }
}

std::string to_utf8(std::u32string_view text) {
  std::string out;
  out.reserve(text.size() * 3);
  for (char32_t c : text) append_utf8(out, c);
  return out;
}

void append_utf8(std::string& out, char32_t c) {
  char buf[4];
  int32_t n = 0;
  UBool error = false;
  U8_APPEND(reinterpret_cast<uint8_t*>(buf), n, 4, static_cast<UChar32>(c), error);
  if (!error) out.append(buf, static_cast<std::size_t>(n));
}

bool is_blank(std::string_view text) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (!u_isUWhiteSpace(c)) return false;
  }
  return true;
}

}  // namespace jiaozhu
