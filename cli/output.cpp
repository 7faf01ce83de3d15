#include "output.h"

#include <sstream>

#include "jiaozhu/people.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "jiaozhu/unicode.h"

namespace jiaozhu::cli {

namespace {
std::string dump(const nlohmann::ordered_json& doc) {
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// `head` with an empty list under `key`, last: the list JsonListPrinter fills.
nlohmann::ordered_json with_list(nlohmann::ordered_json head, const std::string& key) {
  head[key] = nlohmann::ordered_json::array();
  return head;
}
}  // namespace

void print_json(const nlohmann::ordered_json& doc) {
  std::cout << dump(doc) << '\n';
}

void print_result(bool json, const nlohmann::ordered_json& doc, const std::string& text) {
  if (json) print_json(doc);
  else std::cout << printable(text) << '\n';
}

JsonListPrinter::JsonListPrinter(nlohmann::ordered_json head, const std::string& key, std::ostream& out)
    : writer_(out, dump(with_list(std::move(head), key)), 1) {}

void JsonListPrinter::add(const nlohmann::ordered_json& item) { writer_.add(dump(item)); }

void JsonListPrinter::finish() { writer_.finish(); }

bool stdout_is_tty() { return ::isatty(1) == 1; }
bool stderr_is_tty() { return ::isatty(2) == 1; }

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

ProgressBar::ProgressBar(bool enabled) : enabled_(enabled && stderr_is_tty()) {}

ProgressBar::~ProgressBar() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
}

void ProgressBar::update(std::string_view stage, uint64_t done, uint64_t total) {
  if (!enabled_ || total == 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  constexpr int kWidth = 30;
  const double fraction = static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kWidth);
  std::fprintf(stderr, "\r%-8.*s [%s%s] %3d%%", static_cast<int>(stage.size()), stage.data(),
               std::string(static_cast<std::size_t>(filled), '#').c_str(),
               std::string(static_cast<std::size_t>(kWidth - filled), ' ').c_str(),
               static_cast<int>(fraction * 100));
  std::fflush(stderr);
  drawn_ = true;
}

std::string version_line(const FieldVersion& v) {
  return printable(v.label) + (v.note.empty() ? "" : " — " + printable(v.note)) + "  (" + printable(v.author) + ", " +
         v.made_at + ")";
}

nlohmann::ordered_json versions_json(const std::vector<FieldVersion>& versions, const char* label) {
  auto out = nlohmann::ordered_json::array();
  for (const FieldVersion& v : versions) {
    out.push_back({{"uuid", v.uuid}, {label, v.label}, {"note", v.note}, {"author", v.author}, {"made_at", v.made_at}});
  }
  return out;
}

std::vector<VariantClass> parse_class_list(const std::string& list, const std::vector<VariantClass>& fallback) {
  if (list.empty()) return fallback;
  std::vector<VariantClass> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (item != "all") {
      out.push_back(parse_variant_class(item));
      continue;
    }
    for (std::size_t c = 0; c < kVariantClassCount; ++c) out.push_back(static_cast<VariantClass>(c));
    return out;
  }
  return out;
}

}  // namespace jiaozhu::cli
