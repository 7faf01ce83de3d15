#include "text_format.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>

#include "jiaozhu/people.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::cli {

std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return text;
}

std::string mark_spans(const std::string& text, const std::vector<SpanMark>& marks) {
  const std::u32string cps = to_code_points(text);
  const auto size = static_cast<int64_t>(cps.size());
  std::vector<std::string> closes(cps.size() + 1), opens(cps.size() + 1);
  for (const SpanMark& m : marks) {
    const auto s = static_cast<std::size_t>(std::clamp<int64_t>(m.start, 0, size));
    const auto e = static_cast<std::size_t>(std::clamp<int64_t>(m.end, static_cast<int64_t>(s), size));
    if (s == e) {
      opens[s] += m.open + m.close;
    } else {
      opens[s] += m.open;
      closes[e] = m.close + closes[e];
    }
  }
  // The text is made printable, the marks (which may be terminal escapes) are not.
  std::string out, run;
  for (std::size_t i = 0; i <= cps.size(); ++i) {
    if (!closes[i].empty() || !opens[i].empty()) {
      out += printable(run) + closes[i] + opens[i];
      run.clear();
    }
    if (i < cps.size()) append_utf8(run, cps[i]);
  }
  return out + printable(run);
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    width += (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH) ? 2 : 1;
  }
  return width;
}

std::string with_commas(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string version_line(const FieldVersion& v) {
  return printable(v.label) + (v.note.empty() ? "" : " — " + printable(v.note)) + "  (" + printable(v.author) + ", " +
         v.made_at + ")";
}

}  // namespace jiaozhu::cli
