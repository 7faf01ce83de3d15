#include <catch2/catch.hpp>

#include "jiaozhu/address.h"
#include "jiaozhu/error.h"

using namespace jiaozhu;

TEST_CASE("addresses name an edition, a passage or a range") {
  CHECK(parse_address("A").whole_edition());
  const Address one = parse_address("Song1:12");
  CHECK(one.siglum == "Song1");
  CHECK(one.first == 12);
  CHECK(one.last == 12);
  const Address range = parse_address("B:3-7");
  CHECK(range.first == 3);
  CHECK(range.last == 7);
  CHECK(format_address("B", 3) == "B:3");
}

TEST_CASE("malformed addresses are usage errors naming the text") {
  for (const char* bad : {"", "1A", "A:", "A:0", "A:x", "A:3-", "A:7-3", "A:1:2", "张:1", "A:99999999999999999999"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_address(bad), UsageError);
  }
  CHECK_THROWS_WITH(parse_address("A:7-3"), Catch::Contains("A:7-3"));
}
