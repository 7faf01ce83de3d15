// An edition's content identity: SHA-256 over its passages, text and
// metadata, in order, each field length-prefixed so that no two different
// editions encode alike. Import computes it; `check` recomputes it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "util/sha256.h"

namespace jiaozhu::detail {

class ContentHasher {
 public:
  ContentHasher() { h_.update("jiaozhu edition content v1\n"); }

  void add_passage(const std::string& text, const std::optional<std::string>& title,
                   const std::optional<std::string>& author, const std::optional<std::string>& ref) {
    field(text);
    field(title);
    field(author);
    field(ref);
  }
  // A passage's structure, after add_passage; none is hashed as nothing at
  // all, so that the hash of an edition without structure is as it was
  // before structure existed. "+" cannot begin a field (a length or "-").
  void add_structure(const std::vector<std::string>& section, const std::optional<std::string>& page,
                     const std::optional<std::string>& line) {
    if (section.empty() && !page && !line) return;
    h_.update("+");
    field(std::to_string(section.size()));
    for (const std::string& heading : section) field(heading);
    field(page);
    field(line);
  }
  std::string hex() { return h_.hex(); }

 private:
  void field(const std::optional<std::string>& v) {
    if (!v) { h_.update("-"); return; }
    h_.update(std::to_string(v->size()));
    h_.update(":");
    h_.update(*v);
  }
  Sha256 h_;
};

}  // namespace jiaozhu::detail
