#include "facsimile/iiif_manifest.h"

#include <nlohmann/json.hpp>

#include "jiaozhu/error.h"
#include "util/bounded_input.h"

namespace jiaozhu::detail {
namespace {

using json = nlohmann::json;

// Version 2 names things "@id", version 3 "id"; a service of either
// version may sit in a manifest of the other.
std::string id_of(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (!j.is_object()) return {};
  for (const char* key : {"id", "@id"}) {
    if (auto it = j.find(key); it != j.end() && it->is_string()) return it->get<std::string>();
  }
  return {};
}

std::string string_in(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int64_t size_in(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() && it->get<int64_t>() > 0 ? it->get<int64_t>() : 0;
}

// A label: a string (2), an array or {"@value"} (2), a language map (3),
// whose "none" or first language's first value is taken.
std::string label_of(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_array()) return j.empty() ? std::string() : label_of(j.front());
  if (!j.is_object()) return {};
  if (auto v = j.find("@value"); v != j.end()) return label_of(*v);
  if (auto none = j.find("none"); none != j.end()) return label_of(*none);
  return j.empty() ? std::string() : label_of(j.begin().value());
}

// The Image API version a service speaks, from its type or context.
int api_of(const json& service) {
  const std::string type = string_in(service, "type") + string_in(service, "@type");
  if (type == "ImageService3") return 3;
  if (type == "ImageService2" || type == "ImageService1") return 2;
  const std::string context = string_in(service, "@context");
  if (context.find("/image/3") != std::string::npos) return 3;
  if (context.find("/image/2") != std::string::npos) return 2;
  return service.contains("@id") ? 2 : 3;
}

void take_service(const json& resource, IiifCanvas& c) {
  auto it = resource.find("service");
  if (it == resource.end()) return;
  const json& services = *it;
  for (const json& s : services.is_array() ? services : json::array({services})) {
    const std::string type = string_in(s, "type") + string_in(s, "@type");
    if (type.find("ImageService") == std::string::npos && string_in(s, "@context").find("iiif.io/api/image") == std::string::npos &&
        !(s.is_object() && s.contains("profile"))) {
      continue;  // an auth or search service, not an image one
    }
    c.service = id_of(s);
    while (!c.service.empty() && c.service.back() == '/') c.service.pop_back();
    c.image_api = api_of(s);
    return;
  }
}

// The body an annotation paints: the resource, or the first of a Choice.
const json* painted(const json& body) {
  if (body.is_array()) return body.empty() ? nullptr : painted(body.front());
  if (!body.is_object()) return nullptr;
  if (string_in(body, "type") == "Choice" || string_in(body, "@type") == "oa:Choice") {
    for (const char* key : {"items", "default"}) {
      if (auto it = body.find(key); it != body.end()) return painted(*it);
    }
  }
  return &body;
}

IiifCanvas canvas_of(const json& canvas, const json* resource) {
  IiifCanvas c;
  c.id = id_of(canvas);
  c.label = label_of(canvas.value("label", json()));
  c.width = size_in(canvas, "width");
  c.height = size_in(canvas, "height");
  if (!resource) return c;
  c.image = id_of(*resource);
  if (size_in(*resource, "width") > 0) c.width = size_in(*resource, "width"), c.height = size_in(*resource, "height");
  take_service(*resource, c);
  return c;
}

const json* first_of(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_array() && !it->empty() ? &it->front() : nullptr;
}

void read_v3(const json& m, IiifManifest& out) {
  for (const json& canvas : m.value("items", json::array())) {
    if (!canvas.is_object()) continue;
    const json* page = first_of(canvas, "items");
    const json* annotation = page ? first_of(*page, "items") : nullptr;
    const json* resource = annotation && annotation->contains("body") ? painted(annotation->at("body")) : nullptr;
    out.canvases.push_back(canvas_of(canvas, resource));
  }
}

void read_v2(const json& m, IiifManifest& out) {
  const json* sequence = first_of(m, "sequences");
  if (!sequence) return;
  for (const json& canvas : sequence->value("canvases", json::array())) {
    if (!canvas.is_object()) continue;
    const json* image = first_of(canvas, "images");
    const json* resource = image && image->contains("resource") ? painted(image->at("resource")) : nullptr;
    out.canvases.push_back(canvas_of(canvas, resource));
  }
}

}  // namespace

IiifManifest read_iiif_manifest(const std::string& text, const std::string& where) {
  const json m = parse_bounded_json(text, where, "a IIIF manifest");
  if (!m.is_object()) throw InputError(where + " is not a JSON object: not a IIIF manifest");
  const std::string type = string_in(m, "type") + string_in(m, "@type");
  if (type != "Manifest" && type != "sc:Manifest") {
    throw InputError(where + " is not a IIIF Presentation manifest (its type is '" + type + "')");
  }
  IiifManifest out;
  out.id = id_of(m);
  if (m.contains("sequences")) read_v2(m, out);
  else read_v3(m, out);
  std::erase_if(out.canvases, [](const IiifCanvas& c) { return c.image.empty() && c.service.empty(); });
  if (out.canvases.empty()) throw InputError(where + ": no canvas of this manifest paints an image");
  return out;
}

}  // namespace jiaozhu::detail
