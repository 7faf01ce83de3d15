// Printing: JSON documents, aligned tables, terminal-safe text, progress.
#pragma once

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/collation.h"
#include "jiaozhu/json_list.h"

namespace jiaozhu {
struct FieldVersion;
}

namespace jiaozhu::cli {

// Writes `doc` to stdout, indented, with non-ASCII kept as UTF-8.
void print_json(const nlohmann::ordered_json& doc);

// What a command that changes something says: `doc` under --json, else the
// line `text` (made printable).
void print_result(bool json, const nlohmann::ordered_json& doc, const std::string& text);

// Prints a document as print_json would, but whose last member `key` is a
// list written one element at a time: a listing of 700,000 variants is
// never held whole. Construct with the other members, add() each element,
// then finish(); without finish() the document is left open (an error
// cut the listing short, and says so on stderr).
class JsonListPrinter {
 public:
  // Writes to `out` (standard output unless given), which outlives it.
  JsonListPrinter(nlohmann::ordered_json head, const std::string& key, std::ostream& out = std::cout);
  void add(const nlohmann::ordered_json& item);
  void finish();

 private:
  JsonListWriter writer_;
};

// True when stdout / stderr is a terminal.
bool stdout_is_tty();
bool stderr_is_tty();

// `text` as the terminal gate shows it (terminal_guard.h): control and bidi
// characters and bytes that are not UTF-8 escaped as \x1b or \u202e. For
// text that is measured or marked before it is printed.
std::string printable(std::string_view text);

// `text` with its line breaks and tabs as spaces, code point for code point
// (offsets into it still hold): a passage's or a quote's text in a listing
// that gives each item one line.
std::string one_line(std::string text);

// `text` with `open` inserted before code point `start` and `close` after
// `end` - 1 of each mark (an empty mark puts both at `start`); the text is
// made printable, the marks are written as given (they may be escapes). Marks may nest; where one ends and another starts at the same
// place, the end comes first.
struct SpanMark {
  int64_t start = 0, end = 0;
  std::string open, close;
};
std::string mark_spans(const std::string& text, const std::vector<SpanMark>& marks);

// Columns of a terminal that `text` takes (East Asian wide characters take 2).
std::size_t display_width(std::string_view text);

// One version of a character's or alias's fields, as `conflicts` and
// `character show` list it: "value — note  (author, time)".
std::string version_line(const FieldVersion& v);
// The same versions as JSON; `label` names the value ("name" or "kind").
nlohmann::ordered_json versions_json(const std::vector<FieldVersion>& versions, const char* label);

// 12345 -> "12,345"
std::string with_commas(int64_t n);

// A --class list: comma-separated class names, or "all" (every class);
// `fallback` when empty. Throws UsageError naming an unknown class.
std::vector<VariantClass> parse_class_list(const std::string& list, const std::vector<VariantClass>& fallback);

// A one-line progress bar on stderr, drawn only when stderr is a terminal,
// redrawn at most ten times a second, erased when destroyed.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::string_view stage, uint64_t done, uint64_t total);

 private:
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace jiaozhu::cli
