// What jiaozhu's W3C Web Annotation documents share between writing and
// reading them (docs/w3c.md): the contexts, and ids as urn:uuid.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace jiaozhu::detail {

// Written documents keep their keys in the order a reader expects; read
// documents use the unordered type, whose parser is several times faster
// (ordered_json looks keys up linearly).
using json = nlohmann::ordered_json;
using input_json = nlohmann::json;

inline constexpr const char* kAnnoContext = "http://www.w3.org/ns/anno.jsonld";
inline constexpr const char* kJzNamespace = "https://jiaozhu.org/ns/annotation#";

// The W3C motivation for jiaozhu's: all are the W3C's own words but
// "correcting", which is "editing" there (the precise word goes in
// jz:motivation, and reading it back restores it).
inline std::string w3c_motivation(const std::string& m) { return m == "correcting" ? "editing" : m; }

inline std::string urn(const std::string& uuid) { return "urn:uuid:" + uuid; }

inline std::string from_urn(const std::string& id) { return id.rfind("urn:uuid:", 0) == 0 ? id.substr(9) : id; }

}  // namespace jiaozhu::detail
