#include "align/icu_transforms.h"

#include <unicode/translit.h>

#include <memory>
#include <string>
#include <unordered_map>

#include "jiaozhu/fold.h"

namespace jiaozhu::detail {
namespace {

icu::Transliterator& transform(const char* id) {
  thread_local std::unordered_map<std::string, std::unique_ptr<icu::Transliterator>> made;
  auto& t = made[id];
  if (!t) {
    UErrorCode status = U_ZERO_ERROR;
    t.reset(icu::Transliterator::createInstance(id, UTRANS_FORWARD, status));
    if (U_FAILURE(status)) t.reset(icu::Transliterator::createInstance("Any-Null", UTRANS_FORWARD, status));
  }
  return *t;
}

}  // namespace

icu::UnicodeString transformed(const char* id, const std::u32string& text) {
  icu::UnicodeString s;
  for (char32_t c : text) s.append(static_cast<UChar32>(c));
  transform(id).transliterate(s);
  return s;
}

std::u32string toneless(const icu::UnicodeString& s) {
  std::u32string out;
  for (int32_t i = 0; i < s.length(); i = s.moveIndex32(i, 1)) {
    const char32_t c = static_cast<char32_t>(s.char32At(i));
    if (is_letter_or_digit(c)) out += fold_letter(c);
  }
  return out;
}

}  // namespace jiaozhu::detail
