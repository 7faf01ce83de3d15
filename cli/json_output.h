// JSON on standard output: a document, or a long list written item by
// item, as every --json prints it.
#pragma once

#include <nlohmann/json.hpp>
#include <iostream>
#include <string>
#include <vector>

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


}  // namespace jiaozhu::cli
