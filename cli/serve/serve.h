// `jiaozhu serve`: a local web server over the same database, for reading
// and annotating in a browser. Loopback only, every request carrying a
// per-run token; pages and the JSON API call the same core as the CLI.
#pragma once

#include <cstdint>
#include <exception>
#include <map>
#include <vector>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::cli {

struct Globals;

// Opens the database for one request, under the server's lock: requests are
// served one at a time against a connection of their own, so that what the
// CLI writes meanwhile is seen at once.
class DatabaseGate {
 public:
  explicit DatabaseGate(const Globals& g) : g_(g) {}
  void with(const std::function<void(Database&)>& body);

 private:
  const Globals& g_;
  std::mutex mutex_;
};

// A request as the routes see it; only serve_server.cpp knows the HTTP
// library, which is heavy to compile and stays out of the other files.
struct WebRequest {
  std::string path;
  std::multimap<std::string, std::string> params;  // the query string's, decoded
  std::string body;
  std::vector<std::string> matches;  // the route pattern's groups, [0] the whole path
  bool has(const std::string& name) const { return params.count(name) > 0; }
  // The parameter's value (empty when absent), held to the rules of field text.
  std::string param(const std::string& name) const;
  // The parameter as a count from 0; `fallback` when absent or empty.
  // Throws UsageError naming it when it is not one.
  int64_t number(const std::string& name, int64_t fallback) const;
};

struct WebResponse {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::string body;
  // Origins (scheme://host[:port]) a page may load images and their IIIF
  // info.json from, besides the server itself: the editions' image hosts.
  std::vector<std::string> image_origins;
};

using Route = std::function<void(const WebRequest&, WebResponse&)>;

// The routes, by method and pattern (a regular expression over the path).
struct Routes {
  enum class Method { kGet, kPost, kDelete };
  struct Entry {
    Method method = Method::kGet;
    std::string pattern;
    Route route;
  };
  std::vector<Entry> entries;
  void get(std::string pattern, Route r) { entries.push_back({Method::kGet, std::move(pattern), std::move(r)}); }
  void post(std::string pattern, Route r) { entries.push_back({Method::kPost, std::move(pattern), std::move(r)}); }
  void del(std::string pattern, Route r) { entries.push_back({Method::kDelete, std::move(pattern), std::move(r)}); }
};

// The routes of /api/ (serve_api.cpp), of the pages that show the text
// (serve_reading.cpp) and of the others (serve_pages.cpp), and of the
// stylesheets and scripts built into the binary (serve_assets.cpp).
void add_api_routes(Routes& routes, DatabaseGate& gate);
void add_reading_routes(Routes& routes, DatabaseGate& gate);
void add_page_routes(Routes& routes, DatabaseGate& gate);
void add_asset_routes(Routes& routes);
// The local scans of editions' pages (serve_facsimile.cpp).
void add_facsimile_routes(Routes& routes, DatabaseGate& gate);

// The answer for the error `e` (a jiaozhu::Error or another exception) to a
// request of `path`: JSON {"error": message} under /api/, a page elsewhere,
// with a fitting status (404 not found, 400 bad request, 409 conflict, 500
// otherwise).
WebResponse error_response(const std::string& path, std::exception_ptr e);

// The answer that refuses a request of `path`: JSON {"error": why} under
// /api/, a page elsewhere.
WebResponse refusal(const std::string& path, int status, const std::string& why);

// Text made safe for HTML element content and attribute values.
std::string html_escape(std::string_view text);

// The sigla of a comma-separated list ("B,C", the ?with= of a page), empty
// items left out.
std::vector<std::string> sigla_list(const std::string& text);

// Runs the server on 127.0.0.1:`port` (0: any free port) until SIGINT or
// SIGTERM; `ready` gets the URL to open, with the token, once it listens.
// Throws UsageError when the port cannot be bound.
void serve(const Globals& g, int port, const std::function<void(const std::string& url)>& ready);

// Hands `url` to the desktop's browser (xdg-open), or says there is none.
void open_in_browser(const std::string& url);

}  // namespace jiaozhu::cli
