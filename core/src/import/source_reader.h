// Reading source files into passage drafts, several files at once.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "import/source_parser.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/import.h"
#include "jiaozhu/script.h"

namespace jiaozhu::detail {

// One source file, read, decoded, parsed and normalized.
struct ReadSource {
  SourceFileRecord record;
  ParsedSource parsed;
  ScriptCounter script;    // over this file's passages
  int64_t code_points = 0;  // over this file's passages
  LabelChanges labels;      // what normalising this file's labels changed
};

// Reads `path` as `options` say. Throws InputError naming the file (and line)
// when it cannot be read, decoded or parsed, is empty, or holds a passage
// over kMaxPassageCodePoints.
ReadSource read_source(const std::filesystem::path& path, const ImportOptions& options);

// Reads `files` on background threads, one per core, and hands them out in
// the order given, so that the caller can write file i while later files are
// parsed. At most `window` files are held read but not yet taken, which
// bounds memory whatever the number of files.
class SourceStream {
 public:
  SourceStream(std::span<const std::filesystem::path> files, const ImportOptions& options, std::size_t window = 8);
  // Stops the readers and waits for them.
  ~SourceStream();
  SourceStream(const SourceStream&) = delete;
  SourceStream& operator=(const SourceStream&) = delete;

  std::size_t size() const { return files_.size(); }
  // Returns file i (call for i = 0, 1, 2... in turn), waiting until it is
  // read; rethrows the error that reading it raised.
  ReadSource take(std::size_t i);

 private:
  void work();

  std::span<const std::filesystem::path> files_;
  const ImportOptions& options_;
  const std::size_t window_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::optional<ReadSource>> ready_;
  std::vector<std::exception_ptr> errors_;
  std::size_t next_ = 0;   // the next file a reader starts on
  std::size_t taken_ = 0;  // files handed out so far
  bool stopping_ = false;
  std::vector<std::jthread> threads_;
};

}  // namespace jiaozhu::detail
