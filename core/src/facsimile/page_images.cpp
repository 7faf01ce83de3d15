#include "facsimile/page_images.h"

#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxUrlBytes = 2000;
constexpr int64_t kMaxPixels = 1'000'000;

// A file name kept relative to its folder: no root, no "..", no backslash
// (a Windows separator would let "..\" through on another machine).
bool is_inner_file_name(const std::string& name) {
  if (name.empty() || name.size() > 1024 || name.front() == '/' || name.find('\\') != std::string::npos) return false;
  if (name.find(':') != std::string::npos) return false;  // C:, or a URL taken for a file
  std::size_t at = 0;
  while (at <= name.size()) {
    const std::size_t end = std::min(name.find('/', at), name.size());
    const std::string part = name.substr(at, end - at);
    if (part.empty() || part == "." || part == "..") return false;
    at = end + 1;
  }
  return true;
}

void check_text(Field field, const std::string& value, const char* what) {
  if (auto fault = field_fault(field, value)) throw UsageError(std::string(what) + " " + *fault);
}

std::string string_at(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_string()) throw UsageError(std::string("its \"") + key + "\" is not a string");
  return it->get<std::string>();
}

int64_t number_at(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) return 0;
  if (!it->is_number_integer()) throw UsageError(std::string("its \"") + key + "\" is not a whole number");
  return it->get<int64_t>();
}

}  // namespace

std::string page_uuid(const std::string& edition_uuid, const std::string& page) {
  return uuid_from_name("jiaozhu page\n" + edition_uuid + "\n" + page);
}

bool is_web_url(const std::string& url) {
  if (url.size() > kMaxUrlBytes) return false;
  const std::size_t rest = url.rfind("https://", 0) == 0 ? 8 : url.rfind("http://", 0) == 0 ? 7 : 0;
  if (rest == 0 || url.size() == rest || url[rest] == '/') return false;
  for (unsigned char c : url) {
    if (c <= 0x20 || c == 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`') return false;
  }
  // Its origin goes into the reading room's Content-Security-Policy: a host
  // of letters, digits, dots and hyphens with an optional port, nothing a
  // policy reads otherwise (* ; , quotes, user info).
  const std::size_t end = std::min(url.find_first_of("/?#", rest), url.size());
  const std::string_view host(url.data() + rest, end - rest);
  const std::size_t colon = host.rfind(':');
  const std::string_view name = host.substr(0, colon);
  if (name.empty() || name.front() == '.' || name.front() == '-' || name.back() == '.') return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') return false;
  }
  if (colon != std::string_view::npos) {
    const std::string_view port = host.substr(colon + 1);
    if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  }
  return !field_fault(Field::kReference, url);
}

std::string url_origin(const std::string& url) {
  const std::size_t host = url.find("://") + 3;
  return url.substr(0, std::min(url.find_first_of("/?#", host), url.size()));
}

void check_page_image(const PageImage& i) {
  if (i.page.empty() || i.page.size() > 200) throw UsageError("a page label must have 1 to 200 bytes");
  check_text(Field::kPassageLabel, i.page, "the page label");
  if (i.order < 1) throw UsageError("page " + i.page + ": its order must be 1 or more");
  if (i.file.empty() == i.url.empty()) throw UsageError("page " + i.page + ": an image is either a file or a URL");
  if (!i.file.empty()) {
    check_text(Field::kFileName, i.file, "the image's file name");
    if (!is_inner_file_name(i.file)) {
      throw UsageError("page " + i.page + ": the file name '" + i.file + "' is not a name inside the edition's folder");
    }
  }
  if (!i.url.empty() && !is_web_url(i.url)) throw UsageError("page " + i.page + ": '" + i.url + "' is not an http(s) URL");
  for (const std::string* u : {&i.service, &i.manifest}) {
    if (!u->empty() && !is_web_url(*u)) throw UsageError("page " + i.page + ": '" + *u + "' is not an http(s) URL");
  }
  if (!i.canvas.empty()) check_text(Field::kReference, i.canvas, "the canvas");
  if (i.image_api != 0 && i.image_api != 2 && i.image_api != 3) throw UsageError("page " + i.page + ": IIIF Image API 2 or 3 only");
  if (i.image_api != 0 && i.service.empty()) throw UsageError("page " + i.page + ": an Image API version without a service");
  if (i.width < 0 || i.width > kMaxPixels || i.height < 0 || i.height > kMaxPixels) {
    throw UsageError("page " + i.page + ": a size out of range");
  }
}

std::string encode_page_image(const std::string& edition_uuid, const PageImage& i) {
  json j = {{"edition", edition_uuid}, {"page", i.page}, {"order", i.order}};
  if (!i.file.empty()) j["file"] = i.file;
  if (!i.url.empty()) j["url"] = i.url;
  if (!i.canvas.empty()) j["canvas"] = i.canvas;
  if (!i.service.empty()) j["service"] = i.service, j["api"] = i.image_api;
  if (!i.manifest.empty()) j["manifest"] = i.manifest;
  if (i.width > 0) j["width"] = i.width;
  if (i.height > 0) j["height"] = i.height;
  if (i.begins_inside) j["inside"] = true;
  return j.dump();
}

StoredImage decode_page_image(const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw UsageError("it is not a JSON object");
  StoredImage out;
  out.edition_uuid = string_at(j, "edition");
  if (auto fault = field_fault(Field::kUuid, out.edition_uuid); fault || out.edition_uuid.empty()) {
    throw UsageError("its edition is not a uuid");
  }
  PageImage& i = out.image;
  i.page = string_at(j, "page");
  i.order = number_at(j, "order");
  i.file = string_at(j, "file");
  i.url = string_at(j, "url");
  i.canvas = string_at(j, "canvas");
  i.service = string_at(j, "service");
  i.manifest = string_at(j, "manifest");
  i.image_api = static_cast<int>(std::clamp<int64_t>(number_at(j, "api"), -1, 4));
  i.width = number_at(j, "width");
  i.height = number_at(j, "height");
  if (auto inside = j.find("inside"); inside != j.end()) {
    if (!inside->is_boolean()) throw UsageError("its \"inside\" is not true or false");
    i.begins_inside = inside->get<bool>();
  }
  check_page_image(i);
  return out;
}

std::vector<PageImage> current_page_images(Database& db, const std::string& edition_uuid) {
  // The newest row of each page of the edition, when it is not a withdrawal.
  auto q = db.cached(
      "SELECT p.image, p.author, p.set_at FROM page_image p WHERE p.edition_uuid = ?1 AND p.image IS NOT NULL "
      "AND NOT EXISTS (SELECT 1 FROM page_image n WHERE n.page_uuid = p.page_uuid "
      "AND (n.set_at > p.set_at OR (n.set_at = p.set_at AND n.uuid > p.uuid)))");
  q->bind(1, edition_uuid);
  std::vector<PageImage> out;
  while (q->executeStep()) {
    PageImage i = decode_page_image(q->getColumn(0).getString()).image;
    i.author = q->getColumn(1).getString();
    i.set_at = q->getColumn(2).getString();
    out.push_back(std::move(i));
  }
  return out;
}

std::optional<PageImage> current_page_image(Database& db, const std::string& edition_uuid, const std::string& page) {
  const auto c = ChoiceLog(db, kPageImages).current(page_uuid(edition_uuid, page));
  if (!c || !c->value) return std::nullopt;
  PageImage i = decode_page_image(*c->value).image;
  i.author = c->author;
  i.set_at = c->set_at;
  return i;
}

std::vector<std::string> page_image_faults(Database& db) {
  ChoiceLog log(db, kPageImages);
  std::vector<std::string> out = log.faults();
  for (const Choice& c : log.all()) {
    if (!c.value) continue;
    try {
      const StoredImage s = decode_page_image(*c.value);
      if (c.subject != page_uuid(s.edition_uuid, s.image.page) || c.note != s.edition_uuid) {
        out.push_back("page_image row " + c.uuid + " is not about the page it names");
      }
    } catch (const UsageError& e) {
      out.push_back("page_image row " + c.uuid + ": " + e.what());
    }
  }
  return out;
}

void merge_page_images(MergeContext& m) {
  ChoiceLog log(m.db, kPageImages);
  SQLite::Statement rows(m.other, "SELECT uuid, page_uuid, image, edition_uuid, author, set_at FROM page_image ORDER BY uuid");
  int64_t added = 0;
  while (rows.executeStep()) {
    Choice c;
    c.uuid = m.text(rows, 0, Field::kUuid);
    c.subject = m.text(rows, 1, Field::kUuid);
    if (!rows.getColumn(2).isNull()) c.value = m.text(rows, 2, Field::kPageImage);
    c.note = m.text(rows, 3, Field::kUuid);
    c.author = m.text(rows, 4, Field::kAuthor);
    c.set_at = m.text(rows, 5, Field::kTimestamp);
    const std::string what = "page_image row " + c.uuid;
    if (c.uuid != ChoiceLog::uuid_of(kPageImages, c)) m.refuse(what + " has a uuid not derived from its content");
    if (c.value) {
      StoredImage s;
      try {
        s = decode_page_image(*c.value);
      } catch (const UsageError& e) {
        m.refuse(what + ": " + e.what());
      }
      if (c.subject != page_uuid(s.edition_uuid, s.image.page) || c.note != s.edition_uuid) {
        m.refuse(what + " is not about the page it names");
      }
      // An edition this copy holds under another uuid: the row is about ours.
      if (auto local = m.edition_uuids.find(s.edition_uuid); local != m.edition_uuids.end() && local->second != s.edition_uuid) {
        c.subject = page_uuid(local->second, s.image.page);
        c.value = encode_page_image(local->second, s.image);
        c.note = local->second;
        c.uuid = ChoiceLog::uuid_of(kPageImages, c);
      }
    }
    added += log.merge_row(c);
  }
  m.report.page_images = added;
}

}  // namespace jiaozhu::detail
