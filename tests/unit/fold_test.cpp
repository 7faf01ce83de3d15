#include <unicode/translit.h>
#include <unicode/unistr.h>

#include <catch2/catch.hpp>
#include <memory>

#include "jiaozhu/fold.h"
#include "support.h"

using namespace jiaozhu;

namespace {

char32_t fold1(const char* utf8) { return fold_han(jz_test::to_u32(utf8).at(0)); }

}  // namespace

TEST_CASE("Traditional and Simplified forms fold alike") {
  CHECK(fold1("張") == fold1("张"));
  CHECK(fold1("疇") == fold1("畴"));
  CHECK(fold1("後") == fold1("后"));
  CHECK(fold1("裡") == fold1("里"));
  CHECK(fold1("裏") == fold1("里"));
}

TEST_CASE("variant forms fold to one representative") {
  CHECK(fold1("淩") == fold1("凌"));  // OpenCC's table
  CHECK(fold1("疎") == fold1("疏"));  // Unihan: mutual semantic variants
  CHECK(fold1("凌") == U'凌');        // the common form represents its class
}

TEST_CASE("distinct readings stay distinct") {
  CHECK(fold1("若") != fold1("着"));  // the scribal error 张着麟 must stay findable apart
  CHECK(fold1("士") != fold1("土"));
  CHECK(fold1("太") != fold1("大"));
}

TEST_CASE("non-Han characters are left alone") {
  CHECK(fold_han(U'a') == U'a');
  CHECK(fold_han(U'，') == U'，');
  CHECK(fold_text("張若麟，xìng") == "张若麟，xìng");
}

TEST_CASE("folding is idempotent and coarsens ICU's Hant-Hans over every Han character") {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Transliterator> icu(icu::Transliterator::createInstance("Hant-Hans", UTRANS_FORWARD, status));
  REQUIRE(U_SUCCESS(status));
  std::size_t checked = 0, folded = 0;
  for (char32_t c = 0x3400; c <= 0x3134F; ++c) {
    if (!is_han(c) || !u_isdefined(static_cast<UChar32>(c))) continue;
    const char32_t f = fold_han(c);
    if (f != fold_han(f)) FAIL("fold is not idempotent at U+" << std::hex << static_cast<uint32_t>(c));
    icu::UnicodeString s(static_cast<UChar32>(c));
    icu->transliterate(s);
    if (s.countChar32() == 1 && fold_han(static_cast<char32_t>(s.char32At(0))) != f) {
      FAIL("ICU maps U+" << std::hex << static_cast<uint32_t>(c) << " to a character that folds elsewhere");
    }
    ++checked;
    folded += f != c;
  }
  CHECK(checked > 90000);
  CHECK(folded > 5000);
  CHECK(fold_table_version().starts_with("fold-"));
}

TEST_CASE("the built-in table names its sources with their versions") {
  const std::string sources(jiaozhu::fold_table_sources());
  for (const char* source : {"ICU 7", "OpenCC 1.", "Unicode 1", "Unihan 1"}) {
    INFO(sources);
    CHECK(sources.find(source) != std::string::npos);
  }
  CHECK(jiaozhu::fold_table_folds() > 5000);
}
