// Text as the content or an attribute value of XML and HTML: & < > " '
// written as references, nothing else changed. The apparatus's TEI and HTML
// and the pages of `jiaozhu serve` escape every stored text with it.
#pragma once

#include <string>
#include <string_view>

namespace jiaozhu {

inline std::string markup_escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace jiaozhu
