// The deletion tables (tombstone, character_redirect) at row level: what a
// removal leaves behind so that merge can carry it to every copy. Written by
// `alias rm`, `link rm` and `character merge` in their own transactions, and
// by merge; the caller holds the write transaction when it writes.
//
// Invariants, verified by `check` (faults()): no live alias or link has a
// tombstone; no live character has a redirect; redirects form no loop.
#pragma once

#include <optional>
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
  bool buried(const std::string& uuid) const;

  // Records that character `from` was merged into `to`. Recording it again
  // keeps the first record.
  void redirect(const std::string& from, const std::string& to, const std::string& author, const std::string& at);
  // A redirect made in another copy, recorded so that every copy ends with
  // the same characters whatever the order of merges. Merges are a union:
  // when `from` was merged here into another character than `to`, the two
  // characters it became are one too, and the one with the larger uuid is
  // redirected to the other. When the redirect would close a loop (each copy
  // merged one of two characters into the other), the character with the
  // larger uuid stays, in every copy: the redirect is taken when `from` is
  // the smaller, and the one here pointing back is dropped.
  void absorb_redirect(const std::string& from, const std::string& to, const std::string& author,
                       const std::string& at);
  // The uuid that `uuid` leads to through redirects: itself when it has
  // none. A loop (which check reports) ends at the first uuid seen again.
  std::string final_character(const std::string& uuid) const;

  std::vector<std::string> faults() const;

 private:
  // The character `from` was redirected to, if it was.
  std::optional<std::string> target_of(const std::string& from) const;
  // Where the redirects from `uuid` end, and whether they come back on
  // themselves before (`end` is then the last uuid before the repeat).
  struct Walk {
    std::string end;
    bool loop = false;
  };
  Walk walk(const std::string& uuid) const;

  Database& db_;
};

// Who removes: $JIAOZHU_AUTHOR or the configured author, else "unknown"
// (a removal needs no author to be valid, but travels with one).
std::string remover();

}  // namespace jiaozhu::detail
