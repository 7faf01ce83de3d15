#include "data_output.h"

#include <cerrno>
#include <cstring>
#include <iostream>

#include "jiaozhu/atomic_file.h"
#include "jiaozhu/error.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {

DataOutput::DataOutput(const std::string& file) : file_(file) {
  if (file_.empty()) {
    set_colour_choice(ColourChoice::kNever);
    return;
  }
  atomic_ = std::make_unique<AtomicFile>(file_);
  out_.open(atomic_->temporary(), std::ios::binary | std::ios::trunc);
  if (!out_) throw InputError("cannot write " + file_ + ": " + std::strerror(errno) + " (does its folder exist?)");
}

DataOutput::~DataOutput() = default;

std::ostream& DataOutput::stream() { return file_.empty() ? std::cout : out_; }

void DataOutput::finish() {
  if (file_.empty()) return;
  out_.close();
  if (!out_) throw InputError("cannot write " + file_ + " (is the disk full?); it was left as it was");
  try {
    atomic_->commit(true);
  } catch (const DatabaseError& e) {
    throw InputError(e.what());
  }
}

}  // namespace jiaozhu::cli
