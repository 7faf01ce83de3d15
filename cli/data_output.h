// Where a command writes a document (an export, an apparatus): standard
// output, or a file named by -o that appears whole or not at all.
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace jiaozhu {
class AtomicFile;
}

namespace jiaozhu::cli {

class DataOutput {
 public:
  // With `file` empty, standard output, on which the gate then lets no
  // colour through: the document's bytes are the stored text's. Otherwise
  // the file's temporary twin is opened now, so that a path that cannot be
  // written fails before any work; throws InputError naming it.
  explicit DataOutput(const std::string& file);
  ~DataOutput();
  DataOutput(const DataOutput&) = delete;
  DataOutput& operator=(const DataOutput&) = delete;

  std::ostream& stream();
  // Puts the file in place (flushed to disk). Throws InputError when a write
  // failed, and then the file is left as it was. Standard output is checked
  // at the command's end (finish_standard_output).
  void finish();

 private:
  std::string file_;
  std::unique_ptr<AtomicFile> atomic_;
  std::ofstream out_;
};

}  // namespace jiaozhu::cli
