// The pieces every HTML page of the apparatus shares: the one page
// (write_apparatus_html), and the index and parts of a split one
// (apparatus_pages.cpp).
#pragma once

#include <ostream>
#include <string_view>

#include "jiaozhu/apparatus.h"

namespace jiaozhu::detail {

// From <!DOCTYPE> to the opening <body>, titled `title`, with the style.
void write_html_page_head(std::string_view title, std::ostream& out);
// "Base: <b>A</b> title. Witnesses: <b>B</b> title, …" (no final stop).
void write_html_editions(const Apparatus& a, std::ostream& out);

}  // namespace jiaozhu::detail
