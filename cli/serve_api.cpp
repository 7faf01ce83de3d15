// The JSON API of `jiaozhu serve`, under /api/: the documents the CLI's
// --json prints (listing_json.h), for the browser's script and for other
// scripts; errors as {"error": message} with a fitting status.
#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/search.h"
#include "jiaozhu/user_config.h"
#include "listing_json.h"
#include "serve.h"

namespace jiaozhu::cli {
namespace {

using Json = nlohmann::ordered_json;

void send_json(WebResponse& res, const Json& doc, int status = 200) {
  res.status = status;
  res.content_type = "application/json; charset=utf-8";
  res.body = doc.dump();
}

std::string param(const WebRequest& req, const char* name) { return req.param(name); }

int64_t number_param(const WebRequest& req, const char* name, int64_t fallback) {
  if (!req.has(name)) return fallback;
  const std::string v = req.param(name);
  if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) {
    throw UsageError(std::string(name) + " takes a number from 0");
  }
  return std::stoll(v);
}

// A note as POST /api/notes gives it: {"address": "B:17", "quote": "张着麟",
// "text": "…", "tags": […], "motivation": "…", "nth": K}.
NoteRequest note_request(const std::string& body) {
  const nlohmann::json doc = nlohmann::json::parse(body, nullptr, false);
  if (!doc.is_object()) throw UsageError("the request's body is not a JSON object");
  auto text = [&](const char* key) -> std::string {
    if (!doc.contains(key)) return {};
    if (!doc[key].is_string()) throw UsageError(std::string("\"") + key + "\" is not a string");
    return doc[key].get<std::string>();
  };
  NoteRequest r;
  r.address = text("address");
  if (r.address.empty()) throw UsageError("a note needs an \"address\" (S:N)");
  r.target = NoteTarget::kPassage;
  if (const std::string quote = text("quote"); !quote.empty()) {
    r.target = NoteTarget::kSpan;
    r.quote = quote;
  }
  r.body = text("text");
  if (const std::string motivation = text("motivation"); !motivation.empty()) r.motivation = motivation;
  if (doc.contains("tags")) {
    if (!doc["tags"].is_array()) throw UsageError("\"tags\" is not a list");
    for (const auto& t : doc["tags"]) {
      if (!t.is_string()) throw UsageError("a tag is not a string");
      r.tags.push_back(t.get<std::string>());
    }
  }
  if (doc.contains("nth")) {
    if (!doc["nth"].is_number_integer() || doc["nth"].get<int64_t>() < 1) throw UsageError("\"nth\" counts from 1");
    r.nth = doc["nth"].get<int64_t>();
  }
  r.author = resolve_author("");
  if (r.author.empty()) throw UsageError("no author is set: run `jiaozhu config author \"Name <mail>\"` and restart serve");
  return r;
}

}  // namespace

void add_api_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/api/editions", [&](const WebRequest&, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, editions_json(EditionRepository(db).list())); });
  });
  routes.get("/api/passages/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    const std::string where = checked_argument(Field::kNoteText, req.matches.at(1), "address");
    gate.with([&](Database& db) {
      const auto passages = PassageRepository(db).get(parse_address(where), param(req, "section"));
      send_json(res, passages_json(passages, notes_of(db, where, passages)));
    });
  });
  routes.get("/api/search", [&](const WebRequest& req, WebResponse& res) {
    SearchRequest r;
    r.query = param(req, "q");
    r.person = param(req, "person");
    r.section = param(req, "section");
    r.work = param(req, "work");
    if (const std::string e = param(req, "edition"); !e.empty()) r.editions.push_back(e);
    r.limit = number_param(req, "limit", 20);
    r.offset = number_param(req, "offset", 0);
    if (r.query.empty() && r.person.empty()) throw UsageError("search needs q (or person)");
    gate.with([&](Database& db) { send_json(res, search_json(r.query, search(db, r))); });
  });
  routes.get("/api/notes", [&](const WebRequest& req, WebResponse& res) {
    NoteFilter f;
    if (const std::string a = param(req, "address"); !a.empty()) f.address = a;
    if (const std::string t = param(req, "tag"); !t.empty()) f.tag = t;
    if (const std::string a = param(req, "author"); !a.empty()) f.author = a;
    f.orphaned_only = param(req, "orphaned") == "1";
    f.include_deleted = param(req, "removed") == "1";
    gate.with([&](Database& db) { send_json(res, notes_list_json(NoteRepository(db).list(f))); });
  });
  routes.post("/api/notes", [&](const WebRequest& req, WebResponse& res) {
    const NoteRequest r = note_request(req.body);
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).add(r)), 201); });
  });
}

}  // namespace jiaozhu::cli
