#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "jiaozhu/tokenizer.h"

using namespace jiaozhu;

namespace {

struct Seen {
  std::string text;
  std::string original;  // the bytes the offsets point at
};

std::vector<Seen> tokens(const std::string& text) {
  std::vector<Seen> out;
  tokenize(text, [&](const Token& t) {
    out.push_back({std::string(t.text), text.substr(t.begin, t.end - t.begin)});
    return true;
  });
  return out;
}

std::vector<std::string> texts(const std::string& text) {
  std::vector<std::string> out;
  for (const Seen& s : tokens(text)) out.push_back(s.text);
  return out;
}

}  // namespace

TEST_CASE("each Han character is one folded token at its original bytes") {
  const auto t = tokens("張若麟，來");
  REQUIRE(t.size() == 4);
  CHECK(t[0].text == "张");
  CHECK(t[0].original == "張");
  CHECK(t[3].text == "来");
  CHECK(t[3].original == "來");
}

TEST_CASE("Latin and pinyin runs are words, lowercased, without tone marks") {
  CHECK(texts("shè入") == std::vector<std::string>{"she", "入"});
  CHECK(texts("XÌNG xìng Xing") == std::vector<std::string>{"xing", "xing", "xing"});
  CHECK(texts("RQ！") == std::vector<std::string>{"rq"});
  CHECK(texts("ＡＢ１２") == std::vector<std::string>{"ab12"});
  const auto t = tokens("明rì夜");
  REQUIRE(t.size() == 3);
  CHECK(t[1].original == "rì");
}

TEST_CASE("punctuation, symbols and spaces make no tokens") {
  CHECK(texts("“”「」，。！？、；： \t\n　…—《》（）").empty());
  CHECK(texts("甲，乙") == std::vector<std::string>{"甲", "乙"});
}

TEST_CASE("the tokenizer stops when the sink says so, and survives invalid bytes") {
  int n = 0;
  tokenize("一二三四", [&](const Token&) { return ++n < 2; });
  CHECK(n == 2);
  CHECK(texts(std::string("a\xff\xfe" "b")) == std::vector<std::string>{"a", "b"});
}
