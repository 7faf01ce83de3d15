// Unihan's shape and sound fields as built into the binary: the pairs the
// 校勘 literature cites as 形近 and 音近 are found close, unrelated ones not.
#include "jiaozhu/han_properties.h"

#include <catch2/catch.hpp>

#include "jiaozhu/unicode.h"

using namespace jiaozhu;

namespace {

char32_t han(const char* utf8) { return to_code_points(utf8).at(0); }

HanLikeness like(const char* a, const char* b) { return han_likeness(han(a), han(b)); }

}  // namespace

TEST_CASE("han_properties reads Unihan's fields, readings without tones") {
  const auto ji = han_properties(han("己"));
  REQUIRE(ji);
  CHECK(ji->cangjie == "SU");
  CHECK(ji->four_corner == "1771.7");
  CHECK(ji->phonetic == "597");
  CHECK(ji->mandarin == "ji");
  CHECK(ji->cantonese == "gei");
  CHECK_FALSE(han_properties(U'a'));
  CHECK(han_properties(han("女"))->mandarin.find("nv") != std::string_view::npos);  // ü kept apart from u
}

TEST_CASE("characters the literature calls 形近 are close in shape") {
  for (auto [a, b] : {std::pair{"己", "已"}, {"未", "末"}, {"日", "曰"}, {"鳥", "烏"}, {"苦", "若"}, {"己", "巳"}})
    CHECK(like(a, b).close_in_shape());
  CHECK(like("苦", "若").cangjie == "TJR~TKR");
  CHECK(like("未", "末").cangjie == "JD~DJ");  // two neighbours swapped
  CHECK_FALSE(like("天", "鬱").close_in_shape());
  CHECK_FALSE(like("山", "水").close_in_shape());
}

TEST_CASE("characters read alike, or of one phonetic series, are found so") {
  CHECK(like("流", "留").mandarin == "liu");
  CHECK(like("流", "留").cantonese == "lau");
  CHECK(like("和", "何").close_in_sound());
  CHECK(like("在", "再").mandarin == "zai");
  CHECK_FALSE(like("山", "水").close_in_sound());
  CHECK(like("己", "己").mandarin.empty());  // a character is not its own variant
}

TEST_CASE("Unihan's variant fields are read both ways") {
  const char32_t a = han("峯"), b = han("峰");
  CHECK(unihan_variant_relations(a, b) != 0);
  CHECK(unihan_variant_relations(a, b) == unihan_variant_relations(b, a));
  CHECK(unihan_variant_relations(han("山"), han("水")) == 0);
  const auto lines = describe(han_likeness(a, b));
  REQUIRE_FALSE(lines.empty());
  CHECK(lines.front().rfind("Unihan k", 0) == 0);
}
