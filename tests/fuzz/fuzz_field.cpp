// Fuzz target: the field rules (field.h) that every boundary applies. The
// first byte picks the field, the rest is the value. A value the rules pass
// must be one every other part of jiaozhu can store, export and print: valid
// UTF-8, in NFC, without control characters but the line breaks the field
// allows; checked_argument() either refuses with UsageError or returns such
// a value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"

namespace {

constexpr jiaozhu::Field kFields[] = {
    jiaozhu::Field::kPassageText, jiaozhu::Field::kPassageLabel, jiaozhu::Field::kNoteText,
    jiaozhu::Field::kQuote,       jiaozhu::Field::kTag,          jiaozhu::Field::kAuthor,
    jiaozhu::Field::kMotivation,  jiaozhu::Field::kTimestamp,    jiaozhu::Field::kUuid,
    jiaozhu::Field::kWork,        jiaozhu::Field::kTitle,        jiaozhu::Field::kPersonName,
    jiaozhu::Field::kPersonNote,  jiaozhu::Field::kFileName};

bool line_breaks_allowed(jiaozhu::Field f) {
  return f == jiaozhu::Field::kPassageText || f == jiaozhu::Field::kNoteText || f == jiaozhu::Field::kQuote ||
         f == jiaozhu::Field::kPersonNote;
}

// What passing the rules promises, checked independently of field.cpp.
void require_storable(jiaozhu::Field f, const std::string& v) {
  if (jiaozhu::first_invalid_utf8(v)) std::abort();
  if (jiaozhu::to_nfc(v) != v) std::abort();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto c = static_cast<unsigned char>(v[i]);
    const bool allowed_break = line_breaks_allowed(f) && (c == '\n' || c == '\r' || c == '\t');
    if ((c < 0x20 || c == 0x7F) && !allowed_break) std::abort();
    if (c == 0xC2 && i + 1 < v.size() && static_cast<unsigned char>(v[i + 1]) < 0xA0) std::abort();
  }
  if (f == jiaozhu::Field::kUuid && !v.empty() && (v.size() != 36 || jiaozhu::lower_ascii(v) != v)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const jiaozhu::Field field = kFields[data[0] % (sizeof kFields / sizeof kFields[0])];
  const std::string value(reinterpret_cast<const char*>(data + 1), size - 1);
  if (!jiaozhu::field_fault(field, value)) require_storable(field, value);
  try {
    const std::string normal = jiaozhu::checked_argument(field, value, "--value");
    if (jiaozhu::field_fault(field, normal)) std::abort();
    require_storable(field, normal);
  } catch (const jiaozhu::UsageError&) {
  }
  return 0;
}
