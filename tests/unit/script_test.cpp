#include <catch2/catch.hpp>

#include "jiaozhu/script.h"
#include "support.h"

using namespace jiaozhu;

TEST_CASE("the fixture editions are detected as Traditional and Simplified") {
  CHECK(detect_script(jz_test::read_file(jz_test::corpus("songjin/hant.txt"))) == Script::kHant);
  CHECK(detect_script(jz_test::read_file(jz_test::corpus("songjin/hans.txt"))) == Script::kHans);
}

TEST_CASE("characters shared by both scripts decide nothing") {
  // 后 几 干 are Simplified forms of 後 幾 乾 but also Traditional characters.
  CHECK(detect_script("皇后几干") == Script::kUnknown);
  CHECK(detect_script("abc，。") == Script::kUnknown);
  CHECK(detect_script("他們說話") == Script::kHant);
  CHECK(detect_script("他们说话") == Script::kHans);
}

TEST_CASE("a text with both scripts in like measure is mixed") {
  CHECK(detect_script("他們說話他们说话") == Script::kMixed);
  // One stray Simplified character in ten Traditional ones is still Traditional.
  CHECK(detect_script("們們們們們們們們們們们") == Script::kHant);
}
