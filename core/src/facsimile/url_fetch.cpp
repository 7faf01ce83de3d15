#include "facsimile/url_fetch.h"

#include <curl/curl.h>

#include <memory>

#include "jiaozhu/error.h"
#include "util/bounded_input.h"

namespace jiaozhu::detail {
namespace {

constexpr std::size_t kMaxBytes = kMaxDocumentBytes;
constexpr long kTimeoutSeconds = 60;

struct Sink {
  std::string body;
  bool too_large = false;
};

std::size_t keep(char* data, std::size_t size, std::size_t count, void* user) {
  Sink& sink = *static_cast<Sink*>(user);
  const std::size_t n = size * count;
  if (sink.body.size() + n > kMaxBytes) {
    sink.too_large = true;
    return 0;  // stops the transfer
  }
  sink.body.append(data, n);
  return n;
}

}  // namespace

std::string fetch_url(const std::string& url) {
  static const CURLcode initialised = curl_global_init(CURL_GLOBAL_DEFAULT);
  if (initialised != CURLE_OK) throw InputError("cannot fetch " + url + ": libcurl did not start");
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);
  if (!curl) throw InputError("cannot fetch " + url + ": libcurl did not start");
  Sink sink;
  char error[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, kTimeoutSeconds);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(c, CURLOPT_USERAGENT, "jiaozhu");
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &keep);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  const CURLcode rc = curl_easy_perform(c);
  if (sink.too_large) throw InputError(url + " is larger than 64 MiB: not a manifest");
  if (rc != CURLE_OK) throw InputError("cannot fetch " + url + ": " + (*error ? error : curl_easy_strerror(rc)));
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  if (status != 200) throw InputError("cannot fetch " + url + ": the server answered " + std::to_string(status));
  return sink.body;
}

}  // namespace jiaozhu::detail
