// The server itself: where it listens, who may ask, what every answer
// carries. Routes are added by serve_api.cpp and serve_pages.cpp.
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include "app.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/markup.h"
#include "serve.h"

extern char** environ;

namespace jiaozhu::cli {
namespace {

constexpr const char* kLoopback = "127.0.0.1";
// The largest request body taken: a note quoting a whole passage of the
// longest kind (kMaxPassageCodePoints, up to 4 bytes each) with room for
// its context. httplib refuses a longer one with 413 from its
// Content-Length, before reading it.
constexpr std::size_t kMaxBody = 8u << 20;
// Connections served at once. Each waits at most kReadTimeout for its
// next bytes, so a client trickling its headers holds one thread; a
// browser opens six per host, and sixty-four leave room for many tabs and
// a few stalled sockets besides.
constexpr std::size_t kConnectionThreads = 64;
constexpr time_t kReadTimeoutSeconds = 3;
constexpr time_t kKeepAliveSeconds = 2;

// 32 bytes from the kernel's generator, as hex.
std::string random_token() {
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  unsigned char bytes[32];
  if (!urandom.read(reinterpret_cast<char*>(bytes), sizeof bytes)) throw DatabaseError("cannot read /dev/urandom for a token");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

// Compares in time independent of where the strings differ.
bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// Cookies ignore ports: the cookie is named after the port, so that a
// second `serve` on another port neither overwrites nor receives it.
std::string cookie_name(int port) { return "jz_token_" + std::to_string(port); }

std::string cookie_token(const httplib::Request& req, int port) {
  const std::string cookies = req.get_header_value("Cookie");
  const std::string key = cookie_name(port) + "=";
  for (std::size_t at = 0; at < cookies.size();) {
    while (at < cookies.size() && (cookies[at] == ' ' || cookies[at] == ';')) ++at;
    const std::size_t end = std::min(cookies.find(';', at), cookies.size());
    if (cookies.compare(at, key.size(), key) == 0) return cookies.substr(at + key.size(), end - at - key.size());
    at = end;
  }
  return {};
}

// Every answer: no script or style from anywhere but the server's own
// assets (never inline: a note's text cannot become code), nothing framed,
// the token in the address never sent on as a referrer, nothing cached.
void secure(httplib::Response& res, const std::vector<std::string>& image_origins = {}) {
  std::string hosts;
  for (const std::string& o : image_origins) hosts += " " + o;
  res.headers.erase("Content-Security-Policy");  // set_header adds: a second policy would narrow the first
  res.set_header("Content-Security-Policy",
                 "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:" + hosts + "; connect-src 'self'" + hosts +
                     "; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Referrer-Policy", "no-referrer");
  res.set_header("Cache-Control", "no-store");
}

void send(httplib::Response& res, const WebResponse& w) {
  if (!w.image_origins.empty()) secure(res, w.image_origins);
  res.status = w.status;
  res.set_content(w.body, w.content_type);
}

void deny(const httplib::Request& req, httplib::Response& res, int status, const std::string& why) {
  send(res, refusal(req.path, status, why));
}

// A route called with the request as routes see it.
httplib::Server::Handler adapt(Route route) {
  return [route = std::move(route)](const httplib::Request& req, httplib::Response& res) {
    WebRequest w;
    w.path = req.path;
    w.params.insert(req.params.begin(), req.params.end());
    w.body = req.body;
    for (const auto& m : req.matches) w.matches.push_back(m.str());
    WebResponse out;
    const auto began = std::chrono::steady_clock::now();
    route(w, out);
    // The time the page took to make, for the browser's tools and bench/serve_bench.sh.
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - began;
    res.set_header("Server-Timing", "render;dur=" + std::to_string(took.count()));
    send(res, out);
  };
}

bool is_write(const httplib::Request& req) { return req.method != "GET" && req.method != "HEAD"; }

// Whether a request's body is JSON by its Content-Type. A page of another
// origin can send text/plain or a form without asking first; only JSON
// makes the browser ask (CORS preflight), and this server never says yes.
bool declares_json(const httplib::Request& req) {
  std::string type = req.get_header_value("Content-Type");
  type = lower_ascii(type.substr(0, type.find(';')));
  while (!type.empty() && type.back() == ' ') type.pop_back();
  return type == "application/json";
}

bool has_body(const httplib::Request& req) {
  return req.has_header("Transfer-Encoding") ||
         (req.has_header("Content-Length") && req.get_header_value("Content-Length") != "0");
}

// The checks before any route and before a body is read: the Host a
// browser names (a page of another site resolving its name to 127.0.0.1
// names its own host); for a write, the Origin (another port of 127.0.0.1
// is another origin) and a JSON body; then the token.
httplib::Server::HandlerResponse admit(const httplib::Request& req, httplib::Response& res, const std::string& token,
                                       int port) {
  secure(res);
  const std::string host = req.get_header_value("Host");
  const std::string port_text = ":" + std::to_string(port);
  if (host != kLoopback + port_text && host != "localhost" + port_text) {
    deny(req, res, 403, "this server answers only to 127.0.0.1" + port_text);
    return httplib::Server::HandlerResponse::Handled;
  }
  if (is_write(req)) {
    const std::string origin = req.get_header_value("Origin");
    if (!origin.empty() && origin != "http://127.0.0.1" + port_text && origin != "http://localhost" + port_text) {
      deny(req, res, 403, "this server takes changes only from its own pages, not from " + origin);
      return httplib::Server::HandlerResponse::Handled;
    }
    // httplib holds a body to the size limit by its Content-Length only: a
    // chunked one would be read whole, however long (200 MiB seen). The
    // room's own pages send lengths.
    if (req.get_header_value("Transfer-Encoding").find("chunked") != std::string::npos) {
      deny(req, res, 411, "a change is sent with a Content-Length, not chunked");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (has_body(req) && !declares_json(req)) {
      deny(req, res, 415, "a change is sent as Content-Type: application/json");
      return httplib::Server::HandlerResponse::Handled;
    }
  }
  const std::string bearer = req.get_header_value("Authorization");
  const bool by_header = bearer.rfind("Bearer ", 0) == 0 && same_secret(bearer.substr(7), token);
  const bool by_query = req.has_param("token") && same_secret(req.get_param_value("token"), token);
  if (!by_header && !by_query && !same_secret(cookie_token(req, port), token)) {
    deny(req, res, 401, "this request carries no valid token: open the address `jiaozhu serve` printed");
    return httplib::Server::HandlerResponse::Handled;
  }
  if (by_query) {
    res.set_header("Set-Cookie", cookie_name(port) + "=" + token + "; Path=/; HttpOnly; SameSite=Strict");
  }
  return httplib::Server::HandlerResponse::Unhandled;
}

}  // namespace

void open_in_browser(const std::string& url) {
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char**>(argv), environ) != 0) {
    std::cerr << "jiaozhu: no xdg-open here: open the address above in a browser\n";
  }
}

void serve(const Globals& g, int port, const std::function<void(const std::string& url)>& ready) {
  g.open().schema_version();  // a missing or foreign file is an error now, not at the first request
  httplib::Server server;
  DatabaseGate gate(g);
  const std::string token = random_token();
  int bound = port;
  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    return admit(req, res, token, bound);
  });
  server.new_task_queue = [] { return new httplib::ThreadPool(kConnectionThreads); };
  server.set_payload_max_length(kMaxBody);
  server.set_read_timeout(kReadTimeoutSeconds);
  server.set_write_timeout(kReadTimeoutSeconds);
  server.set_keep_alive_timeout(kKeepAliveSeconds);
  server.set_exception_handler([](const httplib::Request& req, httplib::Response& res, std::exception_ptr e) {
    send(res, error_response(req.path, e));
  });
  Routes routes;
  add_api_routes(routes, gate);
  add_reading_routes(routes, gate);
  add_page_routes(routes, gate);
  add_asset_routes(routes);
  add_facsimile_routes(routes, gate);
  for (Routes::Entry& r : routes.entries) {
    switch (r.method) {
      case Routes::Method::kGet: server.Get(r.pattern, adapt(std::move(r.route))); break;
      case Routes::Method::kPost: server.Post(r.pattern, adapt(std::move(r.route))); break;
      case Routes::Method::kDelete: server.Delete(r.pattern, adapt(std::move(r.route))); break;
    }
  }
  if (port == 0) {
    bound = server.bind_to_any_port(kLoopback);
    if (bound <= 0) throw UsageError("cannot listen on 127.0.0.1");
  } else if (!server.bind_to_port(kLoopback, port)) {
    throw UsageError("cannot listen on 127.0.0.1:" + std::to_string(port) + " (is it in use? try another --port)");
  }
  // Ctrl-C and SIGTERM stop the server from a thread of their own: the
  // server's threads never take them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::atomic<bool> signalled = false;
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    signalled = true;
    server.stop();
  });
  ready("http://127.0.0.1:" + std::to_string(bound) + "/?token=" + token);
  server.listen_after_bind();
  if (!signalled) pthread_kill(stopper.native_handle(), SIGTERM);  // the server stopped another way: wake its stopper
  stopper.join();
  pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
}

}  // namespace jiaozhu::cli
