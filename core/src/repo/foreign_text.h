// Text columns read from another copy's file, which is untrusted: each must
// meet the rules of its field (field.h: UTF-8, NFC, no control characters,
// its length and shape), and any fault refuses the whole merge naming that
// file and the field.
#pragma once

#include <SQLiteCpp/Statement.h>

#include <optional>
#include <string>

#include "jiaozhu/error.h"
#include "jiaozhu/field.h"

namespace jiaozhu::detail {

class ForeignText {
 public:
  explicit ForeignText(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void refuse(const std::string& what) const {
    throw DatabaseError(file_ + ": " + what + "; nothing was merged");
  }
  // Column `column` of the current row, held to the rules of `field`.
  std::string text(SQLite::Statement& q, int column, Field field) const {
    std::string s = q.getColumn(column).getString();
    if (auto fault = field_fault(field, s)) refuse(std::string(field_name(field)) + " " + *fault);
    return s;
  }
  std::optional<std::string> optional(SQLite::Statement& q, int column, Field field) const {
    if (q.getColumn(column).isNull()) return std::nullopt;
    return text(q, column, field);
  }
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

}  // namespace jiaozhu::detail
