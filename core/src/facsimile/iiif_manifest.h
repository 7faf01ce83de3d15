// Reading a IIIF Presentation manifest (API 2.1 or 3.0) down to what a page
// image needs: each canvas in order, its label, size and painted image with
// the image's Image API service where it has one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jiaozhu::detail {

struct IiifCanvas {
  std::string id, label;
  std::string image;    // the painted image's URL
  std::string service;  // its Image API service's base URI; empty: none
  int image_api = 0;    // 2 or 3 with a service
  int64_t width = 0, height = 0;
};

struct IiifManifest {
  std::string id;
  std::vector<IiifCanvas> canvases;  // those that paint an image, in order
};

// Throws InputError naming `where` (the file or URL) when the text is not a
// manifest of version 2 or 3, or none of its canvases paints an image.
IiifManifest read_iiif_manifest(const std::string& text, const std::string& where);

}  // namespace jiaozhu::detail
