// Text columns read from another copy's file, which is untrusted: each must
// be valid UTF-8, and any fault refuses the whole merge naming that file.
#pragma once

#include <SQLiteCpp/Statement.h>

#include <optional>
#include <string>

#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {

class ForeignText {
 public:
  explicit ForeignText(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void refuse(const std::string& what) const {
    throw DatabaseError(file_ + ": " + what + "; nothing was merged");
  }
  // Column `column` of the current row; `what` names it in the refusal.
  std::string text(SQLite::Statement& q, int column, const char* what) const {
    std::string s = q.getColumn(column).getString();
    if (first_invalid_utf8(s)) refuse(std::string(what) + " is not valid UTF-8");
    return s;
  }
  std::optional<std::string> optional(SQLite::Statement& q, int column, const char* what) const {
    if (q.getColumn(column).isNull()) return std::nullopt;
    return text(q, column, what);
  }
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

}  // namespace jiaozhu::detail
