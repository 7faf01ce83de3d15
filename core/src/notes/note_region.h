// A note on a region of a page image: where it may stand. One rule for the
// notes added here and those a file brings (import-notes), so that no door
// stores a region on a page the passage does not stand on, or outside the
// image.
#pragma once

#include <string>

#include "jiaozhu/notes.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Sets n.region_page and n.region to the rectangle `region` ("X,Y,W,H") on
// page `page` of passage `address` (empty: the first of its pages with an
// image). Throws NotFound when the passage stands on no such page with an
// image, UsageError when the rectangle is malformed or reaches outside an
// image whose size is known.
void place_region(Database& db, const std::string& address, const std::string& region, const std::string& page, Note& n);

// Throws InputError (`where` naming the file and annotation) when a
// received note's region is malformed, on a page its passage does not stand
// on, or outside that page's image where this copy knows its size. A page
// without an image here passes: images are mapped copy by copy.
void check_received_region(Database& db, const Note& n, const std::string& where);

}  // namespace jiaozhu::detail
