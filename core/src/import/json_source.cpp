// JSON sources, read with nlohmann's SAX interface: building a DOM for a
// 100 MB collection costs an allocation per value.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>

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

// Objects nested deeper than this are refused: a reader of a collaborator's
// file bounds its depth, as the TEI reader does.
constexpr std::size_t kMaxNesting = 256;

// The keys whose value names a level of a collection (唐詩三百首's
// {"type": "五言絕句", "content": [...]}), in the order they are preferred.
constexpr std::string_view kLevelKeys[] = {"type", "title", "name", "chapter", "section", "volume"};

// The fields of one object that jiaozhu keeps.
struct Record {
  std::optional<std::string> title, author, id, ref, text, chapter;
  std::vector<std::string> paragraphs;
  bool has_paragraphs = false;
  std::vector<std::optional<std::string>> section;  // one per JsonShape::section_fields
  std::optional<std::string> level;                 // its value of the first of kLevelKeys it has
  std::size_t level_rank = std::size(kLevelKeys);
};

// An object or array being read, innermost last.
struct Frame {
  bool object = false;
  std::string key;                 // an object's key whose value is being read
  Record record;                   // an object's fields
  bool text_array = false;         // an array: its object's text, one string per paragraph
  std::size_t first_passage = 0;   // an object: out.passages.size() when it began
  std::size_t element = 0;         // an object: its number in a top-level array, from 1; 0 otherwise
};

// Collects records at any depth. A record is an object with text (its
// paragraphs or text field); an object without text that holds records is a
// level of the collection, whose name (kLevelKeys) becomes a section of
// every record inside it, the outermost first; the top-level object's own
// name is the collection's, not a section. Inside a record nothing is a
// record of its own: nested values other than its text are skipped.
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
    if (!frames_.empty() && frames_.back().text_array) {
      if (!v.empty()) parent_of_top().record.paragraphs.push_back(std::move(v));
      return true;
    }
    return scalar("string", std::move(v));
  }

  bool start_object(std::size_t) override {
    if (!deeper()) return false;
    Frame f;
    f.object = true;
    f.first_passage = out_.passages.size();
    f.record.section.resize(shape_.section_fields.size());
    if (frames_.size() == 1 && !frames_[0].object) f.element = ++elements_;
    frames_.push_back(std::move(f));
    return true;
  }

  bool end_object() override {
    Frame f = std::move(frames_.back());
    frames_.pop_back();
    const bool top_level = frames_.empty() || (frames_.size() == 1 && !frames_[0].object);
    if (has_text(f.record)) {
      out_.passages.resize(f.first_passage);  // what looked like records inside it is part of it
      emit(f);
    } else if (out_.passages.size() > f.first_passage) {
      if (f.record.level && !frames_.empty()) {
        for (std::size_t i = f.first_passage; i < out_.passages.size(); ++i) {
          auto& section = out_.passages[i].section;
          section.insert(section.begin(), *f.record.level);
        }
      }
    } else if (top_level) {
      out_.warnings.push_back(element_label(f.element) + " has no " +
                              (shape_.text_field.empty() ? std::string("\"paragraphs\" or \"text\"")
                                                         : "\"" + shape_.text_field + "\"") +
                              ": skipped");
    }
    return true;
  }

  bool key(string_t& k) override {
    frames_.back().key = std::move(k);
    return true;
  }

  bool start_array(std::size_t) override {
    if (!deeper()) return false;
    Frame f;
    if (!frames_.empty() && frames_.back().object && frames_.back().key == array_key_) {
      f.text_array = true;
      frames_.back().record.has_paragraphs = true;
    }
    frames_.push_back(std::move(f));
    return true;
  }

  bool end_array() override {
    frames_.pop_back();
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
  bool deeper() {
    if (frames_.size() < kMaxNesting) return true;
    error_ = label_ + ": nested more than " + std::to_string(kMaxNesting) + " deep";
    return false;
  }

  Frame& parent_of_top() { return frames_[frames_.size() - 2]; }

  static bool has_text(const Record& r) { return r.has_paragraphs || (r.text && !r.text->empty()); }

  // A scalar where a record should stand is an error; in an object, the
  // fields jiaozhu keeps are taken and the rest ignored.
  bool scalar(const char* type, std::optional<std::string> value) {
    if (frames_.empty() || (frames_.size() == 1 && !frames_[0].object)) {
      error_ = element_label(frames_.empty() ? 0 : elements_ + 1) + ": expected a JSON object, found " + type;
      return false;
    }
    Frame& f = frames_.back();
    if (!f.object || !value) return true;
    Record& r = f.record;
    for (std::size_t i = 0; i < shape_.section_fields.size(); ++i) {
      if (f.key == shape_.section_fields[i] && !value->empty()) r.section[i] = *value;
    }
    for (std::size_t rank = 0; rank < r.level_rank; ++rank) {
      if (f.key == kLevelKeys[rank] && !value->empty()) {
        r.level = *value;
        r.level_rank = rank;
      }
    }
    if (f.key == "title") r.title = std::move(value);
    else if (f.key == "author") r.author = std::move(value);
    else if (f.key == "id") r.id = std::move(value);
    else if (f.key == "ref") r.ref = std::move(value);
    else if (f.key == "chapter") r.chapter = std::move(value);
    else if (f.key == string_key_ && std::string_view(type) == "string") r.text = std::move(value);
    return true;
  }

  std::string element_label(std::size_t n) const {
    return n ? label_ + ": element " + std::to_string(n) : label_;
  }

  bool is_section_field(std::string_view key) const {
    return std::find(shape_.section_fields.begin(), shape_.section_fields.end(), key) != shape_.section_fields.end();
  }

  void emit(Frame& f) {
    Record& r = f.record;
    std::vector<std::string> pieces = std::move(r.paragraphs);
    if (!r.has_paragraphs && r.text && !r.text->empty()) pieces.push_back(std::move(*r.text));
    if (pieces.empty()) {
      out_.warnings.push_back(element_label(f.element) + " has an empty text: skipped");
      return;
    }
    if (!shape_.split_paragraphs && pieces.size() > 1) {
      std::string joined = std::move(pieces[0]);
      for (std::size_t i = 1; i < pieces.size(); ++i) (joined += '\n') += pieces[i];
      pieces.assign(1, std::move(joined));
    }
    PassageDraft meta;
    // chinese-poetry's anthologies name a poem by "chapter" where its
    // collections say "title" (詩經's chapter is a section, as its shape says).
    meta.title = r.title ? r.title : is_section_field("chapter") ? std::nullopt : r.chapter;
    meta.author = r.author;
    meta.ref = r.id ? r.id : r.ref;
    for (std::optional<std::string>& heading : r.section) {
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
  std::vector<Frame> frames_;
  std::size_t elements_ = 0;  // objects begun in a top-level array
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
