// Shared by the build-time generators: whether a code point is in a legacy
// character set (GB2312, Big5), by ICU's converters.
#pragma once

#include <unicode/ucnv.h>
#include <unicode/unistr.h>

#include <cstddef>
#include <string>

// Whether `cp` converts to `converter`'s charset, its bytes in `out`.
inline bool encodes(UConverter* converter, UChar32 cp, std::string& out) {
  UErrorCode e = U_ZERO_ERROR;
  const icu::UnicodeString s(cp);
  char bytes[8];
  ucnv_setFromUCallBack(converter, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &e);
  const int32_t n = ucnv_fromUChars(converter, bytes, sizeof bytes, s.getBuffer(), s.length(), &e);
  if (U_FAILURE(e)) return false;
  out.assign(bytes, static_cast<std::size_t>(n));
  return true;
}
