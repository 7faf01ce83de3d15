#include <algorithm>
#include <catch2/catch.hpp>

#include "jiaozhu/decode.h"
#include "jiaozhu/error.h"
#include "support.h"

using namespace jiaozhu;

namespace {

// The fixture's lines that `charset` can represent (Big5 lacks 着 and 絶).
std::string encodable_text(const char* fixture, const char* charset) {
  std::string text;
  for (const std::string& line : jz_test::lines_of(jz_test::corpus(fixture))) {
    if (jz_test::encodable(line, charset)) text += line + "\n";
  }
  return text;
}

}  // namespace

TEST_CASE("valid UTF-8 decodes to itself, without a BOM") {
  const std::string text = jz_test::read_file(jz_test::corpus("songjin/hans.txt"));
  CHECK(decode(text, Encoding::kAuto, "f").utf8 == text);
  CHECK(decode("\xEF\xBB\xBF" + text, Encoding::kAuto, "f").utf8 == text);
  CHECK(decode(text, Encoding::kAuto, "f").encoding == "utf-8");
}

TEST_CASE("GB18030, Big5 and UTF-16 re-encodings of the fixture decode to the same text") {
  struct Case { const char* fixture; const char* charset; Encoding named; };
  for (const Case c : {Case{"songjin/hans.txt", "gb18030", Encoding::kGb18030},
                       Case{"songjin/hant.txt", "big5", Encoding::kBig5},
                       Case{"songjin/hant.txt", "utf-16le", Encoding::kUtf16},
                       Case{"songjin/hans.txt", "utf-16be", Encoding::kUtf16}}) {
    INFO(c.charset);
    const std::string text = encodable_text(c.fixture, c.charset);
    REQUIRE(text.size() > 1000);
    const std::string bytes = jz_test::encode(text, c.charset);
    CHECK(decode(bytes, c.named, "f").utf8 == text);
    const DecodedText detected = decode(bytes, Encoding::kAuto, "f");
    CHECK(detected.utf8 == text);
    CHECK(detected.encoding == c.charset);
  }
}

TEST_CASE("invalid UTF-8 is refused with file, line and byte offset") {
  const std::string bytes = "好的\n第二行\n\xff\xfe\xfa bad\n";
  CHECK_THROWS_WITH(decode(bytes, Encoding::kUtf8, "hans.txt"),
                    Catch::StartsWith("hans.txt: line 3, byte 17: not valid UTF-8"));
  CHECK_THROWS_AS(decode(bytes, Encoding::kAuto, "hans.txt"), InputError);
  // A truncated multi-byte sequence at the very end.
  CHECK_THROWS_WITH(decode("好\xe5\xa5", Encoding::kUtf8, "f"), Catch::Contains("byte 3"));
}

TEST_CASE("bytes that are not of the named encoding are refused, never replaced") {
  CHECK_THROWS_WITH(decode("\x81\x20", Encoding::kBig5, "f"), Catch::Contains("not valid BIG5"));
  CHECK_THROWS_WITH(decode("\xff\xff\xff", Encoding::kGb18030, "f"), Catch::Contains("not valid GB18030"));
}

TEST_CASE("binary content is refused as not text") {
  std::string binary = "\x7f" "ELF\x02\x01\x01";
  binary += std::string(64, '\0');
  CHECK_THROWS_WITH(decode(binary, Encoding::kAuto, "a.out"), Catch::Contains("not a text file"));
  CHECK_THROWS_AS(decode(std::string("text\0more", 9), Encoding::kUtf8, "f"), InputError);
}

TEST_CASE("unknown encoding names are usage errors") {
  CHECK(parse_encoding("gb18030") == Encoding::kGb18030);
  CHECK_THROWS_AS(parse_encoding("latin1"), UsageError);
}

TEST_CASE("UTF-8 damaged in one place is an error naming its line, not a guess at another encoding") {
  const std::string hant = jz_test::read_file(jz_test::corpus("songjin/hant.txt"));
  const std::size_t at = hant.find("張若麟");
  REQUIRE(at != std::string::npos);
  // One byte dropped (the middle of 張), and one byte cut off the end.
  const std::string dropped = hant.substr(0, at + 1) + hant.substr(at + 2);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(hant.begin(), hant.begin() + static_cast<long>(at), '\n'));
  CHECK_THROWS_WITH(decode(dropped, Encoding::kAuto, "d.txt"),
                    Catch::StartsWith("d.txt: line " + std::to_string(line) + ", byte ") &&
                        Catch::Contains("not valid UTF-8, though the rest of the file is"));
  CHECK_THROWS_WITH(decode(hant.substr(0, hant.size() - 2), Encoding::kAuto, "cut.txt"), Catch::Contains("cut short"));
  // Real GB18030 and Big5 text is still recognised as such.
  const std::string gb = jz_test::encode(jz_test::read_file(jz_test::corpus("songjin/hans.txt")), "gb18030");
  CHECK(decode(gb, Encoding::kAuto, "gb.txt").encoding == "gb18030");
  const std::string line_of_hant = hant.substr(0, hant.find('\n'));
  if (jz_test::encodable(line_of_hant, "big5")) {
    CHECK(decode(jz_test::encode(line_of_hant, "big5"), Encoding::kAuto, "b.txt").encoding == "big5");
  }
}
