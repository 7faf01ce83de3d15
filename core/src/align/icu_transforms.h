// ICU transforms as collation uses them: made once per thread (creating one
// parses a large rule set, and one instance must not transliterate on two
// threads at once).
#pragma once

#include <unicode/unistr.h>

#include <string>

namespace jiaozhu::detail {

// `text` run through the ICU transform `id` ("Hant-Hans", "Han-Latin"); an
// unknown id leaves the text as it is.
icu::UnicodeString transformed(const char* id, const std::u32string& text);

// The letters and digits of `s`, folded (lowercase, no tone marks): pinyin
// compared without tones, case or spaces.
std::u32string toneless(const icu::UnicodeString& s);

}  // namespace jiaozhu::detail
