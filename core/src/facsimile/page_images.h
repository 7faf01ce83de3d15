// The page_image log (schema 18) at row level: a page's identity, the JSON
// an image is stored as, and the rules every door (add, import, merge,
// `check`) holds it to. facsimile_repository.cpp and merge use it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/facsimile.h"
#include "repo/choice_log.h"
#include "repo/merge_context.h"

namespace jiaozhu::detail {

// A choice log keeps a text beside each choice (its note column); this one
// keeps there the edition's uuid, withdrawals included, which an index finds.
inline constexpr ChoiceTable kPageImages{"page_image", "page_uuid", "image", "edition_uuid"};

// The subject of a page's rows: derived from its edition and label, so that
// two collaborators mapping one page write about one subject.
std::string page_uuid(const std::string& edition_uuid, const std::string& page);

// A stored image: the edition it belongs to and the mapping.
struct StoredImage {
  std::string edition_uuid;
  PageImage image;
};

// The JSON of `image` for `edition_uuid`, after check_page_image.
std::string encode_page_image(const std::string& edition_uuid, const PageImage& image);
// Reads a stored value; throws UsageError saying what is wrong with it.
StoredImage decode_page_image(const std::string& json_text);
// Throws UsageError naming the field at fault: a page label of 1 to 200
// characters, an order from 1, exactly one of file and url, a file name
// that stays inside its folder, http(s) URLs, sizes from 0 to 1,000,000.
void check_page_image(const PageImage& image);
// Whether `url` is an absolute http(s) URL jiaozhu stores and shows: no
// space, quote, angle bracket or control character, at most 2,000 bytes.
bool is_web_url(const std::string& url);
// scheme://host[:port] of a web URL.
std::string url_origin(const std::string& url);

// The current images of an edition's pages, each with its author and time;
// the current image of one page, when it has one.
std::vector<PageImage> current_page_images(Database& db, const std::string& edition_uuid);
std::optional<PageImage> current_page_image(Database& db, const std::string& edition_uuid, const std::string& page);

// Rows `check` finds wrong: a uuid not derived from the row, an image that
// breaks the rules above, a row about another page than it names.
std::vector<std::string> page_image_faults(Database& db);

// Merge's step: the other copy's page_image rows, checked, with the
// editions this copy knows by another uuid mapped to it.
void merge_page_images(MergeContext& m);

}  // namespace jiaozhu::detail
