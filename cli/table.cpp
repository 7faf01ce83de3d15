#include "table.h"

#include <unicode/utf8.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <numeric>

#include "jiaozhu/address.h"
#include "jiaozhu/error.h"
#include "text_format.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

constexpr std::size_t kWidestPadded = 40;  // a wider cell runs on instead of widening its column
constexpr std::size_t kNarrowest = 8;      // a column is never narrowed below this
constexpr std::size_t kGap = 2;

std::size_t g_terminal = 0;
bool g_wide = false;

// The cell as shown: one line, printable.
std::string shown(const std::string& cell) {
  std::string one_line;
  one_line.reserve(cell.size());
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (cell[i] == '\n') one_line += "⏎";
    else if (cell[i] != '\r') one_line += cell[i];
  }
  return printable(one_line);
}

// Narrows the widest columns, one column at a time, until the line fits
// `limit` or every column is at kNarrowest.
void narrow(std::vector<std::size_t>& widths, std::size_t limit) {
  auto total = [&] { return std::accumulate(widths.begin(), widths.end(), std::size_t{0}) + kGap * (widths.size() - 1); };
  while (total() > limit) {
    auto widest = std::max_element(widths.begin(), widths.end());
    if (*widest <= kNarrowest) return;
    --*widest;
  }
}

}  // namespace

void set_table_fit(std::size_t columns, bool wide) {
  g_terminal = columns;
  g_wide = wide;
}

std::size_t terminal_columns() {
  if (::isatty(1) != 1) return 0;
  winsize ws{};
  if (::ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

std::string fit_width(std::string_view text, std::size_t columns) {
  if (display_width(text) <= columns) return std::string(text);
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  std::size_t used = 0;
  int32_t kept = 0;  // bytes of text kept, whole code points
  while (kept < length) {
    int32_t next = kept;
    U8_FWD_1(s, next, length);
    const std::size_t w = display_width(text.substr(static_cast<std::size_t>(kept), static_cast<std::size_t>(next - kept)));
    if (used + w + 1 > columns) break;  // room for the "…"
    used += w;
    kept = next;
  }
  return std::string(text.substr(0, static_cast<std::size_t>(kept))) + "…";
}

void print_table(const std::vector<std::vector<std::string>>& rows, const std::vector<std::size_t>& right_aligned) {
  std::vector<std::vector<std::string>> cells;
  cells.reserve(rows.size());
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    cells.emplace_back();
    widths.resize(std::max(widths.size(), row.size()));
    for (std::size_t c = 0; c < row.size(); ++c) {
      cells.back().push_back(shown(row[c]));
      const std::size_t w = display_width(cells.back().back());
      if (w <= kWidestPadded) widths[c] = std::max(widths[c], w);
    }
  }
  const bool fit = g_terminal > 0 && !g_wide && !widths.empty();
  if (fit) narrow(widths, g_terminal);
  for (auto& row : cells) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const bool last = c + 1 == row.size();
      // On a terminal the last column may take whatever the line has left.
      std::size_t room = widths[c];
      if (fit && last) room = std::max(widths[c], g_terminal - std::min(g_terminal, display_width(line)));
      std::string cell = fit ? fit_width(row[c], room) : std::move(row[c]);
      const std::size_t w = display_width(cell);
      const std::string pad(widths[c] > w ? widths[c] - w : 0, ' ');
      const bool right = std::find(right_aligned.begin(), right_aligned.end(), c) != right_aligned.end();
      line += right ? pad + cell : cell + (last ? "" : pad);
      if (!last) line += std::string(kGap, ' ');
    }
    while (line.ends_with(' ')) line.pop_back();
    std::cout << line << '\n';
  }
}

void print_summary(const std::vector<std::string>& parts) {
  const bool fit = g_terminal > 0 && !g_wide;
  std::string line;
  for (const std::string& raw : parts) {
    const std::string part = printable(raw);
    const std::string joined = line.empty() ? part : line + " " + part;
    if (!fit || line.empty() || display_width(joined) <= g_terminal) {
      line = joined;
      continue;
    }
    std::cout << line << '\n';
    line = "  " + part;
  }
  if (fit) line = fit_width(line, g_terminal);
  std::cout << line << '\n';
}

std::string address_runs(const std::vector<std::string>& addresses) {
  std::string out;
  std::size_t i = 0;
  while (i < addresses.size()) {
    const Address first = parse_address(addresses[i]);
    std::size_t j = i + 1;
    for (; j < addresses.size(); ++j) {
      const Address next = parse_address(addresses[j]);
      if (next.siglum != first.siglum || next.first != first.first + static_cast<int64_t>(j - i)) break;
    }
    if (!out.empty()) out += ' ';
    out += addresses[i];
    if (j - i >= 3) out += "–" + std::to_string(first.first + static_cast<int64_t>(j - i) - 1) + " (" + std::to_string(j - i) + ")";
    else if (j - i == 2) out += " " + addresses[i + 1];
    i = j;
  }
  return out;
}

std::string count_of(int64_t n, const std::string& noun, const std::string& plural) {
  return with_commas(n) + " " + (n == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

}  // namespace jiaozhu::cli
