// Writing links and their variants (tables link, link_passage, variant):
// the one place that writes them (docs/architecture.md).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "align/link_draft.h"
#include "align/variant_finder.h"

namespace SQLite {
class Statement;
}

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Writes links and their variants, with its statements prepared once.
class LinkWriter {
 public:
  explicit LinkWriter(Database& db);
  // Writes what is still buffered; call flush() first to see its errors.
  ~LinkWriter();
  LinkWriter(const LinkWriter&) = delete;
  LinkWriter& operator=(const LinkWriter&) = delete;

  // Computes the variants of `link` (classed by `rules`) and writes both; returns the link's id
  // and counts its variants per class into `counts` (indexed by
  // VariantClass). `edition_uuid_a/b` give the link its identity. The
  // caller holds the write transaction.
  int64_t store(const LinkDraft& link, const std::string& edition_uuid_a, const std::string& edition_uuid_b,
                const CollationRules& rules, std::vector<int64_t>& counts);
  // The same with the link's variants found already (variants_of).
  int64_t store(const LinkDraft& link, const std::string& edition_uuid_a, const std::string& edition_uuid_b,
                const std::vector<FoundVariant>& variants, std::vector<int64_t>& counts);

  // Writes `variants` found between the sides of `link` as the variants of
  // the stored link `link_id` (which has none: a link collated again).
  void store_variants(int64_t link_id, const LinkDraft& link, const std::vector<FoundVariant>& variants,
                      std::vector<int64_t>& counts);

  // Writes the variants still buffered. Call before the transaction commits.
  void flush();

 private:
  struct Row {
    int64_t link_id, n;
    VariantClass variant_class;
    int64_t passage_a, start_a, end_a, passage_b, start_b, end_b;
    VariantField field;
  };
  void write_rows(SQLite::Statement& insert, std::size_t from, std::size_t count);

  Database& db_;
  std::unique_ptr<SQLite::Statement> link_, member_, batch_, single_;
  // Variants are written kBatch rows per statement: an alignment writes
  // hundreds of thousands, and one statement per row costs twice the time.
  std::vector<Row> pending_;
};


// An SQL condition on a link aliased `l`: it holds passages of the edition
// bound to :ea and of the one bound to :eb. Statements bind both by name.
inline constexpr char kLinkJoinsEditions[] =
    "l.id IN (SELECT x.link_id FROM link_passage x JOIN passage p ON p.id = x.passage_id WHERE p.edition_id = :ea) "
    "AND l.id IN (SELECT x.link_id FROM link_passage x JOIN passage p ON p.id = x.passage_id WHERE p.edition_id = :eb)";

// What breaks the invariant of table variant (schema.sql): each side's
// passage is a passage of the variant's link, and each span lies within
// that passage's text. Empty when it holds. Reads only.
std::vector<std::string> variant_faults(Database& db);

// Deletes the automatic links between the two editions (with their variants).
void delete_auto_links(Database& db, int64_t edition_a, int64_t edition_b);

// Deletes every link holding a passage of the edition (with its variants),
// before the edition's passages are replaced or renumbered: a link's uuid
// derives from its editions and passage numbers. Returns how many went.
int64_t delete_links_of_edition(Database& db, int64_t edition_id);

// Deletes the link `uuid` (a tombstone from another copy names it); true
// when it was here.
bool delete_link(Database& db, const std::string& uuid);

// Deletes the automatic links holding passage `passage_id`: a manual link
// made in another copy takes its place.
void delete_auto_links_of_passage(Database& db, int64_t passage_id);

}  // namespace jiaozhu::detail
