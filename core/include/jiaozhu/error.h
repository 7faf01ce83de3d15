// The errors jiaozhu reports. Every failure a user can cause reaches them as
// one of these, with a message that is one sentence naming the file, line or
// id at fault; the CLI maps each kind to one exit code (docs/errors.md).
#pragma once

#include <stdexcept>
#include <string>

namespace jiaozhu {

enum class ErrorKind {
  kUsage,     // the command line is wrong
  kNotFound,  // an address, siglum or id names nothing
  kInput,     // a file to import cannot be read as text
  kDatabase,  // the .db is missing, foreign, corrupt, newer, or read-only
  kConflict,  // the request contradicts what the database holds
  kInterrupted,  // the user pressed Ctrl-C; the write under way was rolled back
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

struct UsageError : Error {
  explicit UsageError(const std::string& m) : Error(ErrorKind::kUsage, m) {}
};

// A change that names no author: core takes the author as an argument, and
// every door (the command line, serve) says where it comes from.
struct NoAuthor : UsageError {
  NoAuthor()
      : UsageError("who is writing? give --author \"Name <mail>\", set $JIAOZHU_AUTHOR, or run "
                   "`jiaozhu config author \"Name <mail>\"` once") {}
};
struct NotFound : Error {
  explicit NotFound(const std::string& m) : Error(ErrorKind::kNotFound, m) {}
};
struct InputError : Error {
  explicit InputError(const std::string& m) : Error(ErrorKind::kInput, m) {}
};
struct DatabaseError : Error {
  explicit DatabaseError(const std::string& m) : Error(ErrorKind::kDatabase, m) {}
};
struct ConflictError : Error {
  explicit ConflictError(const std::string& m) : Error(ErrorKind::kConflict, m) {}
};
struct Interrupted : Error {
  explicit Interrupted(const std::string& m) : Error(ErrorKind::kInterrupted, m) {}
};

}  // namespace jiaozhu
