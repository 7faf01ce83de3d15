// A jiaozhu database received from someone else, opened to be read only.
//
// Such a file is untrusted input. Before anything is read from it: its
// header is checked before SQLite parses it; the connection is read-only,
// query_only, defensive, with trusted_schema off and triggers and views
// disabled, so nothing stored in the file runs; it must carry jiaozhu's
// application_id and exactly this build's schema version; PRAGMA
// integrity_check and foreign_key_check must pass; and its schema must be exactly the one this
// build makes (the same tables, indexes and SQL, no trigger, no view).
#pragma once

#include <filesystem>
#include <memory>

namespace SQLite {
class Database;
}

namespace jiaozhu::detail {

class ForeignDatabase {
 public:
  // Opens and verifies `path`; `reference` is a current jiaozhu database
  // whose schema the file's must equal. Throws DatabaseError naming the file
  // and what is wrong with it.
  ForeignDatabase(const std::filesystem::path& path, SQLite::Database& reference);
  ~ForeignDatabase();
  ForeignDatabase(const ForeignDatabase&) = delete;
  ForeignDatabase& operator=(const ForeignDatabase&) = delete;

  SQLite::Database& sql() { return *db_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace jiaozhu::detail
