#include "listing_json.h"

#include "jiaozhu/address.h"
#include "jiaozhu/script.h"

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

Json editions_json(const std::vector<Edition>& editions) {
  auto list = Json::array();
  for (const Edition& e : editions) {
    list.push_back({{"siglum", e.siglum}, {"work", e.work}, {"title", e.title}, {"script", std::string(to_string(e.script))},
                    {"passages", e.passages}, {"characters", e.code_points}, {"uuid", e.uuid},
                    {"content_hash", e.content_hash}, {"imported_at", e.imported_at}});
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
                    {"title", optional_json(h.title)}, {"ref", optional_json(h.ref)},
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

}  // namespace jiaozhu::cli
