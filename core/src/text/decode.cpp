#include "jiaozhu/decode.h"

#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <cctype>
#include <cstdio>
#include <variant>
#include <vector>

#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

// Where decoding failed: a byte offset into the input.
struct Failure {
  std::size_t byte;
};

std::size_t line_of(std::string_view bytes, std::size_t offset) {
  return 1 + static_cast<std::size_t>(std::count(bytes.begin(), bytes.begin() + static_cast<long>(offset), '\n'));
}

std::string place(const std::string& file, std::string_view bytes, std::size_t offset) {
  return file + ": line " + std::to_string(line_of(bytes, offset)) + ", byte " + std::to_string(offset);
}

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};

// Decodes with ICU's converter `name`, stopping at the first byte sequence it
// cannot map. Returns the UTF-8 text, or the failure offset.
std::variant<std::string, Failure> convert_strict(std::string_view bytes, const char* name) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UConverter, ConverterCloser> conv(ucnv_open(name, &status));
  if (U_FAILURE(status)) throw InputError(std::string("ICU has no converter for ") + name);
  ucnv_setToUCallBack(conv.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);

  std::u16string out(bytes.size() + 1, u'\0');
  const char* source = bytes.data();
  char16_t* target = out.data();
  ucnv_toUnicode(conv.get(), &target, out.data() + out.size(), &source, bytes.data() + bytes.size(),
                 nullptr, /*flush=*/true, &status);
  if (U_FAILURE(status)) {
    char invalid[32];
    int8_t invalid_length = sizeof invalid;
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidChars(conv.get(), invalid, &invalid_length, &ignored);
    const auto consumed = static_cast<std::size_t>(source - bytes.data());
    return Failure{consumed - std::min<std::size_t>(consumed, static_cast<std::size_t>(invalid_length))};
  }
  out.resize(static_cast<std::size_t>(target - out.data()));
  std::string utf8;
  icu::UnicodeString(false, out.data(), static_cast<int32_t>(out.size())).toUTF8String(utf8);
  return utf8;
}

const char* icu_name(Encoding e) {
  switch (e) {
    case Encoding::kGb18030: return "gb18030";
    case Encoding::kBig5: return "big5";
    default: return "utf-8";
  }
}

// UTF-16 without a byte order mark: read the code units both ways and keep
// the order in which more of them are characters a Chinese text is made of
// (ASCII, CJK punctuation, the basic Han block, full-width forms).
const char* utf16_order(std::string_view bytes) {
  auto plausible = [](unsigned unit) {
    return (unit >= 0x20 && unit < 0x7F) || unit == '\n' || unit == '\r' || unit == '\t' ||
           (unit >= 0x3000 && unit < 0x3040) || (unit >= 0x4E00 && unit < 0xA000) || (unit >= 0xFF00 && unit < 0xFFF0);
  };
  std::size_t little = 0, big = 0;
  for (std::size_t i = 0; i + 1 < bytes.size() && i < (1u << 16); i += 2) {
    const auto lo = static_cast<unsigned char>(bytes[i]), hi = static_cast<unsigned char>(bytes[i + 1]);
    little += plausible(lo | (hi << 8));
    big += plausible((lo << 8) | hi);
  }
  return big > little ? "utf-16be" : "utf-16le";
}

// ICU's detector's proposals among the encodings jiaozhu accepts, best first.
std::vector<std::string> detect(std::string_view bytes) {
  UErrorCode status = U_ZERO_ERROR;
  UCharsetDetector* det = ucsdet_open(&status);
  if (U_FAILURE(status)) return {};
  const std::size_t sample = std::min<std::size_t>(bytes.size(), 1 << 20);
  ucsdet_setText(det, bytes.data(), static_cast<int32_t>(sample), &status);
  int32_t count = 0;
  const UCharsetMatch** matches = ucsdet_detectAll(det, &count, &status);
  std::vector<std::string> names;
  for (int32_t i = 0; U_SUCCESS(status) && i < count; ++i) {
    std::string n = ucsdet_getName(matches[i], &status);
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    if (n == "gb18030" || n == "big5" || n == "utf-16le" || n == "utf-16be") names.push_back(n);
  }
  ucsdet_close(det);
  return names;
}

// Whether `bytes`, which are not valid UTF-8, are still UTF-8 in all but a
// few places: a file damaged by a dropped byte or a bad copy. Its many
// well-formed multi-byte sequences could not come from GB18030, Big5 or
// UTF-16 Chinese text, where they only happen by chance, and the detector
// must not be asked: it would find some encoding that maps the bytes to
// garbage (one byte dropped from a UTF-8 chapter read as "UTF-16BE").
bool damaged_utf8(std::string_view bytes) {
  const auto* s = reinterpret_cast<const uint8_t*>(bytes.data());
  const auto length = static_cast<int32_t>(std::min<std::size_t>(bytes.size(), 1 << 24));
  std::size_t sequences = 0, faults = 0;
  for (int32_t i = 0; i < length;) {
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0) ++faults;
    else ++sequences;
  }
  constexpr std::size_t kSequencesPerFault = 50;
  return sequences >= 16 && faults * kSequencesPerFault <= sequences;
}

void check_is_text(const std::string& file, std::string_view utf8) {
  std::size_t line = 1;
  for (unsigned char c : utf8) {
    if (c == '\n') ++line;
    else if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "U+%04X", c);
      throw InputError(file + ": line " + std::to_string(line) + ": control character " + hex +
                       ": this is not a text file");
    }
  }
}

DecodedText finish(const std::string& file, std::string utf8, std::string encoding) {
  if (utf8.starts_with("\xEF\xBB\xBF")) utf8.erase(0, 3);
  check_is_text(file, utf8);
  return {std::move(utf8), std::move(encoding)};
}

DecodedText decode_as(std::string_view bytes, const char* name, const std::string& file) {
  auto result = convert_strict(bytes, name);
  if (auto* f = std::get_if<Failure>(&result)) {
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    throw InputError(place(file, bytes, f->byte) + ": not valid " + upper);
  }
  return finish(file, std::move(std::get<std::string>(result)), name);
}

}  // namespace

Encoding parse_encoding(std::string_view name) {
  if (name == "auto") return Encoding::kAuto;
  if (name == "utf-8" || name == "utf8") return Encoding::kUtf8;
  if (name == "gb18030" || name == "gbk" || name == "gb2312") return Encoding::kGb18030;
  if (name == "big5") return Encoding::kBig5;
  if (name == "utf-16" || name == "utf16") return Encoding::kUtf16;
  throw UsageError("unknown encoding '" + std::string(name) +
                   "' (use auto, utf-8, gb18030, big5 or utf-16)");
}

DecodedText decode(std::string bytes, Encoding encoding, const std::string& file) {
  const bool bom16le = bytes.starts_with("\xFF\xFE");
  const bool bom16be = bytes.starts_with("\xFE\xFF");
  if (encoding == Encoding::kUtf16 || (encoding == Encoding::kAuto && (bom16le || bom16be))) {
    // The BOM, when there is one, decides the order and is not text.
    if (bom16le || bom16be) {
      return decode_as(std::string_view(bytes).substr(2), bom16le ? "utf-16le" : "utf-16be", file);
    }
    return decode_as(bytes, utf16_order(bytes), file);
  }
  if (encoding == Encoding::kGb18030 || encoding == Encoding::kBig5) {
    return decode_as(bytes, icu_name(encoding), file);
  }
  const auto invalid = first_invalid_utf8(bytes);
  if (!invalid) return finish(file, std::move(bytes), "utf-8");
  if (encoding == Encoding::kUtf8) {
    throw InputError(place(file, bytes, *invalid) + ": not valid UTF-8 (try --encoding gb18030 or big5)");
  }
  if (damaged_utf8(bytes)) {
    throw InputError(place(file, bytes, *invalid) +
                     ": not valid UTF-8, though the rest of the file is: is it damaged or cut short? "
                     "(if it is in another encoding, name it with --encoding)");
  }
  for (const std::string& name : detect(bytes)) {
    auto result = convert_strict(bytes, name.c_str());
    if (auto* text = std::get_if<std::string>(&result)) return finish(file, std::move(*text), name);
  }
  throw InputError(place(file, bytes, *invalid) +
                   ": not valid UTF-8, and not GB18030, Big5 or UTF-16 either (name one with --encoding)");
}

}  // namespace jiaozhu
