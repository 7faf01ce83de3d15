#include "jiaozhu/json_list.h"

namespace jiaozhu {

JsonListWriter::JsonListWriter(std::ostream& out, std::string_view document, int depth)
    : out_(out), indent_(static_cast<std::size_t>(2 * depth), ' ') {
  const std::size_t list = document.rfind("[]");
  out_ << document.substr(0, list + 1);
  rest_ = document.substr(list + 1);
}

void JsonListWriter::add(std::string_view item) {
  const std::string item_indent = indent_ + "  ";
  line_.assign(empty_ ? "\n" : ",\n");
  line_ += item_indent;
  for (char c : item) {
    line_ += c;
    if (c == '\n') line_ += item_indent;
  }
  out_ << line_;
  empty_ = false;
}

void JsonListWriter::finish() {
  if (!empty_) out_ << '\n' << indent_;
  out_ << rest_ << '\n';
}

}  // namespace jiaozhu
