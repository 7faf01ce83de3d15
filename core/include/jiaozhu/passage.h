// Passages: the numbered units of an edition's text.
// All offsets are Unicode code points into Passage::text, never bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "jiaozhu/address.h"

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
};

// A passage read from a source file, before it has an edition and number.
struct PassageDraft {
  std::string text;
  std::optional<std::string> title;
  std::optional<std::string> author;
  std::optional<std::string> ref;
  std::optional<int64_t> source_line;
  std::size_t source_index = 0;  // which of the edition's source files
};

class PassageRepository {
 public:
  explicit PassageRepository(Database& db) : db_(db) {}

  // The passages `address` names, in order. Throws NotFound naming the
  // siglum, or the number when it is beyond the edition's last passage.
  std::vector<Passage> get(const Address& address) const;

  // Inserts `drafts` as passages 1..N of edition `edition_id`; draft i's
  // source file is `source_ids[drafts[i].source_index]`. The caller holds the
  // write transaction. `progress(done)` is called now and then.
  void insert_all(int64_t edition_id, std::span<const int64_t> source_ids,
                  std::span<const PassageDraft> drafts,
                  const std::function<void(std::size_t done)>& progress) const;

 private:
  Database& db_;
};

}  // namespace jiaozhu
