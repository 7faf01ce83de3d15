#include "facsimile/url_fetch.h"

#include <curl/curl.h>
#include <dlfcn.h>

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

// libcurl, loaded when a manifest is fetched by URL: linked, it and what it
// links (OpenSSL, GnuTLS, Kerberos, LDAP … 30 libraries) were mapped and
// relocated at every start of every command (issue 55).
struct Curl {
  CURLcode (*global_init)(long);
  CURL* (*easy_init)();
  CURLcode (*easy_setopt)(CURL*, CURLoption, ...);
  CURLcode (*easy_perform)(CURL*);
  CURLcode (*easy_getinfo)(CURL*, CURLINFO, ...);
  void (*easy_cleanup)(CURL*);
  const char* (*easy_strerror)(CURLcode);
};

template <typename F>
void bind(void* library, const char* name, F& out) {
  out = reinterpret_cast<F>(::dlsym(library, name));
  if (!out) throw InputError(std::string("the libcurl found has no ") + name + ": cannot fetch a manifest by URL");
}

const Curl& curl_library() {
  static const Curl curl = [] {
    void* library = ::dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      throw InputError("fetching a manifest by URL needs libcurl (Debian: apt-get install libcurl4); a manifest "
                       "saved as a file needs nothing: jiaozhu facsimile add S --iiif FILE");
    }
    Curl c{};
    bind(library, "curl_global_init", c.global_init);
    bind(library, "curl_easy_init", c.easy_init);
    bind(library, "curl_easy_setopt", c.easy_setopt);
    bind(library, "curl_easy_perform", c.easy_perform);
    bind(library, "curl_easy_getinfo", c.easy_getinfo);
    bind(library, "curl_easy_cleanup", c.easy_cleanup);
    bind(library, "curl_easy_strerror", c.easy_strerror);
    if (c.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw InputError("libcurl did not start: cannot fetch a manifest by URL");
    return c;
  }();
  return curl;
}

}  // namespace

std::string fetch_url(const std::string& url) {
  const Curl& lib = curl_library();
  std::unique_ptr<CURL, void (*)(CURL*)> curl(lib.easy_init(), lib.easy_cleanup);
  if (!curl) throw InputError("cannot fetch " + url + ": libcurl did not start");
  Sink sink;
  char error[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  lib.easy_setopt(c, CURLOPT_URL, url.c_str());
  lib.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  lib.easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  lib.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  lib.easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  lib.easy_setopt(c, CURLOPT_TIMEOUT, kTimeoutSeconds);
  lib.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  lib.easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  lib.easy_setopt(c, CURLOPT_USERAGENT, "jiaozhu");
  lib.easy_setopt(c, CURLOPT_WRITEFUNCTION, &keep);
  lib.easy_setopt(c, CURLOPT_WRITEDATA, &sink);
  lib.easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  const CURLcode rc = lib.easy_perform(c);
  if (sink.too_large) throw InputError(url + " is larger than 64 MiB: not a manifest");
  if (rc != CURLE_OK) throw InputError("cannot fetch " + url + ": " + (*error ? error : lib.easy_strerror(rc)));
  long status = 0;
  lib.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  if (status != 200) throw InputError("cannot fetch " + url + ": the server answered " + std::to_string(status));
  return sink.body;
}

}  // namespace jiaozhu::detail
