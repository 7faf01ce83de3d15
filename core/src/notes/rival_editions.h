// Versions of an edition that compete: an edition replaced (import
// --replace) in two copies from one text. Its versions (edition_version)
// form a graph by parent hash; choices (edition_choice) drop a head in
// favour of another. The heads are the versions neither a version nor a
// choice supersedes. Every copy shows the newest head (made_at, then hash)
// under the edition's own row and siglum, and keeps each other head as a
// rival edition: a row of its own whose uuid and siglum derive from the
// edition's uuid and the head's hash, so that every copy names it alike.
// reconcile_edition() makes the rows here match that; the caller holds the
// write transaction.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// The uuid of the rival edition holding version `hash` of edition `uuid`.
std::string rival_uuid(const std::string& edition_uuid, const std::string& hash);

// Heads of the edition's versions not dropped by a choice, the one shown
// first; when choices made apart dropped every head, the newest choice's.
std::vector<std::string> version_heads(Database& db, const std::string& edition_uuid);

// Copies the passages of the version with content `hash` into the empty
// edition `into` (local id); false when they are not to be had. Merge
// reads them from the other copy.
using VersionSource = std::function<bool(const std::string& hash, int64_t into)>;

struct Reconciled {
  bool text_changed = false;  // the edition's own row holds another text now
  std::vector<int64_t> added;  // rival editions made here (local ids)
  int64_t removed = 0;         // rival editions gone (their head was dropped)
};

// Puts the shown head's text in the edition's own row and each other head's
// in its rival edition, moving passages between rows here where it can and
// asking `source` for the rest; rival editions whose head was dropped go,
// their notes moving to the edition. Notes on the edition are placed again
// when its text changed. Throws ConflictError when a head's text is in
// neither place.
Reconciled reconcile_edition(Database& db, const std::string& edition_uuid, const VersionSource& source);

// Faults of the invariants reconcile_edition() keeps: every edition shows
// its newest head; every rival edition holds another head of its edition.
std::vector<std::string> version_faults(Database& db);

// The edition (local id, uuid) a rival edition's uuid belongs to, if it is one.
std::optional<std::pair<int64_t, std::string>> rival_of(Database& db, const std::string& uuid);

}  // namespace jiaozhu::detail
