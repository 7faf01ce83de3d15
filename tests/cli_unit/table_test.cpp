// The printing helpers of cli/, in process: tables that fit, ranges of
// addresses, counts, streamed JSON.
#include <catch2/catch.hpp>
#include <iostream>
#include <sstream>

#include "json_output.h"
#include "text_format.h"
#include "table.h"

using namespace jiaozhu::cli;

namespace {

// What `body` writes to std::cout.
template <class F>
std::string captured(F body) {
  std::ostringstream out;
  std::streambuf* old = std::cout.rdbuf(out.rdbuf());
  body();
  std::cout.rdbuf(old);
  return out.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

const std::vector<std::vector<std::string>> kRows = {
    {"A:1", "張若麟", "B:1", "张着麟", "substantive"},
    {"A:2", std::string(300, 'x'), "B:2", "第一行\n第二行", "break"},
};

}  // namespace

TEST_CASE("fit_width cuts at a code point, counting East Asian characters as two columns") {
  CHECK(fit_width("張若麟字", 8) == "張若麟字");
  CHECK(fit_width("張若麟字", 5) == "張若…");
  CHECK(display_width(fit_width("張若麟字", 5)) <= 5);
  CHECK(fit_width("abcdef", 4) == "abc…");
  CHECK(display_width(fit_width(std::string(50, 'a') + "張", 10)) == 10);
}

TEST_CASE("on a terminal no table line is wider than the terminal, and a line break shows as ⏎") {
  set_table_fit(60, false);
  const auto out = captured([] { print_table(kRows, {}); });
  set_table_fit(0, false);
  const auto printed = lines(out);
  REQUIRE(printed.size() == kRows.size());
  for (const auto& line : printed) CHECK(display_width(line) <= 60);
  CHECK(printed[1].find("…") != std::string::npos);
  CHECK(out.find("第一行\n") == std::string::npos);
}

TEST_CASE("into a pipe, or with --wide, every cell is printed whole on one line") {
  for (const auto& [columns, wide] : {std::pair<std::size_t, bool>{0, false}, std::pair<std::size_t, bool>{60, true}}) {
    set_table_fit(columns, wide);
    const auto printed = lines(captured([] { print_table(kRows, {}); }));
    set_table_fit(0, false);
    REQUIRE(printed.size() == kRows.size());
    CHECK(printed[1].find(std::string(300, 'x')) != std::string::npos);
    CHECK(printed[1].find("第一行⏎第二行") != std::string::npos);
    CHECK(printed[0].rfind("A:1", 0) == 0);
  }
}

TEST_CASE("a wide cell does not widen its column for every other row") {
  set_table_fit(0, false);
  const auto printed = lines(captured([] { print_table(kRows, {}); }));
  // Row 1's third column starts where a 40-column pad would put it at most.
  CHECK(printed[0].find("B:1") < 60);
}

TEST_CASE("runs of consecutive addresses are shown as ranges") {
  CHECK(address_runs({"A:1", "A:2", "A:3", "A:7", "A:8", "B:9"}) == "A:1–3 (3) A:7 A:8 B:9");
  CHECK(address_runs({"A:44305"}) == "A:44305");
  CHECK(address_runs({}).empty());
  std::vector<std::string> many;
  for (int i = 44305; i <= 44607; ++i) many.push_back("A:" + std::to_string(i));
  CHECK(address_runs(many) == "A:44305–44607 (303)");
}

TEST_CASE("counts take the singular for one") {
  CHECK(count_of(1, "variant") == "1 variant");
  CHECK(count_of(0, "variant") == "0 variants");
  CHECK(count_of(12345, "variant") == "12,345 variants");
  CHECK(count_of(2, "alias", "aliases") == "2 aliases");
}

TEST_CASE("a streamed JSON listing is the document print_json writes") {
  const nlohmann::ordered_json head = {{"a", "A"}, {"total", 2}};
  const std::vector<nlohmann::ordered_json> items = {{{"x", 1}, {"reading", "張\n若"}}, {{"x", 2}, {"list", {1, 2}}}};
  for (std::size_t n : {0, 1, 2}) {
    auto whole = head;
    whole["items"] = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < n; ++i) whole["items"].push_back(items[i]);
    const auto expected = captured([&] { print_json(whole); });
    const auto streamed = captured([&] {
      JsonListPrinter out(head, "items");
      for (std::size_t i = 0; i < n; ++i) out.add(items[i]);
      out.finish();
    });
    CHECK(streamed == expected);
  }
}

TEST_CASE("a listing's summary is one line into a pipe and never wider than the terminal") {
  const std::vector<std::string> parts = {"rows 1–200 of 10,360 variants:", "glyph 334,", "substantive 10,026",
                                          "(script, punct and break hidden: --class all shows them)"};
  set_table_fit(0, false);
  const auto piped = lines(captured([&] { print_summary(parts); }));
  REQUIRE(piped.size() == 1);
  CHECK(piped[0] == "rows 1–200 of 10,360 variants: glyph 334, substantive 10,026 "
                    "(script, punct and break hidden: --class all shows them)");
  set_table_fit(40, false);
  const auto fitted = lines(captured([&] { print_summary(parts); }));
  set_table_fit(0, false);
  CHECK(fitted.size() > 1);
  for (const auto& line : fitted) CHECK(display_width(line) <= 40);
  CHECK(fitted[0].rfind("rows 1–200", 0) == 0);
}
