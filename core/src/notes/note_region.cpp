#include "notes/note_region.h"

#include <algorithm>

#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"

namespace jiaozhu::detail {
namespace {

// Whether `r` reaches outside image `i`, when its size is known.
bool outside(const ImageRegion& r, const PageImage& i) { return i.width > 0 && (r.x + r.w > i.width || r.y + r.h > i.height); }

}  // namespace

void place_region(Database& db, const std::string& address, const std::string& region, const std::string& page, Note& n) {
  const ImageRegion r = parse_region(region);
  const PassagePages pages = FacsimileRepository(db).of_passage(address);
  const ShownImage* image = nullptr;
  for (const ShownImage& s : pages.images) {
    if (page.empty() || s.image.page == page) {
      image = &s;
      break;
    }
  }
  if (!image) {
    const std::string why = page.empty() ? "none of its pages has an image" : "it stands on no page " + page + " with an image";
    throw NotFound(address + ": " + why + " (see `jiaozhu facsimile " + address + "`)");
  }
  const PageImage& i = image->image;
  if (outside(r, i)) {
    throw UsageError("the region " + r.text() + " reaches outside the image of page " + i.page + " (" +
                     std::to_string(i.width) + "×" + std::to_string(i.height) + " pixels)");
  }
  n.region_page = i.page;
  n.region = r.text();
}

void check_received_region(Database& db, const Note& n, const std::string& where) {
  ImageRegion r;
  try {
    r = parse_region(n.region);
  } catch (const UsageError& e) {
    throw InputError(where + ": " + e.what());
  }
  const PassagePages pages = FacsimileRepository(db).of_passage(n.address);
  if (std::find(pages.pages.begin(), pages.pages.end(), n.region_page) == pages.pages.end()) {
    throw InputError(where + ": its region is on page " + n.region_page + ", which " + n.address + " does not stand on");
  }
  for (const ShownImage& s : pages.images) {
    const PageImage& i = s.image;
    if (i.page == n.region_page && outside(r, i)) {
      throw InputError(where + ": its region " + r.text() + " reaches outside the image of page " + i.page);
    }
  }
}

}  // namespace jiaozhu::detail
