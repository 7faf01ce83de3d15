// A file that appears whole or not at all: written under a temporary name
// beside its target, flushed to disk, then renamed into place. A backup, a
// snapshot, a sync replica, an export or the user's configuration cut short
// by a kill or a full disk then leaves no partial file under the name a user
// or a sync tool would open. jiaozhu's one writer of whole files.
#pragma once

#include <filesystem>
#include <string_view>

namespace jiaozhu {

// Renames `file` to `file` + `suffix` beside it, or + suffix + ".2", ".3" …
// when that name is taken (never replacing a file), and returns the new
// name: a file set aside, kept but no longer read under its name (a
// journal from another copy). Throws DatabaseError naming `file` when it
// cannot be renamed.
std::filesystem::path set_aside(const std::filesystem::path& file, std::string_view suffix);

class AtomicFile {
 public:
  // Names a temporary file in the target's folder (".NAME.tmp-PID-RANDOM");
  // nothing is created yet. Removes the temporaries of the same target left
  // by writers that were killed (their PID no longer runs here).
  explicit AtomicFile(std::filesystem::path target);
  // Removes the temporary file (and a journal SQLite left beside it) unless
  // commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Where the caller writes the content.
  const std::filesystem::path& temporary() const { return temporary_; }
  const std::filesystem::path& target() const { return target_; }

  // Flushes the temporary file to disk and renames it to the target, then
  // flushes the folder. With `replace` false an existing target is kept and
  // ConflictError thrown; any other failure throws DatabaseError naming the
  // target. The temporary file is gone either way.
  void commit(bool replace);

  // Writes `bytes` as the whole content and commits, replacing the target.
  void write_and_commit(std::string_view bytes);

 private:
  std::filesystem::path target_;
  std::filesystem::path temporary_;
  bool committed_ = false;
};

}  // namespace jiaozhu
