// Writing links and their variants (tables link, link_passage, variant).
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

#include "align/variant_finder.h"

namespace SQLite {
class Statement;
}

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// A passage as collation sees it.
struct CollatedPassage {
  int64_t id = 0;
  int64_t seq = 0;
  std::string text;
};

// The passages of edition `edition_id`, in order.
std::vector<CollatedPassage> load_passages(Database& db, int64_t edition_id);

struct LinkDraft {
  bool manual = false;
  bool moved = false;
  std::vector<const CollatedPassage*> a;  // in order
  std::vector<const CollatedPassage*> b;
};

// Writes links and their variants, with its statements prepared once.
class LinkWriter {
 public:
  explicit LinkWriter(Database& db);
  // Writes what is still buffered; call flush() first to see its errors.
  ~LinkWriter();
  LinkWriter(const LinkWriter&) = delete;
  LinkWriter& operator=(const LinkWriter&) = delete;

  // Computes the variants of `link` and writes both; returns the link's id
  // and counts its variants per class into `counts` (indexed by
  // VariantClass). `edition_uuid_a/b` give the link its identity. The
  // caller holds the write transaction.
  int64_t store(const LinkDraft& link, const std::string& edition_uuid_a, const std::string& edition_uuid_b,
                std::vector<int64_t>& counts);
  // The same with the link's variants found already (variants_of).
  int64_t store(const LinkDraft& link, const std::string& edition_uuid_a, const std::string& edition_uuid_b,
                const std::vector<FoundVariant>& variants, std::vector<int64_t>& counts);

  // Writes the variants still buffered. Call before the transaction commits.
  void flush();

 private:
  struct Row {
    int64_t link_id, n;
    VariantClass variant_class;
    int64_t passage_a, start_a, end_a, passage_b, start_b, end_b;
  };
  void write_rows(SQLite::Statement& insert, std::size_t from, std::size_t count);

  Database& db_;
  std::unique_ptr<SQLite::Statement> link_, member_, batch_, single_;
  // Variants are written kBatch rows per statement: an alignment writes
  // hundreds of thousands, and one statement per row costs twice the time.
  std::vector<Row> pending_;
};

// Where a variant stands, with the uuid derived from it.
struct VariantKey {
  std::string uuid, link_uuid, variant_class;
  int64_t link_id = 0, n = 0;
};

// Calls `visit` with the key of every variant, or of link `link_uuid`'s
// only, until it returns false. Variants store no uuid, so finding one by
// uuid means deriving them all: this is the one place that does.
void for_each_variant_key(Database& db, const std::optional<std::string>& link_uuid,
                          const std::function<bool(VariantKey&&)>& visit);

// The link uuid of each variant of `wanted` (uuids) this database holds.
std::unordered_map<std::string, std::string> variant_links(Database& db, const std::unordered_set<std::string>& wanted);

// The variants between a link's passages. Pure computation: safe to call
// from several threads at once.
std::vector<FoundVariant> variants_of(const LinkDraft& link);

// variants_of() for every link, on all cores, handed to `write` in link
// order on the calling thread (which alone touches the database) while the
// next links' variants are being found. An exception from a worker is
// rethrown here.
void for_each_link_variants(const std::vector<const LinkDraft*>& links,
                            const std::function<void(std::size_t, const std::vector<FoundVariant>&)>& write);

// A variant's identity across copies of a database: derived from its link's
// uuid, its class, and where it stands (passage seq and span, each side).
std::string variant_uuid(const std::string& link_uuid, std::string_view variant_class, int64_t seq_a, int64_t start_a,
                         int64_t end_a, int64_t seq_b, int64_t start_b, int64_t end_b);

// An SQL condition on a link aliased `l`: it holds passages of the edition
// bound to :ea and of the one bound to :eb. Statements bind both by name.
inline constexpr char kLinkJoinsEditions[] =
    "l.id IN (SELECT x.link_id FROM link_passage x JOIN passage p ON p.id = x.passage_id WHERE p.edition_id = :ea) "
    "AND l.id IN (SELECT x.link_id FROM link_passage x JOIN passage p ON p.id = x.passage_id WHERE p.edition_id = :eb)";

// Deletes the automatic links between the two editions (with their variants).
void delete_auto_links(Database& db, int64_t edition_a, int64_t edition_b);

}  // namespace jiaozhu::detail
