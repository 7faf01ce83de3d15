#include "import/source_reader.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>

#include "import/inline_markup.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"
#include "util/sha256.h"

namespace jiaozhu::detail {
namespace {

std::string read_bytes(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path.string() + " is a directory, not a file");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw InputError("cannot read " + path.string() + ": " + ec.message());
  if (size > kMaxFileBytes) {
    throw InputError(path.string() + " is " + std::to_string(size) + " bytes; jiaozhu reads at most " +
                     std::to_string(kMaxFileBytes) + " bytes per file (split it)");
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes(size, '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) {
    throw InputError("cannot read " + path.string());
  }
  return bytes;
}

// The encoding an XML file declares (<?xml version="1.0" encoding="Big5"?>),
// when its first bytes are such a declaration in an ASCII-compatible
// encoding. A UTF-16 file starts with a byte order mark that decode() reads.
std::optional<Encoding> declared_xml_encoding(std::string_view bytes, const std::string& file) {
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  if (!bytes.starts_with("<?xml")) return std::nullopt;
  const std::string_view declaration = bytes.substr(0, std::min(bytes.find("?>"), std::size_t{200}));
  const std::size_t key = declaration.find("encoding");
  if (key == std::string_view::npos) return std::nullopt;
  const std::size_t open = declaration.find_first_of("\"'", key);
  if (open == std::string_view::npos) return std::nullopt;
  const std::size_t close = declaration.find(declaration[open], open + 1);
  if (close == std::string_view::npos) return std::nullopt;
  std::string name(declaration.substr(open + 1, close - open - 1));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name == "utf-16" || name == "utf-16le" || name == "utf-16be") return Encoding::kUtf16;
  if (name == "big5" || name == "big5-hkscs" || name == "cp950") return Encoding::kBig5;
  if (name == "gbk" || name == "gb2312" || name == "gb18030" || name == "cp936") return Encoding::kGb18030;
  if (name == "utf-8" || name == "utf8" || name == "us-ascii" || name == "ascii") return Encoding::kUtf8;
  throw InputError(file + ": line 1: declares encoding=\"" + name +
                   "\", which jiaozhu does not read (it reads UTF-8, GB18030, Big5 and UTF-16; convert the file, "
                   "or name one with --encoding)");
}

// --format, or else what the name and the opening say.
SourceFormat format_of(const std::filesystem::path& path, SourceFormat format, const std::string& utf8) {
  if (format != SourceFormat::kAuto) return format;
  const auto ext = path.extension().string();
  if (ext == ".json" || ext == ".jsonl" || looks_like_json(utf8)) return SourceFormat::kJson;
  if (ext == ".xml" || ext == ".tei" || looks_like_tei(utf8)) return SourceFormat::kTei;
  if (looks_like_mandoku(utf8)) return SourceFormat::kMandoku;
  return SourceFormat::kText;
}

ParsedSource parse(SourceFormat format, const std::string& utf8, const std::string& name, const ImportOptions& options) {
  switch (format) {
    case SourceFormat::kJson: return parse_json(utf8, name, {options.split_paragraphs, options.text_field, options.section_fields});
    case SourceFormat::kTei: return parse_tei(utf8, name);
    case SourceFormat::kMandoku: return parse_mandoku(utf8, name);
    default: return parse_text(utf8, name);
  }
}

// What source_file records: how the file was cut, and the markup read through.
std::optional<std::string> markup_name(SourceFormat format) {
  if (format == SourceFormat::kTei) return "tei";
  if (format == SourceFormat::kMandoku) return "mandoku";
  return std::nullopt;
}

std::string passage_place(const std::string& file, const PassageDraft& d, std::size_t index) {
  return d.source_line ? file + ": line " + std::to_string(*d.source_line)
                       : file + ": passage " + std::to_string(index + 1);
}

// Each label of `d` as every door stores it (normalized_label), what
// changed counted in `changes` with its place (named only when something
// changed: most labels are stored as they come).
void normalize_labels(PassageDraft& d, const std::function<std::string()>& place, LabelChanges& changes) {
  const auto one = [&](std::string& label, const char* field) {
    unsigned fixes = 0;
    label = normalized_label(label, fixes);
    if (!fixes) return;
    std::string kinds;
    const std::pair<unsigned, const char*> named[] = {
        {kLabelTab, "tab"}, {kLabelLineBreak, "line break"}, {kLabelSpaces, "spaces"}, {kLabelNfc, "NFC"}};
    for (const auto& [bit, name] : named) {
      if (!(fixes & bit)) continue;
      kinds += kinds.empty() ? name : std::string(", ") + name;
    }
    changes.tabs += (fixes & kLabelTab) ? 1 : 0;
    changes.line_breaks += (fixes & kLabelLineBreak) ? 1 : 0;
    changes.spaces += (fixes & kLabelSpaces) ? 1 : 0;
    changes.nfc += (fixes & kLabelNfc) ? 1 : 0;
    if (changes.places.size() < LabelChanges::kPlacesKept) changes.places.push_back(place() + ": " + field + ": " + kinds);
  };
  const std::pair<std::optional<std::string>*, const char*> labels[] = {
      {&d.title, "title"}, {&d.author, "author"}, {&d.ref, "ref"}, {&d.page, "page"}, {&d.line, "line"}};
  for (const auto& [label, field] : labels) {
    if (*label) one(**label, field);
  }
  for (std::string& heading : d.section) one(heading, "section");
}

// Normalizes each passage to NFC and its labels as normalized_label says,
// then holds it to the field rules merge holds it to (passage_fault),
// naming the place in the file at fault.
void normalize(std::vector<PassageDraft>& drafts, const std::string& file, LabelChanges& changes) {
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    PassageDraft& d = drafts[i];
    // Bytes bound code points from above: only a long line pays for counting.
    if (d.text.size() > kMaxPassageCodePoints && code_points(d.text) > kMaxPassageCodePoints) {
      throw InputError(passage_place(file, d, i) + " is " + std::to_string(code_points(d.text)) +
                       " characters long; a passage holds at most " + std::to_string(kMaxPassageCodePoints) +
                       " (break the text into paragraphs)");
    }
    d.text = to_nfc(d.text);
    normalize_labels(d, [&] { return passage_place(file, d, i); }, changes);
    if (auto fault = passage_fault(d)) throw InputError(passage_place(file, d, i) + ": " + *fault);
  }
}

// A note the source holds (a TEI <note>) is stored as a note's text.
void check_notes(std::vector<SourceNoteDraft>& notes, const std::vector<PassageDraft>& drafts, const std::string& file) {
  for (SourceNoteDraft& n : notes) {
    n.text = to_nfc(n.text);
    if (auto fault = field_fault(Field::kNoteText, n.text)) {
      throw InputError(passage_place(file, drafts[n.passage], n.passage) + ": a note in it: its text " + *fault);
    }
  }
}

// A page image's facs as a URL, or else an absolute path: a relative one
// is taken relative to the source file (TEI's rule for a relative URI).
void resolve_facs(std::vector<SourcePageImage>& images, const std::filesystem::path& source) {
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::absolute(source, ec).parent_path();
  for (SourcePageImage& i : images) {
    i.base = dir.string();
    if (i.facs.rfind("http://", 0) == 0 || i.facs.rfind("https://", 0) == 0) continue;
    std::string local = i.facs.rfind("file://", 0) == 0 ? i.facs.substr(7) : i.facs;
    i.facs = (dir / std::filesystem::path(local)).lexically_normal().string();
  }
}

}  // namespace

ReadSource read_source(const std::filesystem::path& path, const ImportOptions& options) {
  const std::string name = path.string();
  std::string bytes = read_bytes(path);
  if (bytes.empty()) throw InputError(name + " is empty: there is nothing to import");
  const auto byte_size = static_cast<int64_t>(bytes.size());
  std::string sha256 = sha256_hex(bytes);
  // An XML file says what it is written in; --encoding still overrides.
  Encoding encoding = options.encoding;
  if (encoding == Encoding::kAuto && options.format != SourceFormat::kJson && options.format != SourceFormat::kText) {
    encoding = declared_xml_encoding(bytes, name).value_or(Encoding::kAuto);
  }
  DecodedText text = decode(std::move(bytes), encoding, name);
  const SourceFormat format = format_of(path, options.format, text.utf8);
  ReadSource s;
  s.parsed = parse(format, text.utf8, name, options);
  if (s.parsed.passages.empty()) throw InputError(name + " holds no text, only blank lines or empty records");
  normalize(s.parsed.passages, name, s.labels);
  take_inline_markup(s.parsed, inline_markup_of(format, options));
  resolve_facs(s.parsed.page_images, path);
  check_notes(s.parsed.notes, s.parsed.passages, name);
  for (const PassageDraft& d : s.parsed.passages) {
    s.script.add(d.text);
    s.code_points += static_cast<int64_t>(code_points(d.text));
  }
  s.record = {path.filename().string(), std::move(sha256), byte_size, text.encoding,
              format == SourceFormat::kJson ? "json" : "text", markup_name(format)};
  return s;
}


SourceStream::SourceStream(std::span<const std::filesystem::path> files, const ImportOptions& options,
                           std::size_t window)
    : files_(files), options_(options), window_(window), ready_(files.size()), errors_(files.size()) {
  const std::size_t threads = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), files.size());
  for (std::size_t t = 0; t < threads; ++t) threads_.emplace_back([this] { work(); });
}

SourceStream::~SourceStream() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  threads_.clear();  // joins
}

void SourceStream::work() {
  for (;;) {
    std::size_t i;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stopping_ || next_ >= files_.size() || next_ < taken_ + window_; });
      if (stopping_ || next_ >= files_.size()) return;
      i = next_++;
    }
    std::optional<ReadSource> source;
    std::exception_ptr error;
    try {
      source = read_source(files_[i], options_);
    } catch (...) {
      error = std::current_exception();
    }
    {
      std::lock_guard lock(mutex_);
      ready_[i] = std::move(source);
      errors_[i] = error;
    }
    changed_.notify_all();
  }
}

ReadSource SourceStream::take(std::size_t i) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return ready_[i].has_value() || errors_[i]; });
  if (errors_[i]) std::rethrow_exception(errors_[i]);
  ReadSource out = std::move(*ready_[i]);
  ready_[i].reset();
  taken_ = i + 1;
  lock.unlock();
  changed_.notify_all();
  return out;
}

}  // namespace jiaozhu::detail
