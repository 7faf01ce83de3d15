// The identities of links and variants across copies of a database. A
// link's uuid derives from its editions' uuids and passage numbers, a
// variant's from its link's uuid, class and spans: every copy that aligns
// the same texts names them alike, and merge matches them by these uuids.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "align/link_draft.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// The uuid of `link` between editions with uuids `uuid_a` and `uuid_b`.
std::string link_uuid(const LinkDraft& link, const std::string& uuid_a, const std::string& uuid_b);

// A variant's identity across copies of a database: derived from its link's
// uuid, its kind (variant_kind), and where it stands (passage seq and span,
// each side).
std::string variant_uuid(const std::string& link_uuid, std::string_view variant_class, int64_t seq_a, int64_t start_a,
                         int64_t end_a, int64_t seq_b, int64_t start_b, int64_t end_b);

// What names a variant's class in its uuid: the class, prefixed by the field
// when it is not the text ("author:substantive"), so that the identities of
// text variants stay what they were before metadata was collated.
std::string variant_kind(std::string_view field, std::string_view variant_class);

// Where a variant stands, with the uuid derived from it.
struct VariantKey {
  std::string uuid, link_uuid, variant_class, field;
  int64_t link_id = 0, n = 0;
};

// Calls `visit` with the key of every variant, or of link `link_uuid`'s
// only, until it returns false. Variants store no uuid, so finding one by
// uuid means deriving them all: this is the one place that does.
void for_each_variant_key(Database& db, const std::optional<std::string>& link_uuid,
                          const std::function<bool(VariantKey&&)>& visit);

// The link uuid of each variant of `wanted` (uuids) this database holds.
std::unordered_map<std::string, std::string> variant_links(Database& db, const std::unordered_set<std::string>& wanted);

}  // namespace jiaozhu::detail
