#include "import/source_parser.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {

ParsedSource parse_text(const std::string& utf8, const std::string& /*file*/) {
  ParsedSource out;
  std::size_t start = 0;
  int64_t line = 0;
  while (start < utf8.size()) {
    ++line;
    std::size_t end = utf8.find('\n', start);
    if (end == std::string::npos) end = utf8.size();
    std::string_view text(utf8.data() + start, end - start);
    if (text.ends_with('\r')) text.remove_suffix(1);
    if (!is_blank(text)) {
      PassageDraft d;
      d.text = std::string(text);
      d.source_line = line;
      out.passages.push_back(std::move(d));
    }
    start = end + 1;
  }
  return out;
}

bool looks_like_json(const std::string& utf8) {
  const auto first = utf8.find_first_not_of(" \t\r\n");
  return first != std::string::npos && (utf8[first] == '{' || utf8[first] == '[');
}

}  // namespace jiaozhu::detail
