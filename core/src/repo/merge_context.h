// What every layer's merge step shares. A layer that owns tables a
// collaborator's copy brings provides the step that merges them (reads the
// other copy's rows, checks them, writes through its own repositories);
// merge_database (merge/merger.cpp) runs the steps in a declared order, in
// one transaction, and knows no table by name.
#pragma once

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jiaozhu/field.h"
#include "jiaozhu/merge_report.h"
#include "repo/foreign_text.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// The merge under way: this copy, the other (read-only, verified by
// ForeignDatabase), its text read under the field rules, the report, and
// what a step maps from the other copy's rows to this one's for the steps
// after it.
struct MergeContext {
  Database& db;
  SQLite::Database& other;
  ForeignText foreign;  // checked reads of the other file's text
  MergeReport& report;
  std::map<int64_t, int64_t> editions;               // other edition id -> local id
  std::map<std::string, std::string> edition_uuids;  // other edition uuid -> local uuid
  std::map<std::string, int64_t> characters;         // uuid -> local id
  std::map<std::string, int64_t> aliases;            // other alias uuid -> local id
  std::vector<std::string> redirected;               // other characters merged away, mapped after joins
  std::set<int64_t> new_editions;                    // local ids
  std::set<int64_t> stale_editions;                  // other ids whose text is older than this copy's
  bool aliases_added = false;                        // the mentions are to be found again

  [[noreturn]] void refuse(const std::string& what) const { foreign.refuse(what); }
  std::string text(SQLite::Statement& q, int column, Field field) const { return foreign.text(q, column, field); }
  std::optional<std::string> optional(SQLite::Statement& q, int column, Field field) const {
    return foreign.optional(q, column, field);
  }
};

}  // namespace jiaozhu::detail
