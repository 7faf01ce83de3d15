// Finding a quote again in edited text: where the quote is, where it moved,
// and refusing to guess when its words now stand elsewhere.
#include <catch2/catch.hpp>

#include "notes/quote_anchor.h"
#include "support.h"

using jiaozhu::detail::closest_readings;
using jiaozhu::detail::locate;
using jiaozhu::detail::make_selector;
using jiaozhu::detail::occurrences;
using jz_test::to_u32;

namespace {

const std::u32string kText = to_u32("洪承畴派出许多游骑，放出许多细作，侦察敌情，急于知道张着麟是否平安。但回报说已有一支清兵插入海岸，但不知张若麟去向。");

std::size_t at(const std::u32string& text, const char* words) { return text.find(to_u32(words)); }

}  // namespace

TEST_CASE("a selector keeps the exact words and up to 32 code points each side") {
  const std::size_t s = at(kText, "张着麟");
  const auto q = make_selector(kText, s, s + 3);
  CHECK(q.exact == to_u32("张着麟"));
  CHECK(q.prefix.size() == std::min<std::size_t>(32, s));
  CHECK(q.suffix == kText.substr(s + 3, 32));
  const auto edge = make_selector(kText, 0, 3);
  CHECK(edge.prefix.empty());
}

TEST_CASE("occurrences are found, overlapping ones too") {
  CHECK(occurrences(to_u32("啊啊啊"), to_u32("啊啊")) == std::vector<std::size_t>{0, 1});
  CHECK(occurrences(kText, to_u32("许多")).size() == 2);
  CHECK(occurrences(kText, to_u32("")).empty());
}

TEST_CASE("a quote moved by an insertion before it is found at its new place") {
  const std::size_t s = at(kText, "张着麟");
  const auto q = make_selector(kText, s, s + 3);
  std::u32string edited = kText;
  edited.insert(0, to_u32("崇祯十五年，"));
  const auto found = locate(edited, q, s, false);
  REQUIRE(found);
  CHECK(found->exact);
  CHECK(found->start == s + 6);
}

TEST_CASE("a quote whose own words were corrected is found approximately, by its context") {
  const std::size_t s = at(kText, "张着麟");
  const auto q = make_selector(kText, s, s + 3);
  std::u32string edited = kText;
  edited.replace(s + 1, 1, to_u32("若"));  // the correction the note asked for
  const auto found = locate(edited, q, s, false);
  REQUIRE(found);
  CHECK_FALSE(found->exact);
  CHECK(found->start == s);
  CHECK(found->end == s + 3);
}

TEST_CASE("a quote whose sentence is gone is not pinned on the same name elsewhere") {
  const std::size_t s = at(kText, "张着麟");
  const auto q = make_selector(kText, s, s + 3);
  std::u32string edited = kText;
  const std::size_t from = at(kText, "急于知道"), to = at(kText, "但回报");
  edited.erase(from, to - from);  // 张若麟 remains later in the text: one edit from the quote
  CHECK_FALSE(locate(edited, q, s, false));
}

TEST_CASE("of several exact occurrences, the one whose context matches is taken") {
  const std::u32string text = to_u32("甲说许多话。乙放出许多细作。丙有许多钱。");
  const std::size_t second = text.find(to_u32("许多细作"));
  const auto q = make_selector(text, second, second + 2);
  const auto found = locate(text, q, 0, false);
  REQUIRE(found);
  CHECK(found->start == second);
}

TEST_CASE("closest readings name what the passage has instead") {
  const auto close = closest_readings(kText, to_u32("张若林"), 3);
  REQUIRE_FALSE(close.empty());
  CHECK(close.front() == to_u32("张若麟"));
  CHECK(closest_readings(kText, to_u32("不存在的字"), 3).empty());
}
