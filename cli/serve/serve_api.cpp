// The JSON API of `jiaozhu serve`, under /api/: the documents the CLI's
// --json prints (listing_json.h), for the browser's script and for other
// scripts; errors as {"error": message} with a fitting status. Writes call
// the same core as the CLI's commands, each in its transaction, by the
// author in the config.
#include <sstream>

#include "jiaozhu/address.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/field.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/search.h"
#include "jiaozhu/people.h"
#include "jiaozhu/user_config.h"
#include "jiaozhu/variant_form_suggestions.h"
#include "jiaozhu/variant_kind.h"
#include "jiaozhu/variant_kind_choices.h"
#include "jiaozhu/workflow.h"
#include "app.h"
#include "listing_json.h"
#include "notes_output.h"
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

// A request's JSON body, read field by field with the CLI's rules.
class Body {
 public:
  explicit Body(const std::string& text) : doc_(parsed(text)) {}
  bool has(const char* key) const { return doc_.contains(key); }
  // Refuses a body without `key`: a field left out is a mistake of the
  // caller, never a request to clear it (that is `"key": null`).
  void require(const char* key) const {
    if (!doc_.contains(key)) throw UsageError(std::string("the request's body has no \"") + key + "\"");
  }
  // The string at `key` (empty when absent), held to the rules of `field`.
  // Every key names the rule of its meaning (field.h): no default.
  std::string text(const char* key, Field field) const {
    if (!doc_.contains(key)) return {};
    if (!doc_[key].is_string()) throw UsageError(std::string("\"") + key + "\" is not a string");
    return checked_argument(field, doc_[key].get<std::string>(), key);
  }
  std::optional<std::string> optional_text(const char* key, Field field) const {
    if (!doc_.contains(key) || doc_[key].is_null()) return std::nullopt;
    return text(key, field);
  }
  std::vector<std::string> list(const char* key) const {
    std::vector<std::string> out;
    if (!doc_.contains(key)) return out;
    if (!doc_[key].is_array()) throw UsageError(std::string("\"") + key + "\" is not a list");
    for (const auto& t : doc_[key]) {
      if (!t.is_string()) throw UsageError(std::string("an item of \"") + key + "\" is not a string");
      out.push_back(checked_argument(Field::kTag, t.get<std::string>(), key));
    }
    return out;
  }
  // The boolean at `key`; false when absent.
  bool flag(const char* key) const {
    if (!doc_.contains(key)) return false;
    if (!doc_[key].is_boolean()) throw UsageError(std::string("\"") + key + "\" is not true or false");
    return doc_[key].get<bool>();
  }
  const nlohmann::json& doc() const { return doc_; }

 private:
  // nlohmann's reader stops at a NUL byte as at the end of its input, so
  // a NUL would hide whatever follows it: refused before parsing.
  static nlohmann::json parsed(const std::string& text) {
    if (text.find('\0') != std::string::npos) throw UsageError("the request's body holds a NUL byte");
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object()) throw UsageError("the request's body is not a JSON object");
    return doc;
  }
  nlohmann::json doc_;
};

std::string author() {
  const std::string a = resolve_author("");
  if (a.empty()) throw UsageError("no author is set: run `jiaozhu config author \"Name <mail>\"` and restart serve");
  return a;
}

// A note as POST /api/notes gives it: {"address": "B:17", "quote": "张着麟",
// "field": "text" (or "title", "author"; may be left out), "text": "…",
// "tags": […], "motivation": "…", "nth": K}.
NoteRequest note_request(const std::string& text) {
  const Body body(text);
  NoteRequest r;
  r.address = body.text("address", Field::kReference);
  if (r.address.empty()) throw UsageError("a note needs an \"address\" (S:N)");
  r.target = NoteTarget::kPassage;
  if (const std::string quote = body.text("quote", Field::kQuote); !quote.empty()) {
    r.target = NoteTarget::kSpan;
    r.quote = quote;
  }
  if (const std::string field = body.text("field", Field::kChoiceValue); !field.empty()) r.field = parse_variant_field(field);
  // {"region": "X,Y,W,H", "page": P}: a region of a page image (facsimile.h).
  if (const std::string region = body.text("region", Field::kChoiceValue); !region.empty()) {
    if (r.target != NoteTarget::kPassage) throw UsageError("a note on a region of a page image has no \"quote\"");
    r.region = region;
    r.region_page = body.text("page", Field::kPassageLabel);
  }
  r.body = body.text("text", Field::kNoteText);
  if (const std::string motivation = body.text("motivation", Field::kMotivation); !motivation.empty()) r.motivation = motivation;
  r.tags = body.list("tags");
  if (body.has("nth")) {
    const auto& nth = body.doc()["nth"];
    if (!nth.is_number_integer() || nth.get<int64_t>() < 1) throw UsageError("\"nth\" counts from 1");
    r.nth = nth.get<int64_t>();
  }
  r.author = author();
  return r;
}

// An edit as POST /api/notes/ID gives it: {"text", "add_tags", "remove_tags", "motivation"}.
NoteChange note_change(const std::string& text) {
  const Body body(text);
  NoteChange c;
  c.body = body.optional_text("text", Field::kNoteText);
  c.add_tags = body.list("add_tags");
  c.remove_tags = body.list("remove_tags");
  c.motivation = body.optional_text("motivation", Field::kMotivation);
  c.author = author();
  if (!c.body && c.add_tags.empty() && c.remove_tags.empty() && !c.motivation) {
    throw UsageError("an edit needs \"text\", \"add_tags\", \"remove_tags\" or \"motivation\"");
  }
  return c;
}

std::string id_of(const WebRequest& req) { return checked_argument(Field::kReference, req.matches.at(1), "id"); }

void add_note_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/api/notes", [&](const WebRequest& req, WebResponse& res) {
    NoteFilter f;
    if (const std::string a = param(req, "address"); !a.empty()) f.address = a;
    if (const std::string t = param(req, "tag"); !t.empty()) f.tag = t;
    if (const std::string a = param(req, "author"); !a.empty()) f.author = a;
    f.orphaned_only = param(req, "orphaned") == "1";
    f.include_deleted = param(req, "removed") == "1";
    const bool conflicts = param(req, "conflicts") == "1";
    Page page{req.number("offset", 0), std::nullopt};
    if (req.has("limit")) page.limit = req.number("limit", 0);
    gate.with([&](Database& db) {
      std::vector<Note> notes = conflicts ? NoteRepository(db).conflicts() : NoteRepository(db).list(f);
      take_page(notes, page);
      send_json(res, notes_list_json(notes));
    });
  });
  routes.post("/api/notes", [&](const WebRequest& req, WebResponse& res) {
    const NoteRequest r = note_request(req.body);
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).add(r)), 201); });
  });
  routes.get("/api/notes/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) {
      NoteRepository notes(db);
      const Note n = notes.get(id_of(req));
      send_json(res, note_history_json(n, notes.history(n.uuid)));
    });
  });
  routes.post("/api/notes/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    const NoteChange c = note_change(req.body);
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).edit(id_of(req), c))); });
  });
  routes.del("/api/notes/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).remove(id_of(req), author()))); });
  });
  routes.post("/api/notes/([^/]+)/remove", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).remove(id_of(req), author()))); });
  });
  routes.post("/api/notes/([^/]+)/restore", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).restore(id_of(req), author()))); });
  });
  // {"take": REVISION} keeps one version; {"text": "…"} writes a new one.
  routes.post("/api/notes/([^/]+)/resolve", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    const std::optional<std::string> take = body.optional_text("take", Field::kReference), text = body.optional_text("text", Field::kNoteText);
    if (take.has_value() == text.has_value()) throw UsageError("resolve takes \"take\" (a revision) or \"text\", one of them");
    gate.with([&](Database& db) { send_json(res, note_json(NoteRepository(db).resolve(id_of(req), take, text, author()))); });
  });
}

void add_person_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/api/persons", [&](const WebRequest&, WebResponse& res) {
    gate.with([&](Database& db) {
      auto list = Json::array();
      for (const Person& p : PersonRepository(db).list()) list.push_back(character_json(p));
      send_json(res, {{"characters", list}});
    });
  });
  routes.get("/api/persons/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, character_json(PersonRepository(db).get(id_of(req)))); });
  });
  routes.get("/api/persons/([^/]+)/mentions", [&](const WebRequest& req, WebResponse& res) {
    const std::string edition = param(req, "edition");
    gate.with([&](Database& db) {
      PersonRepository people(db);
      const Person p = people.get(id_of(req));
      const auto [mentions, rejected] =
          split_rejected(people.mentions(p.uuid, edition.empty() ? std::nullopt : std::optional(edition), true), false);
      send_json(res, mentions_json(p.name, static_cast<int64_t>(mentions.size()), mentions, rejected));
    });
  });
  // {"form": "张着麟", "kind": "error", "note": "…"}, as `alias add`.
  routes.post("/api/persons/([^/]+)/aliases", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    const std::string form = body.text("form", Field::kPersonName), note = body.text("note", Field::kPersonNote);
    std::string kind = body.text("kind", Field::kAliasKind);
    if (form.empty()) throw UsageError("an alias needs a \"form\"");
    if (kind.empty()) kind = "variant";
    const std::string who = author();
    gate.with([&](Database& db) { send_json(res, alias_json(PersonRepository(db, who).add_alias(id_of(req), form, kind, note)), 201); });
  });
  routes.get("/api/suggestions/aliases", [&](const WebRequest& req, WebResponse& res) {
    const bool all = param(req, "all") == "1";
    gate.with([&](Database& db) {
      send_json(res, alias_suggestions_json(PersonRepository(db).suggest(param(req, "a"), param(req, "b"), all)));
    });
  });
  // {"character": "张若麟", "form": "张着麟", "note": "…", "undo": false}, as `alias dismiss`.
  routes.post("/api/suggestions/aliases/dismiss", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    const std::string who = body.text("character", Field::kPersonName), form = body.text("form", Field::kPersonName);
    const std::string note = body.text("note", Field::kDecisionNote);
    const bool undo = body.flag("undo");
    gate.with([&](Database& db) {
      PersonRepository(db).dismiss_suggestion(who, form, !undo, note, author());
      send_json(res, {{"character", who}, {"form", form}, {"dismissed", !undo}});
    });
  });
}

void add_collation_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/api/parallel/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    const std::string where = id_of(req);
    gate.with([&](Database& db) {
      const Address at = parse_address(where);
      const auto own = PassageRepository(db).get(at);
      send_json(res, parallel_json(where, own, parallel_of(db, at, where, {})));
    });
  });
  // {"kind": "omission" | "脫" | null (back to the proposal), "note": "…"}, as `variant kind`.
  routes.post("/api/variants/([^/]+)/kind", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    body.require("kind");
    const std::optional<std::string> name = body.optional_text("kind", Field::kChoiceValue);
    const std::optional<VariantKind> kind = name ? std::optional(parse_variant_kind(*name)) : std::nullopt;
    const std::string note = body.text("note", Field::kDecisionNote);
    gate.with([&](Database& db) { send_json(res, kind_choice_json(VariantKindChoices(db).set(id_of(req), kind, note, author()))); });
  });
  routes.get("/api/apparatus/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    ApparatusRequest r;
    r.base = id_of(req);
    r.witnesses = sigla_list(param(req, "with"));
    if (const std::string p = param(req, "passages"); !p.empty()) r.passages = p;
    gate.with([&](Database& db) {
      // A GET writes nothing: the pairs must be aligned first (POST /api/align).
      for (const std::string& w : unaligned_witnesses(db, r)) {
        throw UsageError(w + " is not aligned with " + r.base + ": POST /api/align {\"a\": \"" + r.base + "\", \"b\": \"" + w +
                         "\"}, or run `jiaozhu align " + r.base + " " + w + "`");
      }
      std::ostringstream out;
      write_apparatus_json(build_apparatus(db, r), out);
      res.content_type = "application/json; charset=utf-8";
      res.body = out.str();
    });
  });
  routes.get("/api/suggestions/folds", [&](const WebRequest& req, WebResponse& res) {
    const bool all = param(req, "all") == "1";
    gate.with([&](Database& db) { send_json(res, fold_suggestions_json(suggest_fold_rules(db, param(req, "a"), param(req, "b"), all))); });
  });
  // {"form": "甯", "standard": "寧", "note": "…", "undo": false}, as `fold dismiss`.
  routes.post("/api/suggestions/folds/dismiss", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    const std::string form = body.text("form", Field::kFoldForm), standard = body.text("standard", Field::kFoldForm);
    const std::string note = body.text("note", Field::kDecisionNote);
    const bool undo = body.flag("undo");
    gate.with([&](Database& db) {
      dismiss_fold_suggestion(db, form, standard, !undo, note, author());
      send_json(res, {{"form", form}, {"standard", standard}, {"dismissed", !undo}});
    });
  });
  // {"form": "甯", "standard": "寧", "source": "…", "note": "…"}, as `fold add`.
  routes.post("/api/fold-rules", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    FoldRuleDraft draft;
    draft.form = body.text("form", Field::kFoldForm);
    draft.standard = body.text("standard", Field::kFoldForm);
    draft.source = body.text("source", Field::kSource);
    draft.note = body.text("note", Field::kDecisionNote);
    const std::string who = author();
    gate.with([&](Database& db) { send_json(res, change_json(add_fold_rules(db, std::span(&draft, 1), who)), 201); });
  });
}

// The editor's judgement, as `decide` and `policy` take it.
void add_decision_routes(Routes& routes, DatabaseGate& gate) {
  // {"place": ID, "action": "omit" | "record" | "adopt" | "emend" | "doubt" | "undo",
  //  "witness": "B", "reading": "…", "reason": "…", "note": "…"}.
  // {"a": "A", "b": "B"}: as `jiaozhu align A B`, the one way the room aligns.
  routes.post("/api/align", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    const std::string a = body.text("a", Field::kReference), b = body.text("b", Field::kReference);
    gate.with([&](Database& db) {
      const AlignReport r = align_editions(db, a, b);
      send_json(res, {{"a", a}, {"b", b}, {"links", r.links}});
    });
  });
  routes.post("/api/decisions", [&](const WebRequest& req, WebResponse& res) {
    const Body body(req.body);
    // The page's window ("A:1-50" with "B,C"): its places are remembered
    // here, at the first decision, since showing them wrote nothing.
    const std::string window = body.text("window", Field::kReference), with = body.text("with", Field::kReference);
    DecisionRequest r;
    r.place = body.text("place", Field::kReference);
    if (r.place.empty()) throw UsageError("a decision needs the \"place\" it decides");
    const std::string action = body.text("action", Field::kChoiceValue);
    if (action != "undo") r.action = parse_decision_action(action);
    r.witness = body.text("witness", Field::kReference);
    r.reading = body.text("reading", Field::kQuote);
    r.reason = body.text("reason", Field::kDecisionNote);
    r.note = body.text("note", Field::kDecisionNote);
    r.author = author();
    gate.with([&](Database& db) {
      if (!window.empty()) {
        ApparatusRequest shown;
        shown.base = parse_address(window).siglum;
        shown.passages = window;
        shown.witnesses = sigla_list(with);
        DecisionRepository(db).remember_places(places_of(build_apparatus(db, shown)));
      }
      send_json(res, place_decision_json(DecisionRepository(db).decide(r)));
    });
  });
  routes.get("/api/policies", [&](const WebRequest&, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, policies_json(DecisionRepository(db).policies())); });
  });
}

// Corrections of a passage, as `passage set`, `passage restore` and `passage
// log --json` take and give them.
void add_correction_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/api/passages/([^/]+)/revisions", [&](const WebRequest& req, WebResponse& res) {
    const std::string where = checked_argument(Field::kReference, req.matches.at(1), "address");
    gate.with([&](Database& db) { send_json(res, passage_history_json(CorrectionRepository(db).history(where))); });
  });
  // {"text": "…", "reason": "…"} corrects; {"restore": REVISION, "reason": "…"} goes back to one.
  routes.post("/api/passages/([^/]+)/revisions", [&](const WebRequest& req, WebResponse& res) {
    const std::string where = checked_argument(Field::kReference, req.matches.at(1), "address");
    const Body body(req.body);
    const std::string restore = body.text("restore", Field::kReference);
    const std::string text = body.text("text", Field::kPassageText);
    if (restore.empty() == text.empty()) throw UsageError("a correction needs either \"text\" or \"restore\"");
    const std::string reason = body.text("reason", Field::kNoteText);
    const std::string who = author();
    gate.with([&](Database& db) {
      CorrectionRepository corrections(db);
      const CorrectionReport r = restore.empty() ? corrections.correct(where, text, reason, who)
                                                 : corrections.restore(where, restore, reason, who);
      Json doc = passage_history_json(corrections.history(where));
      doc["written"] = r.written;
      doc["links_recollated"] = r.links_recollated;
      doc["notes_orphaned"] = r.notes_orphaned;
      send_json(res, doc, r.written ? 201 : 200);
    });
  });
}

}  // namespace

void add_api_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/api/editions", [&](const WebRequest&, WebResponse& res) {
    gate.with([&](Database& db) { send_json(res, editions_json(EditionRepository(db).list(), EditionDatingRepository(db).current())); });
  });
  routes.get("/api/passages/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    const std::string where = checked_argument(Field::kReference, req.matches.at(1), "address");
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
    r.limit = req.number("limit", 20);
    r.offset = req.number("offset", 0);
    if (r.query.empty() && r.person.empty()) throw UsageError("search needs q (or person)");
    gate.with([&](Database& db) { send_json(res, search_json(r.query, search(db, r))); });
  });
  add_note_routes(routes, gate);
  add_person_routes(routes, gate);
  add_collation_routes(routes, gate);
  add_decision_routes(routes, gate);
  add_correction_routes(routes, gate);
}

}  // namespace jiaozhu::cli
