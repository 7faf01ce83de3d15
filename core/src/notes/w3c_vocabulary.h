// What jiaozhu's W3C Web Annotation documents share between writing and
// reading them (docs/w3c.md): the contexts, and ids as urn:uuid.
#pragma once

#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace jiaozhu::detail {

// Written documents keep their keys in the order a reader expects; read
// documents use the unordered type, whose parser is several times faster
// (ordered_json looks keys up linearly).
using json = nlohmann::ordered_json;
using input_json = nlohmann::json;

inline constexpr const char* kAnnoContext = "http://www.w3.org/ns/anno.jsonld";
inline constexpr const char* kJzNamespace = "https://jiaozhu.org/ns/annotation#";
// What a FragmentSelector on an image region conforms to (xywh=).
inline constexpr const char* kMediaFragments = "http://www.w3.org/TR/media-frags/";

// The W3C motivation for jiaozhu's: all are the W3C's own words but
// "correcting", which is "editing" there (the precise word goes in
// jz:motivation, and reading it back restores it).
inline std::string w3c_motivation(const std::string& m) { return m == "correcting" ? "editing" : m; }

inline std::string urn(const std::string& uuid) { return "urn:uuid:" + uuid; }

inline std::string from_urn(const std::string& id) { return id.rfind("urn:uuid:", 0) == 0 ? id.substr(9) : id; }

// A passage's stable name: its edition's uuid and its number, the identity
// a passage has in every copy (schema/schema.sql): urn:jiaozhu:passage:UUID:N.
inline constexpr std::string_view kPassageUrn = "urn:jiaozhu:passage:";
inline std::string passage_urn(const std::string& edition_uuid, int64_t seq) {
  return std::string(kPassageUrn) + edition_uuid + ":" + std::to_string(seq);
}
// The edition uuid and number a passage URN names; nothing for another id.
inline std::optional<std::pair<std::string, int64_t>> parse_passage_urn(const std::string& id) {
  if (id.rfind(kPassageUrn, 0) != 0) return std::nullopt;
  const std::string rest = id.substr(kPassageUrn.size());
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || colon + 1 == rest.size() || colon + 20 < rest.size()) return std::nullopt;
  int64_t seq = 0;
  for (char c : rest.substr(colon + 1)) {
    if (c < '0' || c > '9') return std::nullopt;
    seq = seq * 10 + (c - '0');
  }
  if (seq < 1) return std::nullopt;
  return std::make_pair(rest.substr(0, colon), seq);
}

}  // namespace jiaozhu::detail
