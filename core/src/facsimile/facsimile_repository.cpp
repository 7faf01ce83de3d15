// FacsimileRepository: the page_image log read and written for editions and
// passages, IIIF manifests and folders matched to an edition's pages.
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "facsimile/iiif_manifest.h"
#include "facsimile/image_folder.h"
#include "facsimile/page_images.h"
#include "facsimile/url_fetch.h"
#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "util/bounded_input.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/image_folders.h"

namespace jiaozhu {
namespace {

// An edition's pages, each once, in the order its passages first stand on them.
std::vector<std::string> edition_pages(Database& db, int64_t edition_id) {
  SQLite::Statement q(db.sql(),
                      "SELECT pp.page FROM passage p JOIN passage_place pp ON pp.passage_id = p.id "
                      "WHERE p.edition_id = ? AND pp.page IS NOT NULL ORDER BY p.seq");
  q.bind(1, edition_id);
  std::vector<std::string> out;
  std::set<std::string> seen;
  while (q.executeStep()) {
    std::string page = q.getColumn(0).getString();
    if (seen.insert(page).second) out.push_back(std::move(page));
  }
  return out;
}

std::vector<std::string> pages_or_refuse(Database& db, const Edition& e) {
  std::vector<std::string> pages = edition_pages(db, e.id);
  if (pages.empty()) {
    throw UsageError("edition " + e.siglum + " names no pages (its source had no page breaks): nothing to map images to");
  }
  return pages;
}

std::string read_file_text(const std::string& path) {
  return detail::read_bounded(path, detail::kMaxDocumentBytes, "a IIIF manifest");
}

// The canvas labelled as `page`: the same label, else the only one whose
// label has the same last number (a canvas "p. 12" or "第12頁" for page 12).
const detail::IiifCanvas* canvas_for(const std::vector<detail::IiifCanvas>& canvases, const std::string& page) {
  std::vector<std::string> labels;
  for (const auto& c : canvases) {
    if (c.label == page) return &c;
    labels.push_back(c.label);
  }
  const std::optional<std::size_t> i = detail::only_by_number(labels, page);
  return i ? &canvases[*i] : nullptr;
}

PageImage from_canvas(const detail::IiifCanvas& c, const std::string& manifest) {
  PageImage i;
  i.canvas = c.id;
  i.service = c.service;
  i.image_api = c.service.empty() ? 0 : c.image_api;
  i.url = c.image;
  if (i.url.empty()) i.url = image_url(i, 0);
  i.width = c.width;
  i.height = c.height;
  if (detail::is_web_url(manifest)) i.manifest = manifest;
  return i;
}

ShownImage shown(PageImage image, const std::optional<std::filesystem::path>& folder, const std::string& siglum) {
  ShownImage s{std::move(image), std::nullopt, ""};
  if (s.image.file.empty()) return s;
  if (!folder) {
    s.missing = "no folder of page images is set for edition " + siglum + " on this machine (jiaozhu facsimile folder " +
                siglum + " DIR)";
    return s;
  }
  const std::filesystem::path path = *folder / s.image.file;
  if (auto inside = detail::file_inside(*folder, s.image.file)) s.path = *inside;
  else s.missing = path.string() + " is not a file inside the folder of page images on this machine";
  return s;
}

std::map<std::string, PageImage> current_of(Database& db, const std::string& edition_uuid) {
  std::map<std::string, PageImage> out;
  for (PageImage& i : detail::current_page_images(db, edition_uuid)) out[i.page] = std::move(i);
  return out;
}

// An edition's page images as a range of passages needs them: each page it
// names looked up by its own row (a reading page names a few), the whole
// mapping read only when a passage spans pages that no passage begins on.
class PageLookup {
 public:
  PageLookup(Database& db, std::string edition_uuid) : db_(db), edition_(std::move(edition_uuid)) {}

  const PageImage* find(const std::string& label) {
    auto [it, added] = cache_.try_emplace(label);
    if (added) it->second = detail::current_page_image(db_, edition_, label);
    return it->second ? &*it->second : nullptr;
  }

  // The pages a passage stands on: the one it begins on, and those that
  // begin inside it: pages ordered after that one and before the page the
  // next passage begins on (or that page itself, when it begins inside the
  // passage's text).
  std::vector<std::string> pages_between(const std::string& first, const std::optional<std::string>& following) {
    std::vector<std::string> out{first};
    const PageImage* own = find(first);
    const PageImage* after = following ? find(*following) : nullptr;
    if (!own || !after || after->order <= own->order) return out;
    if (after->order > own->order + 1) {
      for (const PageImage* i : ordered()) {
        if (i->order > own->order && i->order < after->order) out.push_back(i->page);
      }
    }
    if (after->begins_inside) out.push_back(after->page);
    return out;
  }

 private:
  const std::vector<const PageImage*>& ordered() {
    if (!all_) {
      all_ = current_of(db_, edition_);
      for (const auto& [label, image] : *all_) ordered_.push_back(&image);
      std::sort(ordered_.begin(), ordered_.end(), [](auto* x, auto* y) { return x->order < y->order; });
    }
    return ordered_;
  }

  Database& db_;
  std::string edition_;
  std::map<std::string, std::optional<PageImage>> cache_;
  std::optional<std::map<std::string, PageImage>> all_;
  std::vector<const PageImage*> ordered_;
};

// What an add maps, with the edition's pages none of it reached.
FacsimileAdded write_mapping(Database& db, const Edition& e, std::vector<PageImage>& images,
                             const std::vector<std::string>& pages, int64_t offered, const std::string& author) {
  FacsimileAdded added;
  std::set<std::string> mapped;
  for (const PageImage& i : images) mapped.insert(i.page);
  for (const std::string& p : pages) {
    if (!mapped.count(p)) added.unmatched.push_back(p);
  }
  // Where a page breaks in the text is the text's, whichever image shows it.
  const std::map<std::string, PageImage> before = current_of(db, e.uuid);
  for (PageImage& i : images) {
    if (auto it = before.find(i.page); it != before.end()) i.begins_inside = it->second.begins_inside;
  }
  added.pages = static_cast<int64_t>(images.size());
  added.images_unused = std::max<int64_t>(0, offered - added.pages);
  FacsimileRepository(db).record(e.uuid, images, author);
  return added;
}

}  // namespace

void take_size(PageImage& image, const std::filesystem::path& file) {
  if (const auto size = detail::image_size(file); size && size->width > 0 && size->height > 0 && size->width <= 1'000'000 &&
                                                  size->height <= 1'000'000) {
    image.width = size->width;
    image.height = size->height;
  }
}

std::string ImageRegion::text() const {
  return std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(w) + "," + std::to_string(h);
}

ImageRegion parse_region(const std::string& xywh) {
  ImageRegion r;
  int64_t* parts[] = {&r.x, &r.y, &r.w, &r.h};
  std::size_t at = 0;
  for (int i = 0; i < 4; ++i) {
    const std::size_t end = i < 3 ? xywh.find(',', at) : xywh.size();
    const std::string part = end == std::string::npos ? "" : xywh.substr(at, end - at);
    if (part.empty() || part.size() > 7 || !std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      throw UsageError("the region '" + xywh + "' is not X,Y,W,H in whole pixels");
    }
    *parts[i] = std::stoll(part);
    at = end + 1;
  }
  if (r.w < 1 || r.h < 1) throw UsageError("the region '" + xywh + "' has no width or no height");
  return r;
}

std::vector<std::string> image_origins(const PageImage& image) {
  std::vector<std::string> out;
  for (const std::string* u : {&image.url, &image.service}) {
    if (!u->empty() && detail::is_web_url(*u)) out.push_back(detail::url_origin(*u));
  }
  return out;
}

std::string image_url(const PageImage& image, int64_t width) {
  if (image.service.empty()) return image.url;
  if (width <= 0 && !image.url.empty()) return image.url;
  // Level 0 of both versions serves the full region at its full size:
  // "full" (2) or "max" (3); a width is asked as "w," in either.
  const std::string size = width > 0 ? std::to_string(width) + "," : image.image_api == 2 ? "full" : "max";
  return image.service + "/full/" + size + "/0/default.jpg";
}

FacsimileAdded FacsimileRepository::add_iiif(const std::string& siglum, const std::string& manifest, PageMatch match,
                                             const std::string& author) {
  const bool web = manifest.rfind("http://", 0) == 0 || manifest.rfind("https://", 0) == 0;
  if (web && !detail::is_web_url(manifest)) throw UsageError("'" + manifest + "' is not a URL jiaozhu can fetch");
  const detail::IiifManifest m = detail::read_iiif_manifest(web ? detail::fetch_url(manifest) : read_file_text(manifest), manifest);
  const std::string source = detail::is_web_url(m.id) ? m.id : web ? manifest : "";
  FacsimileAdded added;
  db_.write([&] {
    const Edition e = EditionRepository(db_).get(siglum);
    const std::vector<std::string> pages = pages_or_refuse(db_, e);
    std::vector<PageImage> images;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      const detail::IiifCanvas* c = match == PageMatch::kOrder ? (i < m.canvases.size() ? &m.canvases[i] : nullptr)
                                                               : canvas_for(m.canvases, pages[i]);
      if (!c) continue;
      PageImage image = from_canvas(*c, source);
      image.page = pages[i];
      image.order = static_cast<int64_t>(i + 1);
      try {
        detail::check_page_image(image);
      } catch (const UsageError& err) {
        throw InputError(manifest + ": canvas " + c->id + ": " + err.what());
      }
      images.push_back(std::move(image));
    }
    added = write_mapping(db_, e, images, pages, static_cast<int64_t>(m.canvases.size()), author);
  });
  return added;
}

FacsimileAdded FacsimileRepository::add_folder(const std::string& siglum, const std::filesystem::path& folder,
                                               const std::string& pattern, PageMatch match, const std::string& author) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(folder, ec), ec);
  const std::vector<std::string> files = detail::image_files(absolute);
  const std::set<std::string> present(files.begin(), files.end());
  FacsimileAdded added;
  std::string edition_uuid;
  db_.write([&] {
    const Edition e = EditionRepository(db_).get(siglum);
    edition_uuid = e.uuid;
    const std::vector<std::string> pages = pages_or_refuse(db_, e);
    std::vector<PageImage> images;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      std::optional<std::string> file;
      if (!pattern.empty()) {
        const std::string name = detail::name_from_pattern(pattern, pages[i]);
        if (present.count(name)) file = name;
      } else if (match == PageMatch::kOrder) {
        if (i < files.size()) file = files[i];
      } else {
        file = detail::file_by_number(files, pages[i]);
      }
      if (!file) continue;
      PageImage image;
      image.page = pages[i];
      image.order = static_cast<int64_t>(i + 1);
      image.file = *file;
      take_size(image, absolute / *file);
      images.push_back(std::move(image));
    }
    added = write_mapping(db_, e, images, pages, static_cast<int64_t>(files.size()), author);
  });
  write_image_folder(edition_uuid, absolute);
  return added;
}

void FacsimileRepository::record(const std::string& edition_uuid, const std::vector<PageImage>& images,
                                 const std::string& author) {
  detail::ChoiceLog log(db_, detail::kPageImages);
  for (const PageImage& i : images) {
    detail::check_page_image(i);
    const std::string subject = detail::page_uuid(edition_uuid, i.page);
    const std::string value = detail::encode_page_image(edition_uuid, i);
    const auto now = log.current(subject);
    if (now && now->value == value) continue;  // mapped so already: no row to merge
    log.record(subject, value, edition_uuid, author);
  }
}

int64_t FacsimileRepository::remove(const std::string& siglum, const std::optional<std::string>& page,
                                    const std::string& author) {
  int64_t removed = 0;
  db_.write([&] {
    const Edition e = EditionRepository(db_).get(siglum);
    const std::map<std::string, PageImage> current = current_of(db_, e.uuid);
    if (page && !current.count(*page)) throw NotFound("page " + *page + " of edition " + siglum + " has no image");
    detail::ChoiceLog log(db_, detail::kPageImages);
    for (const auto& [label, image] : current) {
      if (page && label != *page) continue;
      log.record(detail::page_uuid(e.uuid, label), std::nullopt, e.uuid, author);
      ++removed;
    }
  });
  return removed;
}

std::vector<ShownImage> FacsimileRepository::list(const std::string& siglum) const {
  std::vector<ShownImage> out;
  db_.read([&] {
    const Edition e = EditionRepository(db_).get(siglum);
    const std::optional<std::filesystem::path> folder = read_image_folder(e.uuid);
    for (auto& [page, image] : current_of(db_, e.uuid)) out.push_back(shown(image, folder, siglum));
  });
  std::sort(out.begin(), out.end(), [](const ShownImage& a, const ShownImage& b) {
    return a.image.order != b.image.order ? a.image.order < b.image.order : a.image.page < b.image.page;
  });
  return out;
}

std::optional<FacsimileRepository::ImagePlace> FacsimileRepository::place_of_image(const std::string& id) const {
  std::optional<ImagePlace> out;
  db_.read([&] {
    std::string edition_uuid;
    PageImage found;
    for (const auto& [subject, c] : detail::ChoiceLog(db_, detail::kPageImages).all_current()) {
      if (!c.value) continue;
      const detail::StoredImage s = detail::decode_page_image(*c.value);
      if (s.image.canvas == id || s.image.url == id || (!s.image.service.empty() && s.image.service == id)) {
        edition_uuid = s.edition_uuid;
        found = s.image;
        break;
      }
    }
    if (edition_uuid.empty()) return;
    const std::optional<Edition> e = EditionRepository(db_).find_by_uuid(edition_uuid);
    if (!e) return;
    const std::map<std::string, PageImage> images = current_of(db_, edition_uuid);
    // The last passage to begin on this page or one before it.
    SQLite::Statement q(db_.sql(),
                        "SELECT p.seq, pp.page FROM passage p JOIN passage_place pp ON pp.passage_id = p.id "
                        "WHERE p.edition_id = ? AND pp.page IS NOT NULL ORDER BY p.seq");
    q.bind(1, e->id);
    int64_t passage = 0;
    while (q.executeStep()) {
      const std::string page = q.getColumn(1).getString();
      if (page == found.page) {
        passage = q.getColumn(0).getInt64();
        break;
      }
      const auto it = images.find(page);
      if (it != images.end() && it->second.order < found.order) passage = q.getColumn(0).getInt64();
    }
    if (passage > 0) out = ImagePlace{e->siglum, found.page, passage};
  });
  return out;
}

std::optional<ShownImage> FacsimileRepository::image_of(const std::string& siglum, const std::string& page) const {
  std::optional<ShownImage> out;
  db_.read([&] {
    const Edition e = EditionRepository(db_).get(siglum);
    std::optional<PageImage> image = detail::current_page_image(db_, e.uuid, page);
    if (image) out = shown(std::move(*image), read_image_folder(e.uuid), siglum);
  });
  return out;
}

PassagePages FacsimileRepository::of_passage(const std::string& address) const {
  const Address a = parse_address(address);
  if (a.whole_edition() || a.first != a.last) throw UsageError("give one passage, S:N, not " + address);
  return of_passages(a).front();
}

std::vector<PassagePages> FacsimileRepository::of_passages(const Address& range) const {
  std::vector<PassagePages> out;
  db_.read([&] {
    const Edition e = EditionRepository(db_).get(range.siglum);
    const int64_t count = EditionRepository(db_).passage_count(e.id);
    const int64_t first = range.whole_edition() ? 1 : range.first, last = range.whole_edition() ? count : range.last;
    if (first < 1 || last > count || first > last) {
      throw NotFound("edition " + range.siglum + " has no passage " + std::to_string(last > count ? last : first));
    }
    // Each passage's first page: its own, else the last one named before it.
    std::vector<std::optional<std::string>> starts;
    auto before = db_.cached(
        "SELECT pp.page FROM passage p JOIN passage_place pp ON pp.passage_id = p.id "
        "WHERE p.edition_id = ?1 AND p.seq < ?2 AND pp.page IS NOT NULL ORDER BY p.seq DESC LIMIT 1");
    before->bind(1, e.id);
    before->bind(2, first);
    std::optional<std::string> page = before->executeStep() ? std::optional(before->getColumn(0).getString()) : std::nullopt;
    SQLite::Statement own(db_.sql(),
                          "SELECT pp.page FROM passage p LEFT JOIN passage_place pp ON pp.passage_id = p.id "
                          "WHERE p.edition_id = ?1 AND p.seq BETWEEN ?2 AND ?3 ORDER BY p.seq");
    own.bind(1, e.id);
    own.bind(2, first);
    own.bind(3, last);
    while (own.executeStep()) {
      if (!own.getColumn(0).isNull()) page = own.getColumn(0).getString();
      starts.push_back(page);
    }
    auto next = db_.cached(
        "SELECT pp.page FROM passage p JOIN passage_place pp ON pp.passage_id = p.id "
        "WHERE p.edition_id = ?1 AND p.seq > ?2 AND pp.page IS NOT NULL AND pp.page <> ?3 ORDER BY p.seq LIMIT 1");
    PageLookup images(db_, e.uuid);
    std::optional<std::optional<std::filesystem::path>> folder;  // read once, when an image is shown
    for (std::size_t i = 0; i < starts.size(); ++i) {
      PassagePages p;
      p.address = format_address(range.siglum, first + static_cast<int64_t>(i));
      if (starts[i]) {
        // The page the next passage begins on, when another.
        std::optional<std::string> following;
        for (std::size_t j = i + 1; j < starts.size() && !following; ++j) {
          if (starts[j] != starts[i]) following = starts[j];
        }
        if (!following) {
          next->bind(1, e.id);
          next->bind(2, last);
          next->bind(3, *starts[i]);
          if (next->executeStep()) following = next->getColumn(0).getString();
          next->reset();
        }
        p.pages = images.pages_between(*starts[i], following);
        for (const std::string& label : p.pages) {
          const PageImage* image = images.find(label);
          if (!image) continue;
          if (!folder) folder = read_image_folder(e.uuid);
          p.images.push_back(shown(*image, *folder, range.siglum));
        }
      }
      out.push_back(std::move(p));
    }
  });
  return out;
}

}  // namespace jiaozhu
