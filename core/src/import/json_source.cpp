// JSON sources, read with nlohmann's SAX interface: building a DOM for a
// 100 MB collection costs an allocation per value, and records are flat.
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
    if (utf8[i] == '\n') { line++; column = 1; }
    else if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) ++column;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// The fields of one record object that jiaozhu keeps.
struct Record {
  std::optional<std::string> title, author, id, ref, text;
  std::vector<std::string> paragraphs;
  bool has_paragraphs = false;
  std::vector<std::optional<std::string>> section;  // one per JsonShape::section_fields
};

// Collects records: the top-level object, or each object of a top-level
// array. Nested values inside a record other than its text array are skipped.
class RecordCollector : public json::json_sax_t {
 public:
  RecordCollector(ParsedSource& out, const JsonShape& shape, std::string label)
      : out_(out), shape_(shape), label_(std::move(label)),
        array_key_(shape.text_field.empty() ? "paragraphs" : shape.text_field),
        string_key_(shape.text_field.empty() ? "text" : shape.text_field) {}

  const std::string& error() const { return error_; }
  std::size_t error_position() const { return error_position_; }

  bool null() override { return scalar("null", std::nullopt); }
  bool boolean(bool) override { return scalar("boolean", std::nullopt); }
  bool number_integer(number_integer_t v) override { return scalar("number", std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return scalar("number", std::to_string(v)); }
  bool number_float(number_float_t, const string_t& s) override { return scalar("number", s); }
  bool binary(binary_t&) override { return scalar("binary", std::nullopt); }

  bool string(string_t& v) override {
    if (in_paragraphs_ && depth_ == record_depth_ + 1) {
      if (!v.empty()) record_.paragraphs.push_back(std::move(v));
      return true;
    }
    return scalar("string", std::move(v));
  }

  bool start_object(std::size_t) override {
    ++depth_;
    if (depth_ == (top_is_array_ ? 2 : 1)) {
      ++element_;
      record_ = Record{};
      record_.section.resize(shape_.section_fields.size());
      record_depth_ = depth_;
    }
    return true;
  }

  bool end_object() override {
    if (record_depth_ && depth_ == record_depth_) {
      finish_record();
      record_depth_ = 0;
    }
    --depth_;
    return true;
  }

  bool key(string_t& k) override {
    if (record_depth_ && depth_ == record_depth_) key_ = std::move(k);
    return true;
  }

  bool start_array(std::size_t) override {
    ++depth_;
    if (depth_ == 1) top_is_array_ = true;
    if (record_depth_ && depth_ == record_depth_ + 1 && key_ == array_key_) {
      in_paragraphs_ = true;
      record_.has_paragraphs = true;
    }
    return true;
  }

  bool end_array() override {
    if (in_paragraphs_ && depth_ == record_depth_ + 1) in_paragraphs_ = false;
    --depth_;
    return true;
  }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    std::string reason = e.what();
    if (auto colon = reason.rfind(": "); colon != std::string::npos) reason = reason.substr(colon + 2);
    error_ = "invalid JSON: " + reason;
    error_position_ = position ? position - 1 : 0;
    return false;
  }

 private:
  // A scalar where a record should stand is an error; inside a record, the
  // fields jiaozhu keeps are taken and the rest ignored.
  bool scalar(const char* type, std::optional<std::string> value) {
    if (depth_ == 0 || (top_is_array_ && depth_ == 1)) {
      error_ = element_label(top_is_array_ ? element_ + 1 : 0) + ": expected a JSON object, found " + type;
      return false;
    }
    if (!record_depth_ || depth_ != record_depth_ || !value) return true;
    for (std::size_t i = 0; i < shape_.section_fields.size(); ++i) {
      if (key_ == shape_.section_fields[i] && !value->empty()) record_.section[i] = *value;
    }
    if (key_ == "title") record_.title = std::move(value);
    else if (key_ == "author") record_.author = std::move(value);
    else if (key_ == "id") record_.id = std::move(value);
    else if (key_ == "ref") record_.ref = std::move(value);
    else if (key_ == string_key_ && std::string_view(type) == "string") record_.text = std::move(value);
    return true;
  }

  std::string element_label(std::size_t n) const {
    return n ? label_ + ": element " + std::to_string(n) : label_;
  }

  void finish_record() {
    std::vector<std::string> pieces = std::move(record_.paragraphs);
    if (!record_.has_paragraphs && record_.text && !record_.text->empty()) pieces.push_back(std::move(*record_.text));
    if (pieces.empty()) {
      out_.warnings.push_back(element_label(top_is_array_ ? element_ : 0) + " has no " +
                              (shape_.text_field.empty() ? std::string("\"paragraphs\" or \"text\"")
                                                         : "\"" + shape_.text_field + "\"") +
                              ": skipped");
      return;
    }
    if (!shape_.split_paragraphs && pieces.size() > 1) {
      std::string joined = std::move(pieces[0]);
      for (std::size_t i = 1; i < pieces.size(); ++i) (joined += '\n') += pieces[i];
      pieces.assign(1, std::move(joined));
    }
    PassageDraft meta;
    meta.title = record_.title;
    meta.author = record_.author;
    meta.ref = record_.id ? record_.id : record_.ref;
    for (std::optional<std::string>& heading : record_.section) {
      if (heading) meta.section.push_back(std::move(*heading));
    }
    for (std::string& text : pieces) {
      PassageDraft d = meta;
      d.text = std::move(text);
      out_.passages.push_back(std::move(d));
    }
  }

  ParsedSource& out_;
  const JsonShape& shape_;
  std::string label_;
  std::string array_key_, string_key_;
  int depth_ = 0;
  int record_depth_ = 0;  // depth of the record being read, 0 between records
  bool top_is_array_ = false;
  bool in_paragraphs_ = false;
  std::size_t element_ = 0;
  std::string key_;
  Record record_;
  std::string error_;
  std::size_t error_position_ = 0;
};

// Parses utf8[begin, end) as one JSON document into `out`.
void parse_document(const std::string& utf8, std::size_t begin, std::size_t end, const std::string& label,
                    const JsonShape& shape, ParsedSource& out) {
  RecordCollector collector(out, shape, label);
  const bool ok = json::sax_parse(utf8.begin() + static_cast<long>(begin), utf8.begin() + static_cast<long>(end),
                                  &collector, json::input_format_t::json, /*strict=*/true);
  if (ok) return;
  if (collector.error().starts_with("invalid JSON")) {
    const std::string file = label.substr(0, label.rfind(": line "));
    throw InputError(file + ": " + where(utf8, begin + collector.error_position()) + ": " + collector.error());
  }
  throw InputError(collector.error());
}

// JSON Lines: a document whose first line is a complete JSON value on its own.
bool is_json_lines(const std::string& utf8) {
  const auto newline = utf8.find('\n', utf8.find_first_not_of(" \t\r\n"));
  if (newline == std::string::npos) return false;
  return utf8.find_first_not_of(" \t\r\n", newline) != std::string::npos &&
         json::accept(utf8.begin(), utf8.begin() + static_cast<long>(newline));
}

}  // namespace

ParsedSource parse_json(const std::string& utf8, const std::string& file, const JsonShape& shape) {
  ParsedSource out;
  if (!is_json_lines(utf8)) {
    parse_document(utf8, 0, utf8.size(), file, shape, out);
    return out;
  }
  std::size_t start = 0;
  for (int64_t line = 1; start < utf8.size(); ++line) {
    std::size_t end = utf8.find('\n', start);
    if (end == std::string::npos) end = utf8.size();
    if (utf8.find_first_not_of(" \t\r", start) < end) {
      parse_document(utf8, start, end, file + ": line " + std::to_string(line), shape, out);
    }
    start = end + 1;
  }
  return out;
}

}  // namespace jiaozhu::detail
