// The uuids rows are identified by across copies (merge matches on them).
#pragma once

#include <string>
#include <string_view>

namespace jiaozhu::detail {

// A UUID (RFC 9562 version 8, name-based: the first 128 bits of SHA-256)
// derived from `name`: the same name gives the same UUID on every machine,
// so that independent imports of one source agree.
std::string uuid_from_name(std::string_view name);

// A random UUID (RFC 9562 version 4), for rows created by a person, which
// are distinct even when they look alike. Thread-safe.
std::string random_uuid();

}  // namespace jiaozhu::detail
