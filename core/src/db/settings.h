// Table setting: named values a database keeps about itself (the folding
// table its search index was built with, its replica id). Only these two
// functions touch the table; a writer holds the write transaction.
#pragma once

#include <optional>
#include <string>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

std::optional<std::string> read_setting(Database& db, const std::string& key);
void write_setting(Database& db, const std::string& key, const std::string& value);

}  // namespace jiaozhu::detail
