#include "util/bounded_input.h"

#include <fstream>

#include "jiaozhu/error.h"

namespace jiaozhu::detail {

std::string read_bounded(const std::filesystem::path& path, std::uintmax_t limit, std::string_view what) {
  const std::string name = path.string();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(name + " is a directory, not " + std::string(what));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(name + ": cannot be read (is the name right?)");
  std::string out;
  constexpr std::size_t kChunk = 1 << 16;
  for (;;) {
    const std::size_t had = out.size();
    out.resize(had + kChunk);
    in.read(out.data() + had, static_cast<std::streamsize>(kChunk));
    out.resize(had + static_cast<std::size_t>(in.gcount()));
    if (out.size() > limit) {
      throw InputError(name + " holds more than " + std::to_string(limit >> 20) + " MiB: too large for " +
                       std::string(what) + " (is it the file you meant?)");
    }
    if (!in) break;
  }
  if (in.bad()) throw InputError(name + ": cannot read " + std::string(what));
  return out;
}

nlohmann::json parse_bounded_json(std::string_view text, const std::string& where, std::string_view what) {
  bool too_deep = false;
  // The callback sees each value's depth before the parser descends:
  // refusing there keeps the nesting off the stack and out of memory.
  nlohmann::json doc = nlohmann::json::parse(
      text.begin(), text.end(),
      [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
        if (static_cast<std::size_t>(depth) > kMaxDocumentDepth) too_deep = true;
        return !too_deep;
      },
      false);
  if (too_deep) {
    throw InputError(where + " nests deeper than " + std::to_string(kMaxDocumentDepth) + " levels: refused as " + std::string(what));
  }
  if (doc.is_discarded()) throw InputError(where + " is not JSON: not " + std::string(what));
  return doc;
}

}  // namespace jiaozhu::detail
