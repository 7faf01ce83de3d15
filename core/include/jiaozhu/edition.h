// Editions (witnesses) of works, and the works themselves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/script.h"

namespace jiaozhu {

class Database;

struct Edition {
  int64_t id = 0;
  std::string uuid;
  std::string siglum;
  std::string work;
  std::string title;  // may be empty
  Script script = Script::kUnknown;
  std::string content_hash;
  std::string imported_at;
  // Filled by EditionRepository::list() only: counting reads every passage,
  // which a lookup by siglum (done by every command) must not pay.
  int64_t passages = 0;
  int64_t characters = 0;  // code points over all passages
};

// What an import writes for a new edition; see EditionRepository::insert.
struct EditionDraft {
  std::string siglum;
  std::string work;
  std::string title;
  Script script = Script::kUnknown;
  std::string content_hash;  // 64 hex digits
  std::string uuid;          // empty: derived from content_hash (a first import)
};

// A file an edition was imported from (table source_file).
struct SourceFileRecord {
  std::string name;
  std::string sha256;  // of the raw bytes
  int64_t byte_size = 0;
  std::string encoding;
  std::string format;  // "text" or "json"
};

// Where an edition's passages lie in passage.id: first_id .. first_id +
// passages - 1, in seq order. Imports write an edition's passages in one run,
// so this holds for every edition (schema/schema.sql; `check` verifies it).
struct PassageRange {
  int64_t edition_id = 0;
  std::string siglum;
  std::string work;
  int64_t first_id = 0;
  int64_t passages = 0;

  int64_t last_id() const { return first_id + passages - 1; }
};

class EditionRepository {
 public:
  explicit EditionRepository(Database& db) : db_(db) {}

  // Every edition, ordered by work then siglum, with passage and character
  // counts.
  std::vector<Edition> list() const;
  // The same editions without their counts, which read every passage.
  std::vector<Edition> all() const;

  // The edition cited as `siglum`, without its counts; throws NotFound
  // naming it and the sigla that do exist.
  Edition get(const std::string& siglum) const;
  std::optional<Edition> find(const std::string& siglum) const;
  // How many passages the edition has: its last seq (passages are numbered
  // 1..N without gaps; `check` verifies it), read from one index entry.
  int64_t passage_count(int64_t edition_id) const;

  // Every edition's passage range, ordered by first_id. Reads two index
  // entries per edition, none of the passages.
  std::vector<PassageRange> passage_ranges() const;
  std::optional<Edition> find_by_content(const std::string& content_hash) const;

  // Inserts the edition, creating its work if new, and returns its id. The
  // caller holds the write transaction. The edition's uuid is derived from its
  // content hash and the work's from its name, so that independent imports
  // of the same source agree (merge relies on it).
  int64_t insert(const EditionDraft& draft);

  // Sets the content hash and script of an edition written before its
  // content was known (a streaming import). A first version re-derives its
  // uuid from the hash; a new version of an edition (`parent_hash`, the
  // content it replaces) keeps its uuid. Either is recorded in
  // edition_version. The caller holds the write transaction.
  void set_content(int64_t edition_id, const std::string& content_hash, Script script,
                   const std::optional<std::string>& parent_hash = std::nullopt);

  // Records that edition `uuid` had the content `hash`, made from `parent`
  // (none for a first version); a version known already is kept.
  void record_version(const std::string& uuid, const std::string& hash, const std::optional<std::string>& parent,
                      const std::string& made_at);
  // True when content `older` is `newer` or one of its ancestors among the
  // recorded versions of edition `uuid`.
  bool descends(const std::string& uuid, const std::string& newer, const std::string& older) const;
  std::optional<Edition> find_by_uuid(const std::string& uuid) const;

  // Removes the passages of an edition (with their source files, search
  // entries, mentions, and every link holding one of them) before its text
  // is replaced; returns how many links went. Notes stay: they are placed
  // again by their quotes. The caller holds the write transaction.
  int64_t clear_content(int64_t edition_id);

  // Records `file` as source number `seq` (from 1) of edition `edition_id`
  // and returns its id. The caller holds the write transaction.
  int64_t add_source_file(int64_t edition_id, int64_t seq, const SourceFileRecord& file);

 private:
  Edition fill_counts(Edition e) const;
  Database& db_;
};

}  // namespace jiaozhu
