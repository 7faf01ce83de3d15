// Mandoku texts, the plain-text form in which Kanripo (and CBETA's plain
// exports) publish the canon: an org-mode header, `*` headings, and the
// witness's layout kept as markers in the text. The markers become page and
// line references; none of them is left in a passage.
#include <regex>

#include "import/source_parser.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

constexpr std::string_view kLineEnd = "¶";

// A Mandoku tag at `at`: `<`, a lower-case name, `:`, anything but `>`,
// `>` (<pb:KR1a0001_tls_001-2a>, <md:…>). Returns its name and value, and
// where it ends; nothing when no tag starts there. Scanned by hand, not by
// std::regex, whose matcher recurses per character of a long line.
struct Tag {
  std::string_view name, value;
  std::size_t end = 0;
};
std::optional<Tag> tag_at(std::string_view text, std::size_t at) {
  std::size_t i = at + 1;
  while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
  if (i == at + 1 || i >= text.size() || text[i] != ':') return std::nullopt;
  const std::size_t close = text.find('>', i);
  if (close == std::string_view::npos) return std::nullopt;
  return Tag{text.substr(at + 1, i - at - 1), text.substr(i + 1, close - i - 1), close + 1};
}

// The text with every tag taken out.
std::string without_tags(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '<') {
      if (auto tag = tag_at(text, i)) {
        i = tag->end;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

// T01n0001_p0001a01║ (CBETA): canon, volume, text, page, register, line.
const std::regex& cbeta_marker() {
  static const std::regex re("^[A-Z]{1,2}\\d{2,3}n[0-9A-Za-z]{4,6}_p(\\d{4}[a-z])(\\d{2})(?:║|\\|)");
  return re;
}

struct Position {
  std::optional<std::string> page;
  int64_t line = 1;  // the line of the page being read
};

class MandokuReader {
 public:
  explicit MandokuReader(ParsedSource& out) : out_(out) {}

  void line(std::string text, int64_t number) {
    if (text.starts_with('#')) return;  // org header and comments
    if (text.starts_with('*')) {
      finish();
      heading(text);
      return;
    }
    std::smatch m;
    // The marker is at most some 25 bytes: only the line's opening is matched.
    const std::string opening = text.substr(0, 40);
    if (std::regex_search(opening, m, cbeta_marker())) {
      at_.page = m[1].str();
      at_.line = std::stoll(m[2].str());
      text.erase(0, static_cast<std::size_t>(m.length(0)));
    }
    if (is_blank(text)) {
      finish();
      return;
    }
    read_markers(text, number);
  }

  void finish() {
    if (!open_) return;
    if (!is_blank(draft_.text)) out_.passages.push_back(std::move(draft_));
    draft_ = PassageDraft{};
    open_ = false;
  }

 private:
  void heading(const std::string& text) {
    const std::size_t level = text.find_first_not_of('*');
    if (level == std::string::npos || text[level] != ' ') return;
    std::string title = without_tags(std::string_view(text).substr(level + 1));
    if (auto end = title.find(kLineEnd); end != std::string::npos) title.erase(end);
    while (!title.empty() && (title.back() == ' ' || title.back() == '\r')) title.pop_back();
    if (title.empty()) return;
    while (!levels_.empty() && levels_.back().first >= level) levels_.pop_back();
    levels_.emplace_back(level, title);
  }

  // The text between markers is the passage's; a page marker moves the
  // position, and ¶ ends a line of the witness.
  void read_markers(std::string_view text, int64_t number) {
    std::size_t from = 0;
    for (std::size_t at = text.find("<pb:"); at != std::string_view::npos; at = text.find("<pb:", at + 1)) {
      const auto tag = tag_at(text, at);
      if (!tag) continue;
      add(text.substr(from, at - from), number);
      at_.page = std::string(tag->value);
      at_.line = 1;
      from = tag->end;
    }
    add(text.substr(from), number);
  }

  void add(std::string_view text, int64_t number) {
    std::string piece = without_tags(text);
    for (std::size_t mark; (mark = piece.find(kLineEnd)) != std::string::npos;) {
      append(piece.substr(0, mark), number);
      piece.erase(0, mark + kLineEnd.size());
      ++at_.line;
    }
    append(piece, number);
  }

  void append(const std::string& piece, int64_t number) {
    if (is_blank(piece)) return;
    if (!open_) {
      open_ = true;
      draft_.source_line = number;
      draft_.page = at_.page;
      if (at_.page) draft_.line = std::to_string(at_.line);
      for (const auto& [level, title] : levels_) draft_.section.push_back(title);
    }
    draft_.text += piece;
  }

  ParsedSource& out_;
  std::vector<std::pair<std::size_t, std::string>> levels_;  // open headings: stars, title
  Position at_;
  PassageDraft draft_;
  bool open_ = false;
};

}  // namespace

ParsedSource parse_mandoku(const std::string& utf8, const std::string& /*file*/) {
  ParsedSource out;
  MandokuReader reader(out);
  std::size_t start = 0;
  for (int64_t number = 1; start < utf8.size(); ++number) {
    std::size_t end = utf8.find('\n', start);
    if (end == std::string::npos) end = utf8.size();
    std::string text = utf8.substr(start, end - start);
    if (text.ends_with('\r')) text.pop_back();
    reader.line(std::move(text), number);
    start = end + 1;
  }
  reader.finish();
  return out;
}

bool looks_like_mandoku(const std::string& utf8) {
  const std::string head = utf8.substr(0, 4096);
  return head.starts_with("# -*- mode: mandoku") || head.find("\n#+PROPERTY: ID KR") != std::string::npos ||
         std::regex_search(head, cbeta_marker()) || head.find("<pb:") != std::string::npos;
}

}  // namespace jiaozhu::detail
