#include <nlohmann/json.hpp>

#include "import/source_parser.h"
#include "jiaozhu/error.h"

namespace jiaozhu::detail {
namespace {

using nlohmann::json;

std::string where(const std::string& utf8, std::size_t byte) {
  byte = std::min(byte, utf8.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < byte; ++i) {
    if (utf8[i] == '\n') { ++line; column = 1; }
    else if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) ++column;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::optional<std::string> string_field(const json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number()) return it->dump();
  return std::nullopt;
}

// Adds the passage(s) of one object. Returns false when it holds no text.
bool add_object(const json& object, bool split, ParsedSource& out) {
  PassageDraft meta;
  meta.title = string_field(object, "title");
  meta.author = string_field(object, "author");
  meta.ref = string_field(object, "id");
  if (!meta.ref) meta.ref = string_field(object, "ref");

  std::vector<std::string> pieces;
  if (auto p = object.find("paragraphs"); p != object.end() && p->is_array()) {
    for (const json& s : *p) {
      if (s.is_string() && !s.get_ref<const std::string&>().empty()) pieces.push_back(s.get<std::string>());
    }
  } else if (auto t = string_field(object, "text")) {
    pieces.push_back(*t);
  }
  if (pieces.empty()) return false;
  if (!split) {
    std::string joined;
    for (std::size_t i = 0; i < pieces.size(); ++i) joined += (i ? "\n" : "") + pieces[i];
    pieces.assign(1, std::move(joined));
  }
  for (std::string& text : pieces) {
    PassageDraft d = meta;
    d.text = std::move(text);
    out.passages.push_back(std::move(d));
  }
  return true;
}

void add_value(const json& value, bool split, const std::string& label, ParsedSource& out) {
  if (!value.is_object()) {
    throw InputError(label + ": expected a JSON object, found " + std::string(value.type_name()));
  }
  if (!add_object(value, split, out)) {
    out.warnings.push_back(label + " has no \"paragraphs\" or \"text\": skipped");
  }
}

json parse_or_throw(const std::string& utf8, std::size_t begin, std::size_t end, const std::string& file) {
  try {
    return json::parse(utf8.begin() + static_cast<long>(begin), utf8.begin() + static_cast<long>(end));
  } catch (const json::parse_error& e) {
    std::string reason = e.what();
    if (auto colon = reason.rfind(": "); colon != std::string::npos) reason = reason.substr(colon + 2);
    throw InputError(file + ": " + where(utf8, begin + (e.byte ? e.byte - 1 : 0)) + ": invalid JSON: " + reason);
  }
}

// JSON Lines: a document whose first line is a complete object on its own.
bool is_json_lines(const std::string& utf8) {
  const auto newline = utf8.find('\n', utf8.find_first_not_of(" \t\r\n"));
  if (newline == std::string::npos) return false;
  return json::accept(utf8.begin(), utf8.begin() + static_cast<long>(newline)) &&
         utf8.find_first_not_of(" \t\r\n", newline) != std::string::npos;
}

}  // namespace

ParsedSource parse_json(const std::string& utf8, const std::string& file, bool split_paragraphs) {
  ParsedSource out;
  if (is_json_lines(utf8)) {
    std::size_t start = 0;
    for (int64_t line = 1; start < utf8.size(); ++line) {
      std::size_t end = utf8.find('\n', start);
      if (end == std::string::npos) end = utf8.size();
      if (utf8.find_first_not_of(" \t\r", start) < end) {
        add_value(parse_or_throw(utf8, start, end, file), split_paragraphs,
                  file + ": line " + std::to_string(line), out);
      }
      start = end + 1;
    }
    return out;
  }
  const json doc = parse_or_throw(utf8, 0, utf8.size(), file);
  if (doc.is_array()) {
    for (std::size_t i = 0; i < doc.size(); ++i) {
      add_value(doc[i], split_paragraphs, file + ": element " + std::to_string(i + 1), out);
    }
  } else {
    add_value(doc, split_paragraphs, file, out);
  }
  return out;
}

}  // namespace jiaozhu::detail
