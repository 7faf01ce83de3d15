#include <atomic>
#include <exception>
#include <fstream>
#include <mutex>
#include <thread>

#include "import/source_parser.h"
#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "util/content_hash.h"
#include "util/sha256.h"

namespace jiaozhu {
namespace {

struct ReadSource {
  SourceFileRecord record;
  detail::ParsedSource parsed;
};

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

bool is_json_source(const std::filesystem::path& path, SourceFormat format, const std::string& utf8) {
  if (format != SourceFormat::kAuto) return format == SourceFormat::kJson;
  const auto ext = path.extension().string();
  return ext == ".json" || ext == ".jsonl" || detail::looks_like_json(utf8);
}

std::string passage_place(const std::string& file, const PassageDraft& d, std::size_t index) {
  return d.source_line ? file + ": line " + std::to_string(*d.source_line)
                       : file + ": passage " + std::to_string(index + 1);
}

// Normalizes each passage to NFC and enforces the length limit.
void normalize(std::vector<PassageDraft>& drafts, const std::string& file) {
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    PassageDraft& d = drafts[i];
    // Bytes bound code points from above: only a long line pays for counting.
    if (d.text.size() > kMaxPassageCodePoints && code_points(d.text) > kMaxPassageCodePoints) {
      throw InputError(passage_place(file, d, i) + " is " + std::to_string(code_points(d.text)) +
                       " characters long; a passage holds at most " + std::to_string(kMaxPassageCodePoints) +
                       " (break the text into paragraphs)");
    }
    d.text = to_nfc(d.text);
    for (auto* field : {&d.title, &d.author, &d.ref}) {
      if (*field) **field = to_nfc(**field);
    }
  }
}

ReadSource read_source(const std::filesystem::path& path, const ImportOptions& options) {
  const std::string name = path.string();
  const std::string bytes = read_bytes(path);
  if (bytes.empty()) throw InputError(name + " is empty: there is nothing to import");
  DecodedText text = decode(bytes, options.encoding, name);
  const bool json = is_json_source(path, options.format, text.utf8);
  ReadSource s;
  s.parsed = json ? detail::parse_json(text.utf8, name, options.split_paragraphs)
                  : detail::parse_text(text.utf8, name);
  if (s.parsed.passages.empty()) throw InputError(name + " holds no text, only blank lines or empty records");
  normalize(s.parsed.passages, name);
  s.record = {path.filename().string(), detail::sha256_hex(bytes), static_cast<int64_t>(bytes.size()),
              text.encoding, json ? "json" : "text"};
  return s;
}

std::string content_hash(const std::vector<PassageDraft>& drafts) {
  detail::ContentHasher h;
  for (const PassageDraft& d : drafts) h.add_passage(d.text, d.title, d.author, d.ref);
  return h.hex();
}

void validate(const ImportOptions& o) {
  if (!valid_siglum(o.siglum)) {
    throw UsageError("'" + o.siglum + "' is not a valid siglum (a letter, then letters, digits, _ or -; at most 32)");
  }
  if (o.work.empty() || o.work.size() > 200) throw UsageError("--work needs a name of 1 to 200 bytes");
}

}  // namespace

SourceFormat parse_format(std::string_view name) {
  if (name == "auto") return SourceFormat::kAuto;
  if (name == "text") return SourceFormat::kText;
  if (name == "json") return SourceFormat::kJson;
  throw UsageError("unknown format '" + std::string(name) + "' (use auto, text or json)");
}

namespace {

// Reads, decodes and parses every file, on as many threads as there are
// cores: files are independent, and parsing is most of an import's time.
// Returns them in the order given; when several fail, throws the error of the
// first failing file, so the message does not depend on thread timing.
std::vector<ReadSource> read_all(std::span<const std::filesystem::path> files, const ImportOptions& options,
                                 const ImportProgress& progress) {
  uint64_t total_bytes = 0, done_bytes = 0;
  for (const auto& f : files) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(f, ec);
    total_bytes += ec ? 0 : size;
  }
  std::vector<ReadSource> sources(files.size());
  std::vector<std::exception_ptr> errors(files.size());
  std::atomic<std::size_t> next{0};
  std::mutex progress_mutex;
  auto work = [&] {
    for (std::size_t i; (i = next++) < files.size();) {
      try {
        sources[i] = read_source(files[i], options);
      } catch (...) {
        errors[i] = std::current_exception();
        next = files.size();  // stop taking new files
        continue;
      }
      std::lock_guard lock(progress_mutex);
      done_bytes += static_cast<uint64_t>(sources[i].record.byte_size);
      if (progress) progress("reading", done_bytes, total_bytes);
    }
  };
  const std::size_t helpers = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), files.size()) - 1;
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < helpers; ++t) threads.emplace_back(work);
    work();
  }
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  return sources;
}

}  // namespace

ImportReport import_edition(Database& db, std::span<const std::filesystem::path> files,
                            const ImportOptions& options, const ImportProgress& progress) {
  validate(options);
  ImportReport report;
  report.siglum = options.siglum;
  std::vector<SourceFileRecord> sources;
  std::vector<PassageDraft> drafts;
  std::vector<ReadSource> read = read_all(files, options, progress);
  for (std::size_t i = 0; i < read.size(); ++i) {
    for (PassageDraft& d : read[i].parsed.passages) {
      d.source_index = i;
      drafts.push_back(std::move(d));
    }
    report.encodings.push_back(read[i].record.encoding);
    report.warnings.insert(report.warnings.end(), read[i].parsed.warnings.begin(), read[i].parsed.warnings.end());
    sources.push_back(std::move(read[i].record));
  }
  read.clear();

  ScriptCounter counter;
  for (const PassageDraft& d : drafts) {
    counter.add(d.text);
    report.characters += static_cast<int64_t>(code_points(d.text));
  }
  report.script = options.script.value_or(counter.result());
  report.passages = static_cast<int64_t>(drafts.size());
  const std::string hash = content_hash(drafts);

  db.write([&] {
    EditionRepository editions(db);
    if (auto existing = editions.find(options.siglum)) {
      if (existing->content_hash == hash && existing->work == options.work) {
        report.unchanged = true;
        return;
      }
      throw ConflictError("siglum " + options.siglum + " already names another edition (of work '" +
                          existing->work + "'); choose another --siglum");
    }
    if (auto same = editions.find_by_content(hash)) {
      throw ConflictError("this text is already edition " + same->siglum + " (of work '" + same->work +
                          "'); nothing was imported");
    }
    const int64_t edition_id =
        editions.insert({options.siglum, options.work, options.title, report.script, hash});
    std::vector<int64_t> source_ids;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      source_ids.push_back(editions.add_source_file(edition_id, static_cast<int64_t>(i + 1), sources[i]));
    }
    PassageRepository(db).insert_all(edition_id, source_ids, drafts, [&](std::size_t done) {
      if (progress) progress("writing", done, drafts.size());
    });
  });
  return report;
}

}  // namespace jiaozhu
