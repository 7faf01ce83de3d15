// Passages: the numbered units of an edition's text.
// All offsets are Unicode code points into Passage::text, never bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/address.h"

namespace SQLite {
class Statement;
}

namespace jiaozhu {

class Database;

struct Passage {
  std::string siglum;
  int64_t seq = 0;
  std::string text;  // NFC, otherwise exactly as in the source
  std::optional<std::string> title;
  std::optional<std::string> author;
  std::optional<std::string> ref;
  std::optional<int64_t> source_line;
  std::vector<std::string> section;  // headings from the outermost down; empty: none
  std::optional<std::string> page;   // the page where it begins, as the source writes it
  std::optional<std::string> line;   // its line on that page
};

// A passage read from a source file, before it has an edition and number.
struct PassageDraft {
  std::string text;
  std::optional<std::string> title;
  std::optional<std::string> author;
  std::optional<std::string> ref;
  std::optional<int64_t> source_line;
  std::vector<std::string> section;  // as Passage
  std::optional<std::string> page;
  std::optional<std::string> line;
};

// Why `draft` cannot be stored, as a sentence's end naming the field ("its
// title is longer than 1000 characters"), or nothing when it can. The rules
// are field.h's: the text as Field::kPassageText, the title, author, ref,
// page, line and every section heading as Field::kPassageLabel. Import and
// merge ask it of every passage before writing, and PassageAppender refuses
// what fails it, so that no door stores a passage another door refuses.
std::optional<std::string> passage_fault(const PassageDraft& draft);

// A passage's new text, by number: a correction (corrections.h), or what
// import --replace found changed.
struct PassageCorrection {
  int64_t seq = 0;
  std::string text;
};

// A note a source holds apart from its text (a TEI <note>): it stands after
// code point `at` of passage `seq` of the edition imported.
struct SourceNote {
  int64_t seq = 0;
  int64_t at = 0;
  std::string text;
  int64_t end = -1;               // a standoff note on words: they are [at, end)
  std::vector<std::string> tags;  // besides "source": its type (orig, mod) and responsibility
};

// "梁惠王上" or "周易 / 乾第一": a section path as people read it.
std::string format_section(const std::vector<std::string>& section);

// Reads passages; runs in the caller's transaction when there is one.
// Holds `db` by reference: the Database must outlive it, and, like the
// Database, it is used by one thread at a time. Any call may also throw
// DatabaseError naming the file when SQLite cannot read or write it
// (database.h); the errors each call names are the others.
class PassageRepository {
 public:
  explicit PassageRepository(Database& db) : db_(db) {}

  // The passages `address` names, in order. Throws NotFound naming the
  // siglum, or the number when it is beyond the edition's last passage.
  std::vector<Passage> get(const Address& address) const;

  // Those of them in a section headed `heading` or below it; throws NotFound
  // when no section of the edition has that heading.
  std::vector<Passage> get(const Address& address, const std::string& heading) const;

 private:
  Database& db_;
};

// Writes the passages of an edition being imported, numbered 1, 2, 3... in
// the order appended, and indexes them for search. The caller holds the
// write transaction throughout, and the Database outlives the appender.
// append throws DatabaseError when the write fails (a full disk).
class PassageAppender {
 public:
  PassageAppender(Database& db, int64_t edition_id);
  ~PassageAppender();
  PassageAppender(const PassageAppender&) = delete;
  PassageAppender& operator=(const PassageAppender&) = delete;

  // Writes `draft` as the next passage, read from source file `source_id`.
  // Throws InputError naming the passage's number when passage_fault()
  // finds fault with it.
  // Its section path opens the sections it does not share with the previous
  // passage's, so that consecutive passages of one path share one section.
  void append(const PassageDraft& draft, int64_t source_id);
  int64_t count() const { return count_; }

 private:
  int64_t section_of(const std::vector<std::string>& path);

  Database& db_;
  int64_t edition_id_;
  int64_t count_ = 0;
  int64_t sections_ = 0;
  std::vector<std::pair<std::string, int64_t>> open_;  // the open sections, outermost first
  std::unique_ptr<SQLite::Statement> insert_;
  std::unique_ptr<SQLite::Statement> index_;
  std::unique_ptr<SQLite::Statement> section_;
  std::unique_ptr<SQLite::Statement> place_;
};

}  // namespace jiaozhu
