// The deletion tables (tombstone, character_redirect) at row level: what a
// removal leaves behind so that merge can carry it to every copy. Written by
// `alias rm`, `link rm` and `character merge` in their own transactions, and
// by merge; the caller holds the write transaction when it writes.
//
// Invariants, verified by `check` (faults()): no live alias or link has a
// tombstone; every live character is the survivor of its group.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

class DeletionStore {
 public:
  explicit DeletionStore(Database& db) : db_(db) {}

  // Records that the row `uuid` of `kind` ("alias" or "link") was removed by
  // `author` at `at`. Recording it again keeps the earliest record (by time,
  // then author), whatever the order.
  void bury(std::string_view kind, const std::string& uuid, const std::string& author, const std::string& at);
  // The same, keeping the latest removal instead: for rows whose identity
  // is their content (fold rules), where a rule stated again after its
  // removal lives again and merge lets the later of the two win.
  void bury_latest(std::string_view kind, const std::string& uuid, const std::string& author, const std::string& at);
  bool buried(const std::string& uuid) const;
  // Forgets the removal of `uuid`: the row was made again here (a link of
  // the same passages). A copy that still holds the tombstone removes it
  // again when merged: a removal wins over the rows it names, everywhere.
  void revive(const std::string& uuid);

  // Records that character `from` was merged into `to` (an edge; the same
  // edge recorded again keeps its earliest record). Merge records the other
  // copy's edges the same way: the set of edges is a union, the same in
  // every copy that has seen the same merges.
  void redirect(const std::string& from, const std::string& to, const std::string& author, const std::string& at);
  // The survivor of the group of characters that redirects join `uuid`
  // with (edges taken both ways): the smallest uuid among the group's
  // members with no outgoing edge; if every member has one, the smallest of
  // all. `uuid` itself when no redirect names it. The same edges give the
  // same survivor, whatever order they were recorded in.
  std::string final_person(const std::string& uuid) const;
  // Whether `uuid` was merged into another character, directly.
  bool redirected(const std::string& uuid) const;
  // `uuid` and every character redirects join it with, in uuid order.
  std::set<std::string> group(const std::string& uuid) const;

  std::vector<std::string> faults() const;

 private:
  // Inserts the tombstone with `keep_sql`, which keeps of it and the one
  // there the earliest or the latest (by time, then author).
  void record(std::string_view kind, const std::string& uuid, const std::string& author, const std::string& at,
              const char* keep_sql);

  Database& db_;
};

}  // namespace jiaozhu::detail
