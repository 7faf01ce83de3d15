// An edition's content identity: SHA-256 over its passages, text and
// metadata, in order, each field length-prefixed so that no two different
// editions encode alike. Import computes it; `check` recomputes it.
#pragma once

#include <optional>
#include <string>

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
