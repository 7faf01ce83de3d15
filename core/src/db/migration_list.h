// The migrations compiled into the binary (generated from migrations/*.sql).
#pragma once

#include <string_view>
#include <vector>

namespace jiaozhu::detail {

struct Migration {
  int version;            // NNNN of the file name: applying it sets user_version
  std::string_view name;  // file name without .sql
  std::string_view sql;
};

// In version order, 1..N without gaps (checked when generated).
extern const std::vector<Migration> kMigrations;

}  // namespace jiaozhu::detail
