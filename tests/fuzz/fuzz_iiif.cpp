// Fuzz target: a IIIF manifest and a stored page image, both untrusted (a
// library's server, a collaborator's file). Any input is read or refused
// with InputError/UsageError; a canvas read becomes a mapping that the
// rules pass or refuse, and a stored image that decodes encodes to itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "facsimile/iiif_manifest.h"
#include "facsimile/page_images.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const jiaozhu::detail::IiifManifest m = jiaozhu::detail::read_iiif_manifest(text, "fuzz.json");
    for (const auto& c : m.canvases) {
      jiaozhu::PageImage i;
      i.page = "1";
      i.order = 1;
      i.url = c.image;
      i.canvas = c.id;
      i.service = c.service;
      i.image_api = c.service.empty() ? 0 : c.image_api;
      try {
        jiaozhu::detail::check_page_image(i);
        (void)jiaozhu::image_url(i, 800);
      } catch (const jiaozhu::UsageError&) {
      }
    }
  } catch (const jiaozhu::InputError&) {
  }
  try {
    const jiaozhu::detail::StoredImage s = jiaozhu::detail::decode_page_image(text);
    const std::string again = jiaozhu::detail::encode_page_image(s.edition_uuid, s.image);
    if (jiaozhu::detail::decode_page_image(again).image.page != s.image.page) std::abort();
  } catch (const jiaozhu::UsageError&) {
  }
  return 0;
}
