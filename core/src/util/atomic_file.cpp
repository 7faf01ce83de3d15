#include "jiaozhu/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "jiaozhu/error.h"
#include "util/uuid.h"

using jiaozhu::detail::random_uuid;

namespace jiaozhu {
namespace {

// An open file descriptor, closed when it goes out of scope.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  // Closes now, reporting a failure (a close can be where a full disk shows).
  bool close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }

 private:
  int fd_;
};

[[noreturn]] void fail(const std::filesystem::path& file, const char* doing) {
  throw DatabaseError("cannot " + std::string(doing) + " " + file.string() + ": " + std::strerror(errno) +
                      "; nothing was written there");
}

void sync_path(const std::filesystem::path& path, int flags) {
  Descriptor fd(::open(path.c_str(), flags | O_CLOEXEC));
  if (fd.get() < 0 || ::fsync(fd.get()) != 0) fail(path, "flush");
}

// rename() that keeps an existing target, where the file system allows.
bool rename_no_replace(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return true;
  if (errno == EEXIST) return false;
  if (errno != EINVAL && errno != ENOSYS) fail(to, "write");
  // A file system without RENAME_NOREPLACE: check, then rename.
  std::error_code ec;
  if (std::filesystem::exists(to, ec)) return false;
  if (::rename(from.c_str(), to.c_str()) != 0) fail(to, "write");
  return true;
}

std::string temporary_prefix(const std::filesystem::path& target) { return "." + target.filename().string() + ".tmp-"; }

// Whether the process that named a temporary file ".NAME.tmp-PID-…" still
// runs on this machine. Only temporaries of one target are looked at, and a
// target (a replica in a sync folder, a backup beside its database) is
// written from one machine, so the process id means this machine's.
bool writer_alive(const std::string& name, std::size_t prefix_length) {
  const std::size_t end = name.find('-', prefix_length);
  if (end == std::string::npos || end == prefix_length) return true;
  pid_t pid = 0;
  for (std::size_t i = prefix_length; i < end; ++i) {
    if (name[i] < '0' || name[i] > '9' || pid > 99'999'999) return true;  // not a name AtomicFile makes
    pid = pid * 10 + (name[i] - '0');
  }
  return pid <= 0 || ::kill(pid, 0) == 0 || errno == EPERM;
}

// The temporaries (and their journals) of earlier writers of `target` that
// were killed before they could remove them.
void remove_leftovers(const std::filesystem::path& target) {
  const std::string prefix = temporary_prefix(target);
  const auto folder = target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
  std::error_code ec;
  std::vector<std::filesystem::path> stale;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && !writer_alive(name, prefix.size())) stale.push_back(entry.path());
  }
  for (const auto& path : stale) std::filesystem::remove(path, ec);
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  remove_leftovers(target_);
  const std::string name = temporary_prefix(target_) + std::to_string(::getpid()) + "-" + random_uuid().substr(0, 8);
  temporary_ = target_.parent_path() / name;
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  std::error_code ec;
  std::filesystem::remove(temporary_, ec);
  std::filesystem::remove(temporary_.string() + "-journal", ec);
}

namespace {

// Copies `from` into the special file `to` (a FIFO, a terminal, /dev/full):
// such a target is written into, never replaced by a regular file.
void write_into(const std::filesystem::path& from, const std::filesystem::path& to) {
  Descriptor in(::open(from.c_str(), O_RDONLY | O_CLOEXEC));
  if (in.get() < 0) fail(to, "write");
  Descriptor out(::open(to.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY));
  if (out.get() < 0) fail(to, "write");
  char buffer[1 << 16];
  for (ssize_t n; (n = ::read(in.get(), buffer, sizeof buffer)) != 0;) {
    if (n < 0) fail(from, "read");
    for (ssize_t done = 0; done < n;) {
      const ssize_t w = ::write(out.get(), buffer + done, static_cast<std::size_t>(n - done));
      if (w < 0) fail(to, "write");
      done += w;
    }
  }
  if (!out.close()) fail(to, "write");
}

// Whether `path` exists and is neither a regular file nor a symlink.
bool is_special(const std::filesystem::path& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode);
}

}  // namespace

void AtomicFile::commit(bool replace) {
  sync_path(temporary_, O_RDONLY);
  if (replace && is_special(target_)) {
    write_into(temporary_, target_);
    std::error_code ec;
    std::filesystem::remove(temporary_, ec);
    committed_ = true;
    return;
  }
  if (replace) {
    if (::rename(temporary_.c_str(), target_.c_str()) != 0) fail(target_, "write");
  } else if (!rename_no_replace(temporary_, target_)) {
    throw ConflictError(target_.string() + " exists already; name a new file");
  }
  committed_ = true;
  const auto folder = target_.parent_path().empty() ? std::filesystem::path(".") : target_.parent_path();
  sync_path(folder, O_RDONLY | O_DIRECTORY);
}

void AtomicFile::write_and_commit(std::string_view bytes) {
  {
    Descriptor fd(::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (fd.get() < 0) fail(temporary_, "create");
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail(target_, "write");
      done += static_cast<std::size_t>(n);
    }
    if (!fd.close()) fail(target_, "write");
  }
  commit(true);
}

std::filesystem::path set_aside(const std::filesystem::path& file, std::string_view suffix) {
  const std::string stem = file.string() + std::string(suffix);
  for (int n = 1; n < 1000; ++n) {
    const std::filesystem::path to = n == 1 ? std::filesystem::path(stem) : std::filesystem::path(stem + "." + std::to_string(n));
    if (rename_no_replace(file, to)) return to;
  }
  throw DatabaseError("cannot set " + file.string() + " aside: 999 files of that name are there already");
}

}  // namespace jiaozhu
