// Page images (facsimiles): which image shows each page of an edition, so
// that a reading can be checked against the book. A page is named as the
// edition's passages name it (TEI <pb n>, Mandoku <pb:…>, CBETA's line
// markers: Passage::page).
//
// An image is a URL (a IIIF canvas's image, with its Image API service
// where it has one, or any image on the web) or a file of the edition's
// folder. URLs travel between collaborators by merge as they are. A folder
// is this machine's: the mapping (page → file name) travels, the folder is
// set on each machine (user_config.h), and a page whose file is missing
// here says so instead of failing.
//
// The mapping is kept as a log (schema: page_image): every setting a row,
// the newest row for a page holds, merge a union, so no one's mapping is lost.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "jiaozhu/address.h"

namespace jiaozhu {

class Database;

struct PageImage {
  std::string page;   // the page label
  int64_t order = 0;  // its place among the edition's pages, from 1
  // Exactly one of file and url.
  std::string file;  // a name inside the edition's folder ("scans/p2.png")
  std::string url;   // an http(s) URL of the whole image
  // From a IIIF manifest: the canvas, its Image API service (the base URI
  // before /{region}/{size}/…) and that API's major version (2 or 3).
  std::string canvas, service, manifest;
  int image_api = 0;
  int64_t width = 0, height = 0;  // pixels of the full image; 0: not known
  // The page begins inside a passage's text (a TEI <pb> within a <p>): the
  // passage before stands on it too. Known from TEI sources only: jiaozhu
  // stores where each passage begins, not where its pages break.
  bool begins_inside = false;
  std::string author, set_at;
};

// An image as this machine can show it.
struct ShownImage {
  PageImage image;
  std::optional<std::filesystem::path> path;  // a file image found here
  // Why a file image cannot be shown here: no folder set for the edition on
  // this machine, or no such file in it. Empty when it can.
  std::string missing;
};

struct PassagePages {
  std::string address;             // S:N
  std::vector<std::string> pages;  // the pages it stands on, first to last; empty: the source gave none
  std::vector<ShownImage> images;  // the images of those pages that have one, in page order
};

enum class PageMatch { kLabel, kOrder };

// What an add did.
struct FacsimileAdded {
  int64_t pages = 0;                    // pages given an image
  std::vector<std::string> unmatched;   // the edition's pages left without one
  int64_t images_unused = 0;            // canvases or files no page took
};

// Holds `db` by reference; one thread at a time. Writes run in one
// transaction of their own; reads in the caller's when there is one. Throws
// NotFound for an unknown siglum or passage, InputError naming the file or
// URL for a manifest or folder that cannot be read, UsageError for bad
// arguments, DatabaseError naming the database file.
class FacsimileRepository {
 public:
  explicit FacsimileRepository(Database& db) : db_(db) {}

  // Maps the edition's pages to the canvases of a IIIF Presentation
  // manifest (version 2 or 3), read from a file or fetched from an http(s)
  // URL: by label (a canvas labelled as the page, or with the same number)
  // or in order (the n-th canvas shows the edition's n-th page).
  FacsimileAdded add_iiif(const std::string& siglum, const std::string& manifest, PageMatch match, const std::string& author);

  // Maps the edition's pages to the image files of `folder`: by `pattern`
  // ("p{n}.jpg", {n} the page label; {n:3} zero-padded to 3 digits), else
  // to the file whose name's last number is the page's number, or with
  // kOrder the folder's images in natural order to the pages in order.
  // Sets `folder` as the edition's folder on this machine.
  FacsimileAdded add_folder(const std::string& siglum, const std::filesystem::path& folder, const std::string& pattern,
                            PageMatch match, const std::string& author);

  // Writes mappings as they are (import: a TEI file's <pb facs>), in the
  // caller's transaction; each checked as merge checks a row.
  void record(const std::string& edition_uuid, const std::vector<PageImage>& images, const std::string& author);

  // Withdraws the image of `page`, or of every page when nothing; returns how many.
  int64_t remove(const std::string& siglum, const std::optional<std::string>& page, const std::string& author);

  // The current mapping of the edition's pages, in page order.
  std::vector<ShownImage> list(const std::string& siglum) const;
  // The pages a passage (S:N) stands on and their images; of_passages the
  // same for each passage of a range (S, S:N-M), reading the mapping once.
  PassagePages of_passage(const std::string& address) const;
  std::vector<PassagePages> of_passages(const Address& range) const;
  // The edition and page whose image is `id` (a IIIF canvas, an image's URL
  // or its service), when one is: where another tool's annotation on that
  // image belongs. Reads every mapping: for imports, not listings.
  struct ImagePlace {
    std::string siglum, page;
    int64_t passage = 0;  // the passage that stands on the page: the first to begin on it, else the one it begins inside
  };
  std::optional<ImagePlace> place_of_image(const std::string& id) const;
  // The image of page `page` of an edition, when it has one.
  std::optional<ShownImage> image_of(const std::string& siglum, const std::string& page) const;

 private:
  Database& db_;
};

// Sets the image's width and height from `file`'s header (PNG, GIF, JPEG),
// when it can be read.
void take_size(PageImage& image, const std::filesystem::path& file);

// Parses "X,Y,W,H" (pixels, W and H at least 1); throws UsageError naming it.
struct ImageRegion {
  int64_t x = 0, y = 0, w = 0, h = 0;
  std::string text() const;  // "X,Y,W,H"
};
ImageRegion parse_region(const std::string& xywh);

// The origin (scheme://host[:port]) of the image and of its service, when
// they are on the web: what a page showing it must allow.
std::vector<std::string> image_origins(const PageImage& image);

// The Image API URL of the whole image at `width` pixels wide (0: the full
// size), or the image's own URL when it has no service.
std::string image_url(const PageImage& image, int64_t width);

}  // namespace jiaozhu
