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
  int64_t code_points = 0;  // over all passages
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
  std::optional<std::string> markup;  // text read through "tei" or "mandoku" markup
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

// Works, editions and their source files, at row level: the import's and
// merge's tool. Its writes run in the caller's write transaction and check
// nothing the caller has checked (siglum, field rules); its reads run
// anywhere.
// Holds `db` by reference: the Database must outlive it, and, like the
// Database, it is used by one thread at a time. Any call may also throw
// DatabaseError naming the file when SQLite cannot read or write it
// (database.h); the errors each call names are the others.
class EditionRepository {
 public:
  explicit EditionRepository(Database& db) : db_(db) {}

  // Every edition, ordered by work then siglum, with passage and code point
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
  std::optional<Edition> find_by_id(int64_t id) const;

  // Removes the passages of an edition (with their source files, search
  // entries and mentions) before its text is replaced. The links holding
  // them must be gone first (align's delete_links_of_edition); notes stay:
  // they are placed again by their quotes. The caller holds the write
  // transaction.
  void clear_content(int64_t edition_id);
  // Moves the passages and source files of edition `from` to edition `to`,
  // which has none: their ids stay, and with them their mentions and search
  // rows. As for clear_content, their links must be gone first. The caller
  // holds the write transaction.
  void move_content(int64_t from, int64_t to);
  // Sets an edition's content hash alone, recording no version (a rival's
  // text changing places with its edition's), or its script.
  void set_hash(int64_t edition_id, const std::string& content_hash);
  void set_script(int64_t edition_id, Script script);
  // Dates edition `edition_id` by the recorded version `content_hash` of
  // edition `uuid`: a rival text's time is its version's, not this copy's
  // clock, so that every copy lists it alike.
  void date_by_version(int64_t edition_id, const std::string& uuid, const std::string& content_hash);
  // Whether edition `uuid` is a partial witness (schema 20: an anthology, a
  // fragment, a witness known from a source's notes): the newest setting.
  bool is_partial(const std::string& uuid) const;
  // Records that it is (or is no longer) partial, by `author`, now: a log
  // every copy merges (edition_extent). The caller holds the transaction.
  void set_partial(const std::string& uuid, bool partial, const std::string& note, const std::string& author);
  // Removes an edition that holds no passages (a rival text dropped).
  void remove_empty(int64_t edition_id);
  // Records that of edition `uuid`'s versions, `dropped` gave way to `kept`
  // (edition_choice), by `author` at `at`; a choice recorded already is
  // kept. The caller holds the write transaction.
  void record_choice(const std::string& uuid, const std::string& dropped, const std::string& kept,
                     const std::string& author, const std::string& at);

  // Records `file` as source number `seq` (from 1) of edition `edition_id`
  // and returns its id. The caller holds the write transaction.
  int64_t add_source_file(int64_t edition_id, int64_t seq, const SourceFileRecord& file);

 private:
  Edition fill_counts(Edition e) const;
  Database& db_;
};

}  // namespace jiaozhu
