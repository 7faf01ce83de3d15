// Fetching a document the user names by URL (a IIIF manifest), with
// libcurl: http and https only, redirects followed within those, a time
// and size limit, the server's certificate verified.
#pragma once

#include <string>

namespace jiaozhu::detail {

// The body of `url`. Throws InputError naming the URL when it cannot be
// fetched, answers other than 200, or is larger than 64 MiB.
std::string fetch_url(const std::string& url);

}  // namespace jiaozhu::detail
