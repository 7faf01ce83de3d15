// The field rules (field.h): what every boundary lets into the database.
#include <catch2/catch.hpp>

#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "support.h"

using jiaozhu::Field;
using jiaozhu::field_fault;

namespace {

bool sound(Field f, const std::string& v) { return !field_fault(f, v).has_value(); }

}  // namespace

TEST_CASE("text fields refuse bytes that are not UTF-8, naming the byte") {
  const std::string gb = jz_test::encode("着当作若", "gb18030");
  for (Field f : {Field::kNoteText, Field::kTag, Field::kAuthor, Field::kWork, Field::kTitle, Field::kPersonName}) {
    const auto fault = field_fault(f, gb);
    REQUIRE(fault);
    CHECK_THAT(*fault, Catch::StartsWith("is not valid UTF-8 at byte 0"));
  }
  CHECK_THAT(*field_fault(Field::kNoteText, "好\xff"), Catch::Contains("at byte 3"));
}

TEST_CASE("control characters pass only as line breaks where the field allows them") {
  CHECK(sound(Field::kNoteText, "一行\n二行\t注"));
  CHECK_FALSE(sound(Field::kTag, "一行\n二行"));
  CHECK_FALSE(sound(Field::kAuthor, "A\tB"));
  for (const std::string& bad : {std::string("注\x1b]0;owned\x07"), std::string("a\0b", 3), std::string("x\x7f"),
                                std::string("C1 \xc2\x9b here")}) {
    const auto fault = field_fault(Field::kNoteText, bad);
    REQUIRE(fault);
    CHECK_THAT(*fault, Catch::Contains("control character U+"));
  }
  CHECK_THAT(*field_fault(Field::kNoteText, "注\x1b[2J"), Catch::Contains("U+001B at byte 3"));
}

TEST_CASE("text must be NFC, an argument is put in NFC instead") {
  const std::string decomposed = "e\xcc\x81";  // e + combining acute
  CHECK_THAT(*field_fault(Field::kNoteText, decomposed), Catch::Contains("normal form C"));
  CHECK(jiaozhu::checked_argument(Field::kNoteText, decomposed, "--text") == "\xc3\xa9");
  CHECK_THROWS_WITH(jiaozhu::checked_argument(Field::kNoteText, "\xff", "--text"),
                    Catch::StartsWith("--text is not valid UTF-8 at byte 0"));
  CHECK_THROWS_AS(jiaozhu::checked_argument(Field::kTag, "a\x1b", "--tag"), jiaozhu::UsageError);
}

TEST_CASE("each field has its length") {
  CHECK(sound(Field::kTag, std::string(100, 'x')));
  CHECK_FALSE(sound(Field::kTag, std::string(101, 'x')));
  std::string han;
  for (int i = 0; i < 101; ++i) han += "麟";
  CHECK_FALSE(sound(Field::kPersonName, han));  // counted in code points, not bytes
  CHECK(sound(Field::kPersonNote, han));
  CHECK_THAT(*field_fault(Field::kPassageText, std::string(1'000'001, 'x')), Catch::Contains("longer than 1000000"));
}

TEST_CASE("ids are lower-case uuids and times ISO 8601") {
  CHECK(sound(Field::kUuid, "0f0e0d0c-0b0a-4908-8706-050403020100"));
  CHECK_FALSE(sound(Field::kUuid, "0F0E0D0C-0B0A-4908-8706-050403020100"));
  CHECK_FALSE(sound(Field::kUuid, "ab\x1b]0;OWNED\x07" "cd"));
  CHECK_FALSE(sound(Field::kUuid, "c1"));
  CHECK(jiaozhu::is_uuid_any_case("0F0E0D0C-0B0A-4908-8706-050403020100"));
  CHECK(jiaozhu::lower_ascii("0F0E0D0C-0B0A") == "0f0e0d0c-0b0a");
  for (const char* t : {"2026-12-03T14:53:39.123Z", "2026-12-03T14:53:39Z", "2020-01-01T00:00:00.000000+08:00"}) {
    CHECK(sound(Field::kTimestamp, t));
  }
  for (const char* t : {"2026", "2026\x1b[2J", "now", "2026-12-03 14:53:39Z", "2026-12-03T14:53:39.Z"}) {
    CHECK_FALSE(sound(Field::kTimestamp, t));
  }
  CHECK(sound(Field::kMotivation, "commenting"));
  CHECK_FALSE(sound(Field::kMotivation, "Commenting"));
}
