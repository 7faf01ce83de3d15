// Reading what a collaborator or the network sends, within bounds: a file
// (a local manifest, a --file, /dev/zero or a FIFO that never ends) read to
// at most a limit, and JSON parsed to at most a depth. Every reader of
// untrusted JSON or a named file goes through these, so that one bound
// holds at every door (docs/reliability.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace jiaozhu::detail {

// How deep any JSON or XML document jiaozhu reads may nest: real ones nest
// a dozen levels; 100,000 arrays deep crashed a recursive reader.
inline constexpr std::size_t kMaxDocumentDepth = 256;

// The most bytes of a document that is not a source text: a IIIF manifest,
// a corrected passage, a table of persons or fold rules (a real manifest of
// 2,000 canvases is ~5 MB).
inline constexpr std::uintmax_t kMaxDocumentBytes = 64ull << 20;

// The bytes of `path`, read to the end but never past `limit`: throws
// InputError naming `path` and `what` when it cannot be read, is a
// directory, or holds more than `limit` bytes (whatever its size says: a
// device or a pipe has none).
std::string read_bounded(const std::filesystem::path& path, std::uintmax_t limit, std::string_view what);

// `text` parsed as JSON, refused past kMaxDocumentDepth: throws InputError
// "<where> is not JSON: not <what>" or "<where> nests deeper than 256
// levels: refused as <what>" (what: "a IIIF manifest").
nlohmann::json parse_bounded_json(std::string_view text, const std::string& where, std::string_view what);

}  // namespace jiaozhu::detail
