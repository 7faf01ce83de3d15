#include "listing_json.h"

#include "jiaozhu/address.h"
#include "jiaozhu/script.h"
#include "json_output.h"

namespace jiaozhu::cli {
namespace {

using Json = nlohmann::ordered_json;

Json optional_json(const std::optional<std::string>& v) { return v ? Json(*v) : Json(nullptr); }

Json spans_json(const std::vector<Span>& spans) {
  auto out = Json::array();
  for (const Span& s : spans) out.push_back({s.begin, s.end});
  return out;
}

}  // namespace

Json dating_json(const std::string& siglum, const EditionDating& d) {
  auto or_null = [](const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); };
  return {{"edition", siglum}, {"dated", d.dated ? Json(*d.dated) : Json(nullptr)}, {"dynasty", or_null(d.date.dynasty)},
          {"reign", or_null(d.date.reign)}, {"year", d.date.year ? Json(*d.date.year) : Json(nullptr)},
          {"note", d.note}, {"author", d.author}, {"set_at", d.set_at}};
}

Json editions_json(const std::vector<Edition>& editions, const std::map<std::string, EditionDating>& datings) {
  auto list = Json::array();
  for (const Edition& e : editions) {
    const auto dating = datings.find(e.uuid);
    list.push_back({{"siglum", e.siglum}, {"work", e.work}, {"title", e.title}, {"script", std::string(to_string(e.script))},
                    {"passages", e.passages}, {"characters", e.code_points}, {"uuid", e.uuid},
                    {"content_hash", e.content_hash}, {"imported_at", e.imported_at},
                    {"dating", dating == datings.end() ? Json(nullptr) : dating_json(e.siglum, dating->second)}});
  }
  return {{"editions", list}};
}

Json passages_json(const std::vector<Passage>& passages, const std::map<std::string, NotesOf>& notes) {
  auto list = Json::array();
  for (const Passage& p : passages) {
    const auto n = notes.find(format_address(p.siglum, p.seq));
    list.push_back({{"address", format_address(p.siglum, p.seq)}, {"siglum", p.siglum}, {"n", p.seq},
                    {"text", p.text}, {"title", optional_json(p.title)}, {"author", optional_json(p.author)},
                    {"ref", optional_json(p.ref)},
                    {"section", p.section.empty() ? Json(nullptr) : Json(format_section(p.section))},
                    {"section_path", p.section}, {"page", optional_json(p.page)}, {"line", optional_json(p.line)},
                    {"source_line", p.source_line ? Json(*p.source_line) : Json(nullptr)},
                    {"notes", n == notes.end() ? Json::array() : notes_of_json(n->second)}});
  }
  return {{"passages", list}};
}

Json search_json(const std::string& query, const SearchResult& r) {
  auto editions = Json::array();
  for (const auto& [siglum, hits] : r.per_edition) editions.push_back({{"siglum", siglum}, {"hits", hits}});
  auto hits = Json::array();
  for (const SearchHit& h : r.hits) {
    const Snippet s = make_snippet(h.text, h.matches, kSnippetWidth);
    hits.push_back({{"address", format_address(h.siglum, h.seq)}, {"siglum", h.siglum}, {"n", h.seq},
                    {"title", optional_json(h.title)}, {"title_matches", spans_json(h.title_matches)},
                    {"author", optional_json(h.author)}, {"author_matches", spans_json(h.author_matches)},
                    {"ref", optional_json(h.ref)},
                    {"score", h.score ? Json(*h.score) : Json(nullptr)}, {"matches", spans_json(h.matches)},
                    {"snippet", s.text}, {"snippet_start", s.start}, {"snippet_matches", spans_json(s.matches)}});
  }
  return {{"query", query}, {"total", r.total}, {"editions", editions}, {"hits", hits}};
}

Json notes_list_json(const std::vector<Note>& notes) {
  auto list = Json::array();
  for (const Note& n : notes) list.push_back(note_json(n));
  return {{"notes", list}};
}

Json counts_json(const std::vector<std::pair<std::string, int64_t>>& per_edition) {
  Json out = Json::object();
  for (const auto& [siglum, n] : per_edition) out[siglum] = n;
  return out;
}

Json alias_json(const Alias& a) {
  return {{"form", a.form}, {"kind", a.kind}, {"note", a.note}, {"mentions", a.mentions}, {"uuid", a.uuid},
          {"conflict", versions_json(a.conflict, "kind")}};
}

Json character_json(const Person& c) {
  auto aliases = Json::array();
  for (const Alias& a : c.aliases) aliases.push_back(alias_json(a));
  return {{"name", c.name}, {"uuid", c.uuid}, {"note", c.note},
          {"cbdb_id", c.cbdb_id ? Json(*c.cbdb_id) : Json(nullptr)}, {"aliases", aliases},
          {"mentions", counts_json(c.per_edition)}, {"conflict", versions_json(c.conflict, "name")}};
}

Json rule_json(const FoldRule& r) {
  return {{"form", r.form},     {"standard", r.standard}, {"source", r.source}, {"note", r.note},
          {"author", r.author}, {"added_at", r.added_at}, {"uuid", r.uuid}};
}

Json change_json(const FoldChange& c) {
  auto realign = Json::array();
  for (const auto& [a, b] : c.to_realign) realign.push_back("jiaozhu align " + a + " " + b);
  return {{"rules", c.rules}, {"passages_reindexed", c.passages}, {"notes_reindexed", c.notes}, {"realign", realign}};
}

Json link_json(const Link& l) {
  return {{"id", l.id}, {"uuid", l.uuid}, {"origin", l.manual ? "manual" : "auto"}, {"moved", l.moved},
          {"kind", std::to_string(l.a.size()) + ":" + std::to_string(l.b.size())}, {"a", l.a}, {"b", l.b}};
}

Json span_json(const PassageSpan& s) {
  return {{"address", s.address}, {"start", s.start}, {"end", s.end}, {"reading", s.reading}};
}

Json variant_json(const Variant& v) {
  return {{"uuid", v.uuid},        {"class", to_string(v.variant_class)}, {"field", to_string(v.field)},
          {"link", v.link_id},     {"a", span_json(v.a)},                 {"b", span_json(v.b)},
          {"kind", nullptr},       {"kind_zh", nullptr},                  {"kind_evidence", ""},
          {"kind_chosen", false}};
}

void refill_kind_json(Json& doc, const Variant& v) {
  if (v.kind) {
    doc["kind"] = to_string(*v.kind);
    doc["kind_zh"] = chinese_name(*v.kind);
  } else {
    doc["kind"] = nullptr;
    doc["kind_zh"] = nullptr;
  }
  doc["kind_evidence"] = v.kind_evidence;
  doc["kind_chosen"] = v.kind_chosen;
}

Json mentions_json(const std::string& person, int64_t total, const std::vector<Mention>& mentions,
                   const std::vector<Mention>& rejected) {
  auto list_of = [](const std::vector<Mention>& ms) {
    auto list = Json::array();
    for (const Mention& m : ms) {
      list.push_back({{"address", m.address}, {"start", m.start}, {"end", m.end}, {"alias", m.form},
                      {"kind", m.kind}, {"text", m.text}, {"context", m.context}, {"status", m.status}});
    }
    return list;
  };
  return {{"character", person}, {"total", total}, {"mentions", list_of(mentions)}, {"rejected", list_of(rejected)}};
}

std::pair<std::vector<Mention>, std::vector<Mention>> split_rejected(std::vector<Mention> all, bool with_rejected) {
  std::pair<std::vector<Mention>, std::vector<Mention>> out;
  for (Mention& m : all) (m.status == "rejected" && !with_rejected ? out.second : out.first).push_back(std::move(m));
  return out;
}

Json alias_suggestions_json(const std::vector<AliasSuggestion>& suggestions) {
  auto list = Json::array();
  for (const AliasSuggestion& s : suggestions) {
    list.push_back({{"character", s.character}, {"form", s.form}, {"kind", s.kind}, {"evidence", s.evidence},
                    {"passages", s.addresses}, {"accept", s.command}, {"dismissed", s.dismissed}});
  }
  return {{"suggestions", list}};
}

Json fold_suggestions_json(const std::vector<FoldSuggestion>& suggestions) {
  auto list = Json::array();
  for (const FoldSuggestion& s : suggestions) {
    list.push_back({{"form", s.form}, {"standard", s.standard}, {"count", s.count}, {"would_change", s.count}, {"kept", s.kept},
                    {"consistency", s.consistency},
                    {"evidence", s.evidence}, {"passages", s.addresses}, {"accept", s.command}, {"dismissed", s.dismissed}});
  }
  return {{"suggestions", list}};
}

Json kind_choice_json(const KindChoice& c) {
  return {{"variant", c.variant_uuid}, {"kind", c.kind ? Json(to_string(*c.kind)) : Json(nullptr)},
          {"note", c.note}, {"author", c.author}, {"set_at", c.set_at}};
}

Json parallel_json(const std::string& address, const std::vector<Passage>& own, const std::vector<ParallelLink>& links) {
  auto list = Json::array();
  for (const ParallelLink& pl : links) {
    auto doc = link_json(pl.link);
    auto sides = Json::array();
    for (const ParallelPassage& p : pl.passages) {
      sides.push_back({{"address", p.address}, {"text", p.passage.text}, {"notes", notes_of_json(p.notes)}});
    }
    auto variants = Json::array();
    for (const Variant& v : pl.variants) variants.push_back(variant_json(v));
    doc["passages"] = sides;
    doc["variants"] = variants;
    list.push_back(doc);
  }
  return {{"address", address}, {"text", own.front().text}, {"links", list}};
}

std::string note_state(const Note& n) {
  if (n.conflict()) return "conflict";
  if (n.current.deleted) return "removed";
  if (n.orphaned) return "orphaned";
  return "live";
}

nlohmann::ordered_json revision_json(const NoteRevision& r) {
  return {{"id", r.uuid}, {"parents", r.parents}, {"author", r.author}, {"created", r.created_at},
          {"motivation", r.motivation}, {"body", r.body}, {"tags", r.tags}, {"deleted", r.deleted}};
}

nlohmann::ordered_json note_json(const Note& n) {
  nlohmann::ordered_json doc = {{"id", n.uuid}, {"target", std::string(to_string(n.target))}};
  if (!n.address.empty()) doc["address"] = n.address;
  if (n.target == NoteTarget::kSpan) {
    // The passage's text is where a span is unless it says title or author, as in W3C's jz:field.
    if (n.field != VariantField::kText) doc["field"] = std::string(to_string(n.field));
    doc["start"] = n.start;
    doc["end"] = n.end;
    doc["quote"] = {{"exact", n.exact}, {"prefix", n.prefix}, {"suffix", n.suffix}};
  }
  if (!n.region.empty()) doc["region"] = {{"page", n.region_page}, {"xywh", n.region}};
  if (!n.target_uuid.empty()) {
    doc["target_id"] = n.target_uuid;
    doc["target_label"] = n.target_label;
  }
  doc["state"] = note_state(n);
  doc["motivation"] = n.current.motivation;
  doc["body"] = n.current.body;
  doc["tags"] = n.current.tags;
  doc["author"] = n.current.author;
  doc["created"] = n.created_at;
  doc["modified"] = n.current.created_at;
  doc["revision"] = n.current.uuid;
  if (n.conflict()) {
    auto heads = nlohmann::ordered_json::array();
    for (const NoteRevision& h : n.heads) heads.push_back(revision_json(h));
    doc["heads"] = heads;
  }
  return doc;
}

nlohmann::ordered_json notes_of_json(const NotesOf& notes) {
  auto list = nlohmann::ordered_json::array();
  for (const Note& own : notes.own) list.push_back(note_json(own));
  for (const MappedNote& m : notes.mapped) {
    auto doc = note_json(m.note);
    // Its words as they stand in its own edition; their context there is
    // that edition's, which `note show` gives.
    if (doc.contains("quote")) doc["quote"] = {{"exact", m.note.exact}};
    doc["shown_at"] = {{"address", m.address}, {"start", m.start}, {"end", m.end}};
    list.push_back(doc);
  }
  return list;
}

nlohmann::ordered_json note_history_json(const Note& n, const std::vector<NoteRevision>& history) {
  nlohmann::ordered_json doc = note_json(n);
  auto revisions = nlohmann::ordered_json::array();
  for (const NoteRevision& r : history) revisions.push_back(revision_json(r));
  doc["history"] = revisions;
  return doc;
}

nlohmann::ordered_json merge_report_json(const MergeReport& r) {
  return {{"other", r.other},
          {"dry_run", r.dry_run},
          {"added",
           {{"works", r.works_added}, {"editions", r.editions_added}, {"passages", r.passages_added},
            {"characters", r.characters_added}, {"aliases", r.aliases_added}, {"links", r.links_added},
            {"notes", r.notes_added}, {"revisions", r.revisions_added}, {"fold_rules", r.fold_rules},
            {"kind_choices", r.kind_choices}, {"datings", r.datings}, {"extents", r.extents}, {"cbdb_ids", r.cbdb_ids}, {"dismissals", r.dismissals}, {"page_images", r.page_images},
            {"ambiguities", r.ambiguities}, {"mention_choices", r.mention_choices},
            {"decisions", r.decisions}, {"policies", r.policies}}},
          {"passages_corrected", r.passages_corrected},
          {"removed", r.removed},
          {"editions_replaced", r.editions_replaced},
          {"renamed", r.renamed},
          {"conflicts", r.conflicts},
          {"conflicts_remaining", r.conflicts_remaining},
          {"possible_duplicates", r.possible_duplicates},
          {"differences", r.differences}};
}

nlohmann::ordered_json conflicts_json(const Conflicts& c) {
  auto notes = nlohmann::ordered_json::array(), records = nlohmann::ordered_json::array(),
       links = nlohmann::ordered_json::array();
  for (const Note& n : c.notes) notes.push_back(note_json(n));
  for (const RecordConflict& r : c.records) {
    const auto versions = versions_json(r.versions, r.record == "character" ? "name" : "kind");
    records.push_back({{"record", r.record}, {"uuid", r.uuid}, {"character", r.character}, {"form", r.form},
                       {"versions", versions}});
  }
  for (const LinkConflict& l : c.links) {
    auto held = nlohmann::ordered_json::array();
    for (const auto& [uuid, passages] : l.links) held.push_back({{"uuid", uuid}, {"passages", passages}});
    links.push_back({{"passage", l.passage}, {"links", held}});
  }
  auto editions = nlohmann::ordered_json::array();
  for (const EditionConflict& e : c.editions) editions.push_back({{"edition", e.siglum}, {"rivals", e.rivals}});
  auto decisions = nlohmann::ordered_json::array();
  for (const PlaceDecision& d : c.decisions) decisions.push_back(place_decision_json(d));
  auto passages = nlohmann::ordered_json::array();
  for (const PassageConflict& p : c.passages) {
    auto heads = nlohmann::ordered_json::array();
    for (const PassageRevision& r : p.heads) heads.push_back(passage_revision_json(r));
    passages.push_back({{"passage", p.address}, {"heads", heads}});
  }
  return {{"notes", notes}, {"records", records}, {"links", links}, {"editions", editions}, {"decisions", decisions},
          {"passages", passages}};
}

nlohmann::ordered_json passage_revision_json(const PassageRevision& r) {
  return {{"id", r.uuid}, {"author", r.author}, {"time", r.made_at}, {"reason", r.reason}, {"imported", r.imported},
          {"parents", r.parents}, {"text", r.text}};
}

nlohmann::ordered_json passage_history_json(const PassageHistory& h) {
  auto revisions = nlohmann::ordered_json::array();
  for (const PassageRevision& r : h.revisions) revisions.push_back(passage_revision_json(r));
  return {{"passage", h.address}, {"revisions", revisions}, {"heads", h.heads}, {"conflict", h.conflict}};
}

namespace {

nlohmann::ordered_json place_json(const ApparatusPlace& p) {
  return {{"id", p.uuid}, {"edition", p.edition_uuid}, {"seq", p.seq}, {"field", to_string(p.field)},
          {"start", p.start}, {"end", p.end}, {"lemma", p.lemma}, {"lacuna", p.lacuna}};
}

}  // namespace

nlohmann::ordered_json decision_json(const Decision& d) {
  nlohmann::ordered_json out = {{"uuid", d.uuid}, {"action", d.action ? nlohmann::ordered_json(to_string(*d.action)) : nullptr},
                                {"label", decision_label(d)}};
  if (d.reading) out["reading"] = *d.reading;
  if (!d.witness_uuid.empty()) out["witness"] = d.witness;
  if (!d.reason.empty()) out["reason"] = d.reason;
  out["note"] = d.note;
  out["author"] = d.author;
  out["made_at"] = d.made_at;
  out["parents"] = d.parents;
  return out;
}

nlohmann::ordered_json place_decision_json(const PlaceDecision& d) {
  auto rivals = nlohmann::ordered_json::array();
  for (const Decision& r : d.rivals) rivals.push_back(decision_json(r));
  return {{"place", place_json(d.place)}, {"decision", decision_json(d.current)}, {"conflict", d.conflict()},
          {"rivals", rivals}};
}

nlohmann::ordered_json place_history_json(const ApparatusPlace& p, const std::vector<Decision>& history) {
  auto list = nlohmann::ordered_json::array();
  for (const Decision& d : history) list.push_back(decision_json(d));
  return {{"place", place_json(p)}, {"history", list}};
}

nlohmann::ordered_json policies_json(const std::vector<Policy>& policies) {
  auto list = nlohmann::ordered_json::array();
  for (const Policy& p : policies) {
    list.push_back({{"id", p.uuid}, {"action", to_string(p.action)}, {"class", to_string(p.variant_class)},
                    {"witness", p.witness_uuid.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(p.witness)},
                    {"zh", policy_sentence(p)}, {"note", p.note}, {"author", p.author}, {"set_at", p.set_at}});
  }
  return {{"policies", list}};
}

nlohmann::ordered_json unmatched_json(const std::string& a, const std::vector<std::string>& ua, const std::string& b,
                                      const std::vector<std::string>& ub) {
  return nlohmann::ordered_json::array({{{"edition", a}, {"passages", ua}}, {{"edition", b}, {"passages", ub}}});
}

nlohmann::ordered_json versions_json(const std::vector<FieldVersion>& versions, const char* label) {
  auto out = nlohmann::ordered_json::array();
  for (const FieldVersion& v : versions) {
    out.push_back({{"uuid", v.uuid}, {label, v.label}, {"note", v.note}, {"author", v.author}, {"made_at", v.made_at}});
  }
  return out;
}

}  // namespace jiaozhu::cli
