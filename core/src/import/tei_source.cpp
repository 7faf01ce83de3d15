// TEI P5 sources, read with pugixml. A TEI file is a tree of structure
// (<div>), blocks (<p>, <lg>) and inline markup; jiaozhu keeps the blocks as
// passages, the structure as sections and the witness's layout (<pb>, <lb>)
// as references, and reads through the editorial markup to one text: the
// lemma of an apparatus entry, the regularized or corrected reading of a
// choice. Notes are not text: they are handed on to be imported as notes.
#include <pugixml.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <functional>
#include <set>
#include <sstream>
#include <tuple>

#include "import/source_parser.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

// Stand-ins kept in a passage's text while it is read: where a note stood,
// and a line break between the <l> of an <lg>. Both are noncharacters, which
// no source text may hold (they are taken out of the source's text).
constexpr char32_t kNoteMark = 0xFFFF;
constexpr char32_t kLineBreak = 0xFFFE;
// Where an <anchor> stands, for the standoff notes that point at it (CBETA).
constexpr char32_t kAnchorMark = 0xFDD0;
// The anchors a labelled block or line leaves for <app loc>: apart from
// every xml:id, which cannot hold a space.
const std::string kLocationPrefix = "jz loc ";

std::string_view local_name(const pugi::xml_node& n) {
  std::string_view name = n.name();
  if (auto colon = name.find(':'); colon != std::string_view::npos) name.remove_prefix(colon + 1);
  return name;
}

bool is_division(std::string_view name) {
  return name == "div" || (name.size() == 4 && name.starts_with("div") && name[3] >= '1' && name[3] <= '7');
}

// A division of editorial matter, wherever it stands (an apparatus or the
// notes gathered in <front> or <body>): not text. A commentary (注, 疏) is
// text, and stays.
constexpr const char* kEditorialTypes[] = {"apparatus", "notes", "footnotes", "endnotes"};

bool is_editorial_division(const pugi::xml_node& node) {
  const std::string_view type = node.attribute("type").value();
  return std::any_of(std::begin(kEditorialTypes), std::end(kEditorialTypes), [&](const char* t) { return type == t; });
}

// The standoff notes: those in <back>, <standOff> or a division
// is_editorial_division skips.
std::string standoff_notes_xpath() {
  std::string types;
  for (const char* t : kEditorialTypes) types += std::string(types.empty() ? "" : " or ") + "@type='" + t + "'";
  return "//*[local-name()='note'][@target][ancestor::*[local-name()='back' or local-name()='standOff' or "
         "(starts-with(local-name(), 'div') and (" + types + "))]]";
}

bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
// Chinese and Japanese are written without spaces: a line break in the XML
// between two such characters is layout, not a word space.
bool is_wide(char32_t c) { return c >= 0x2E80; }

// XML whitespace as a reader sees it: runs dropped at the ends, and a line
// break of the file's layout between two wide characters, otherwise one
// space; kLineBreak becomes a line break.
std::u32string collapse_whitespace(const std::u32string& in) {
  std::u32string out;
  for (std::size_t i = 0; i < in.size();) {
    if (!is_space(in[i])) {
      out += in[i] == kLineBreak ? U'\n' : in[i];
      ++i;
      continue;
    }
    std::size_t j = i;
    bool newline = false;
    for (; j < in.size() && is_space(in[j]); ++j) newline = newline || in[j] == '\n';
    const bool edge = out.empty() || j == in.size() || out.back() == U'\n' || in[j] == kLineBreak;
    if (!edge && !(newline && is_wide(out.back()) && is_wide(in[j]))) out += U' ';
    i = j;
  }
  return out;
}

class TeiReader {
 public:
  TeiReader(ParsedSource& out, const std::string& utf8) : out_(out) {
    for (std::size_t i = 0; i < utf8.size(); ++i) {
      if (utf8[i] == '\n') newlines_.push_back(i);
    }
  }

  // Elements nested deeper than this are refused: the reader recurses once
  // per level, and a hostile file could nest a million.
  static constexpr int kMaxDepth = 256;

  void walk(const pugi::xml_node& node) {
    for (pugi::xml_node child : node.children()) visit(child);
  }

  void finish() {
    if (!in_passage_) return;
    in_passage_ = false;
    std::u32string text = collapse_whitespace(to_code_points(buffer_));
    buffer_.clear();
    std::vector<int64_t> marks;
    std::u32string kept;
    std::size_t anchor = 0;
    for (char32_t c : text) {
      if (c == kNoteMark) marks.push_back(static_cast<int64_t>(kept.size()));
      else if (c == kAnchorMark && anchor < pending_anchors_.size()) anchors_[pending_anchors_[anchor++]] = {out_.passages.size(), static_cast<int64_t>(kept.size())};
      else if (c != kAnchorMark) kept += c;
    }
    pending_anchors_.clear();
    while (!kept.empty() && kept.back() == U' ') kept.pop_back();
    if (kept.empty()) {
      pending_notes_.clear();
      return;
    }
    draft_.text = to_utf8(kept);
    for (std::size_t i = 0; i < pending_notes_.size() && i < marks.size(); ++i) {
      out_.notes.push_back({out_.passages.size(), std::min<int64_t>(marks[i], static_cast<int64_t>(kept.size())),
                            std::move(pending_notes_[i]), -1, {}});
    }
    pending_notes_.clear();
    out_.passages.push_back(std::move(draft_));
    draft_ = PassageDraft{};
  }

 private:
  // Every element is read through here, whichever reader (a division, a
  // block, a reading) goes down to it: the one place depth is counted.
  void visit(const pugi::xml_node& node) {
    if (++depth_ > kMaxDepth) {
      throw InputError("line " + std::to_string(line_of(node)) + ": elements nest more than " +
                       std::to_string(kMaxDepth) + " deep");
    }
    struct Leave {
      int& depth;
      ~Leave() { --depth; }
    } leave{depth_};
    read(node);
  }

  void read(const pugi::xml_node& node) {
    if (node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata) {
      text(node.value(), node);
      return;
    }
    if (node.type() != pugi::node_element) return;
    const std::string_view name = local_name(node);
    if (name == "teiHeader" || name == "fw" || name == "del" || name == "rdg" || name == "sic" || name == "orig" ||
        name == "abbr" || name == "facsimile" || name == "standOff" || name == "figDesc" || name == "rdgGrp" ||
        name == "back" || name == "docNumber" || name == "mulu" || name == "charDecl") {
      return;  // back matter, a catalogue number, a table-of-contents entry: not text
    }
    if (name == "listApp" || name == "listWit" || (is_division(name) && is_editorial_division(node))) return;
    if (name == "anchor") return anchor(node);
    if (name == "g") return gaiji(node);
    if (name == "app") return inline_app(node);
    if (name == "choice") return reading(node, {"reg", "corr", "expan"});
    if (name == "gap") return gap(node);
    if (name == "note") return note(node);
    if (sink_) return walk(node);  // inside a head or note, structure is only text
    if (is_division(name)) return division(node);
    if (name == "p" || name == "ab" || name == "lg" || (name == "l" && !in_group_)) return block(node, name == "lg");
    if (name == "l") {
      if (!buffer_.empty()) add(std::u32string(1, kLineBreak));
      return walk(node);
    }
    if (name == "head" || name == "jhead") return head(node);
    if (name == "byline") return block(node, false);
    if (name == "pb") return page_break(node);
    if (name == "lb") return line_break(node);
    walk(node);
  }

  void text(std::string_view value, const pugi::xml_node& node) {
    if (is_blank(value) && !in_passage_ && !sink_) return;
    if (!in_passage_ && !sink_) start(node);  // text straight in a <div> or <body>: a passage of its own
    std::u32string cps = to_code_points(value);
    std::erase_if(cps, [](char32_t c) { return c == kNoteMark || c == kLineBreak || c == kAnchorMark; });
    add(cps);
  }

  void add(const std::u32string& cps) {
    if (sink_) *sink_ += to_utf8(cps);
    else buffer_ += to_utf8(cps);
  }

  void start(const pugi::xml_node& node) {
    in_passage_ = true;
    for (const std::string& id : waiting_anchors_) anchor_here(id);  // anchors in a heading: the passage after it
    waiting_anchors_.clear();
    draft_.section = section_;
    draft_.page = page_;
    draft_.line = line_;
    draft_.source_line = line_of(node);
    if (const char* n = node.attribute("n").value(); *n) draft_.ref = n;
    mark_location(node.attribute("n").value());
    mark_location(node.attribute("xml:id").value());
  }

  void block(const pugi::xml_node& node, bool group) {
    finish();
    start(node);
    const bool was_in_group = in_group_;
    in_group_ = group;
    walk(node);
    in_group_ = was_in_group;
    finish();
  }

  void division(const pugi::xml_node& node) {
    finish();
    std::string heading;
    const pugi::xml_node head = first_child(node, "head");
    if (head) heading = plain_text(head);
    if (!heading.empty()) section_.push_back(heading);
    for (pugi::xml_node child : node.children()) {
      if (child != head) visit(child);
    }
    finish();
    if (!heading.empty()) section_.pop_back();
  }

  // A <head> of an <lg> is the poem's title; elsewhere outside a <div> it
  // heads what follows at the top level.
  void head(const pugi::xml_node& node) {
    if (in_group_) {
      draft_.title = plain_text(node);
      return;
    }
    finish();
    const std::string heading = plain_text(node);
    if (heading.empty()) return;
    section_.assign(1, heading);
  }

  void page_break(const pugi::xml_node& node) {
    const char* n = node.attribute("n").value();
    page_ = *n ? std::optional<std::string>(n) : std::nullopt;
    line_.reset();
    if (!page_) return;
    std::string facs = node.attribute("facs").value();
    // facs="#s1" points to a <surface> (or its <graphic>) of <facsimile>.
    if (facs.size() > 1 && facs[0] == '#') {
      const auto it = graphics_.find(facs.substr(1));
      facs = it == graphics_.end() ? std::string() : it->second;
    }
    if (!facs.empty() && !sink_) out_.page_images.push_back({*page_, facs, "", in_passage_ && !is_blank(buffer_)});
  }

 public:
  // The images of <facsimile>: each <surface>'s and <graphic>'s xml:id to
  // the URL of its (first) graphic, for <pb facs="#id">.
  void read_facsimile(const pugi::xml_node& root) {
    for (const pugi::xpath_node& x : root.select_nodes("//*[local-name()='surface']")) {
      const pugi::xml_node surface = x.node();
      std::string first;
      for (const pugi::xpath_node& g : surface.select_nodes(".//*[local-name()='graphic']")) {
        const std::string url = g.node().attribute("url").value();
        if (url.empty()) continue;
        if (first.empty()) first = url;
        if (const char* id = g.node().attribute("xml:id").value(); *id) graphics_.emplace(id, url);
      }
      if (const char* id = surface.attribute("xml:id").value(); *id && !first.empty()) graphics_.emplace(id, first);
    }
  }

 private:

  void line_break(const pugi::xml_node& node) {
    const char* n = node.attribute("n").value();
    if (*n) line_ = n;
    if (in_passage_ && is_blank(buffer_)) draft_.line = line_;
    mark_location(n);
  }

  void anchor(const pugi::xml_node& node) {
    if (const char* id = node.attribute("xml:id").value(); *id) place_anchor(id);
  }

  // An anchor here in the passage, or, outside one (in a heading), at the
  // start of the next.
  void place_anchor(const std::string& id) {
    if (in_passage_ && !sink_) anchor_here(id);
    else waiting_anchors_.push_back(id);
  }

  // A character outside Unicode (CBETA's gaiji): its <char> in <charDecl>
  // gives a Unicode or normalized form; else the text of <g>, else □.
  void gaiji(const pugi::xml_node& node) {
    if (const auto it = gaiji_.find(strip_hash(node.attribute("ref").value())); it != gaiji_.end()) return text(it->second, node);
    if (!node.text().empty() || node.first_child()) return walk(node);
    text("□", node);
  }

 public:
  // Reads <charDecl>'s characters (their Unicode or normalized forms) and
  // the standoff notes of <back> that point at anchors (<note target="#…">),
  // before and after the body is walked.
  void read_char_decl(const pugi::xml_node& root) {
    for (const pugi::xpath_node& x : root.select_nodes("//*[local-name()='char' or local-name()='glyph']")) {
      const char* id = x.node().attribute("xml:id").value();
      if (!*id) continue;
      std::string best;
      for (const pugi::xpath_node& m : x.node().select_nodes(".//*[local-name()='mapping']")) {
        const std::string type = m.node().attribute("type").value();
        const std::string value = m.node().text().get();
        if (value.empty()) continue;
        if (type == "unicode" || (best.empty() && (type == "normal_unicode" || type == "normalized"))) best = value;
      }
      if (!best.empty()) gaiji_.emplace(id, best);
    }
  }

  // Whether the apparatus places entries by a canonical reference (<app
  // loc>) rather than anchors: the reader then marks where each labelled
  // block and line begins. Call before walk().
  void read_locations(const pugi::xml_node& root) {
    locating_ = static_cast<bool>(root.select_node("//*[local-name()='app'][@loc and not(@from)]"));
  }

  // The apparatus's witnesses (<listWit>) and, from each standoff <app
  // from to> (CBETA's <back>), <app loc> or <app> in the text, what each
  // reads where it is not the base: the witnesses of <lem> read the base.
  void read_witnesses(const pugi::xml_node& root) {
    std::vector<SourceWitness> witnesses;
    std::map<std::string, std::size_t> by_id;
    for (const pugi::xpath_node& x : root.select_nodes("//*[local-name()='listWit']/*[local-name()='witness']")) {
      const char* id = x.node().attribute("xml:id").value();
      if (!*id || by_id.count(id)) continue;
      by_id[id] = witnesses.size();
      witnesses.push_back({id, plain_text(x.node()), {}});
    }
    if (witnesses.empty()) return;
    for (const auto& entry : apparatus_places(root)) {
      const Place& place = entry.second;  // a structured binding no lambda may capture in clang
      each_reading(entry.first, "", [&](const pugi::xml_node& rdg, const std::string& wit) {
        for (const std::string& w : split_pointers(wit)) {
          const auto it = by_id.find(w);
          if (it == by_id.end()) continue;
          witnesses[it->second].readings.push_back({place.passage, place.start, place.end, plain_text(rdg)});
        }
      });
    }
    // The base is the witness that only ever reads the lemma; one that reads
    // otherwise somewhere is a witness of its own, though it agrees elsewhere.
    for (SourceWitness& w : witnesses) {
      if (!w.readings.empty()) out_.witnesses.push_back(std::move(w));
    }
  }

  // The notes kept apart from the text (in <back>, <standOff> or a division
  // is_editorial_division skips), each on the words its target marks.
  void read_standoff_notes(const pugi::xml_node& root) {
    for (const pugi::xpath_node& x : root.select_nodes(standoff_notes_xpath().c_str())) {
      const pugi::xml_node n = x.node();
      const std::string target = n.attribute("target").value();
      if (target.empty() || target[0] != '#') continue;
      const auto at = anchors_.find(strip_hash(target));
      const std::string body = plain_text(n);
      if (at == anchors_.end() || body.empty()) {
        out_.warnings.push_back("a <note> for " + target + " (line " + std::to_string(line_of(n)) + ") points at no anchor in the text");
        continue;
      }
      SourceNoteDraft d{at->second.first, at->second.second, body, -1, {}};
      // The words it is on: the apparatus entry of the same number (beg…/end…).
      if (const char* number = n.attribute("n").value(); *number) {
        const auto b = anchors_.find(std::string("beg") + number), e = anchors_.find(std::string("end") + number);
        if (b != anchors_.end() && e != anchors_.end() && b->second.first == e->second.first && e->second.second > b->second.second) {
          d.at = b->second.second;
          d.end = e->second.second;
        }
      }
      if (const char* type = n.attribute("type").value(); *type) d.tags.push_back(type);
      if (const char* resp = n.attribute("resp").value(); *resp) d.tags.push_back(resp[0] == '#' ? resp + 1 : resp);
      out_.notes.push_back(std::move(d));
    }
  }

 private:
  struct Place {
    std::size_t passage = 0;
    int64_t start = 0, end = 0;
  };

  // Every entry of the apparatus with the words of the base it is on: by
  // its anchors (<app from to>, or those an <app> in the text left), or by
  // its lemma's first occurrence from where its <app loc> points. An entry
  // placed nowhere is said so.
  std::vector<std::pair<pugi::xml_node, Place>> apparatus_places(const pugi::xml_node& root) {
    std::vector<std::tuple<pugi::xml_node, std::string, std::string>> anchored;  // the entry, where it begins and ends
    for (const pugi::xpath_node& x : root.select_nodes("//*[local-name()='app'][@from and @to]")) {
      anchored.emplace_back(x.node(), strip_hash(x.node().attribute("from").value()), strip_hash(x.node().attribute("to").value()));
    }
    for (std::size_t i = 0; i < inline_apps_.size(); ++i) {
      const std::string id = "jz-app-" + std::to_string(i);
      anchored.emplace_back(inline_apps_[i], id + "-from", id + "-to");
    }
    std::vector<std::pair<pugi::xml_node, Place>> out;
    for (const auto& [app, from_id, to_id] : anchored) {
      const auto from = anchors_.find(from_id);
      const auto to = anchors_.find(to_id);
      if (from == anchors_.end() || to == anchors_.end() || from->second.first != to->second.first || to->second.second < from->second.second) {
        out_.warnings.push_back("an <app> (line " + std::to_string(line_of(app)) + ") spans no words of one passage; its readings were not read");
        continue;
      }
      out.push_back({app, {from->second.first, from->second.second, to->second.second}});
    }
    if (!locating_) return out;
    for (const pugi::xpath_node& x : root.select_nodes("//*[local-name()='app'][@loc and not(@from)]")) {
      const pugi::xml_node app = x.node();
      if (app.select_node("ancestor::*[local-name()='body']")) continue;  // in the text: placed where it stands
      if (const auto place = located(app)) out.push_back({app, *place});
      else out_.warnings.push_back("an <app loc> (line " + std::to_string(line_of(app)) + ") names no words of the text; its readings were not read");
    }
    return out;
  }

  // Where the lemma of `app` first stands from the block or line its @loc
  // names (its first token that names one).
  std::optional<Place> located(const pugi::xml_node& app) {
    const pugi::xml_node lemma = lemma_of(app);
    const std::u32string words = to_code_points(lemma ? plain_text(lemma) : std::string());
    if (words.empty()) return std::nullopt;  // an addition: no words to find it by
    std::istringstream tokens(app.attribute("loc").value());
    for (std::string token; tokens >> token;) {
      const auto at = anchors_.find(kLocationPrefix + token);
      if (at == anchors_.end() || at->second.first >= out_.passages.size()) continue;
      const std::u32string text = to_code_points(out_.passages[at->second.first].text);
      const std::size_t found = text.find(words, static_cast<std::size_t>(at->second.second));
      if (found == std::u32string::npos) continue;
      return Place{at->second.first, static_cast<int64_t>(found), static_cast<int64_t>(found + words.size())};
    }
    return std::nullopt;
  }

  // The <lem> of an entry, also inside a <rdgGrp>; none when it has none.
  static pugi::xml_node lemma_of(const pugi::xml_node& app) {
    for (pugi::xml_node child : app.children()) {
      if (local_name(child) == "lem") return child;
      if (local_name(child) == "rdgGrp") {
        if (pugi::xml_node inner = lemma_of(child)) return inner;
      }
    }
    return {};
  }

  // Each <rdg> of an entry, also in (nested) <rdgGrp>s, with its witnesses:
  // its own @wit, else its group's.
  static void each_reading(const pugi::xml_node& node, const std::string& group_wit,
                           const std::function<void(const pugi::xml_node&, const std::string&)>& fn) {
    for (pugi::xml_node child : node.children()) {
      const std::string_view name = local_name(child);
      const char* wit = child.attribute("wit").value();
      if (name == "rdg") fn(child, *wit ? wit : group_wit);
      else if (name == "rdgGrp") each_reading(child, *wit ? wit : group_wit, fn);
    }
  }

  static bool has_readings(const pugi::xml_node& app) {
    bool any = false;
    each_reading(app, "", [&any](const pugi::xml_node&, const std::string&) { any = true; });
    return any;
  }

  // Where a labelled block or line begins, for <app loc> (read_locations).
  void mark_location(const char* label) {
    if (locating_ && *label && !sink_) place_anchor(kLocationPrefix + label);
  }

  void note(const pugi::xml_node& node) {
    const std::string body = plain_text(node);
    if (body.empty() || sink_) return;
    if (!in_passage_) {
      out_.warnings.push_back("a <note> outside any passage (line " + std::to_string(line_of(node)) + ") was not imported");
      return;
    }
    add(std::u32string(1, kNoteMark));
    pending_notes_.push_back(body);
  }

  void reading(const pugi::xml_node& node, std::initializer_list<const char*> preferred) {
    for (const char* name : preferred) {
      if (pugi::xml_node chosen = first_child(node, name)) return walk(chosen);
    }
    for (pugi::xml_node child : node.children()) {
      if (child.type() == pugi::node_element) return walk(child);
    }
  }

  // An <app> in the text (parallel segmentation, as jiaozhu's own TEI
  // apparatus writes it): the text reads its <lem>; where it stands is
  // marked, for the witnesses' readings (read_witnesses).
  void inline_app(const pugi::xml_node& node) {
    const pugi::xml_node lemma = lemma_of(node);
    if (sink_ || !in_passage_ || !has_readings(node)) return lemma ? walk(lemma) : reading(node, {});
    const std::string id = "jz-app-" + std::to_string(inline_apps_.size());
    inline_apps_.push_back(node);
    anchor_here(id + "-from");
    if (lemma) walk(lemma);
    anchor_here(id + "-to");
  }

  void anchor_here(const std::string& id) {
    pending_anchors_.push_back(id);
    add(std::u32string(1, kAnchorMark));
  }

  void gap(const pugi::xml_node& node) {
    const std::string_view unit = node.attribute("unit").value();
    const int quantity = node.attribute("quantity").as_int(1);
    const int n = (unit.empty() || unit == "chars" || unit == "char") && quantity >= 1 && quantity <= 100 ? quantity : 1;
    if (!in_passage_ && !sink_) start(node);
    add(std::u32string(static_cast<std::size_t>(n), U'□'));
  }

  // The text of a <head> or <note>, read through its markup, whitespace collapsed.
  std::string plain_text(const pugi::xml_node& node) {
    std::string collected;
    std::string* outer = sink_;
    sink_ = &collected;
    walk(node);
    sink_ = outer;
    std::u32string cps = collapse_whitespace(to_code_points(collected));
    std::erase_if(cps, [](char32_t c) { return c == kNoteMark || c == kAnchorMark; });
    while (!cps.empty() && cps.back() == U' ') cps.pop_back();
    return to_nfc(to_utf8(cps));
  }

  static pugi::xml_node first_child(const pugi::xml_node& node, std::string_view name) {
    for (pugi::xml_node child : node.children()) {
      if (child.type() == pugi::node_element && local_name(child) == name) return child;
    }
    return {};
  }

  static std::string strip_hash(std::string s) { return !s.empty() && s[0] == '#' ? s.substr(1) : s; }
  static std::vector<std::string> split_pointers(std::string_view list) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at < list.size();) {
      const std::size_t end = std::min(list.find(' ', at), list.size());
      if (end > at) out.push_back(strip_hash(std::string(list.substr(at, end - at))));
      at = end + 1;
    }
    return out;
  }

  int64_t line_of(const pugi::xml_node& node) const {
    const std::ptrdiff_t offset = node.offset_debug();
    if (offset < 0) return 1;
    return 1 + (std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<std::size_t>(offset)) - newlines_.begin());
  }

  ParsedSource& out_;
  std::vector<std::size_t> newlines_;
  std::vector<std::string> section_;
  std::optional<std::string> page_, line_;
  bool in_passage_ = false, in_group_ = false;
  std::string buffer_;
  std::string* sink_ = nullptr;  // set while a head or note is read
  PassageDraft draft_;
  std::vector<std::string> pending_notes_;
  std::map<std::string, std::string> graphics_;
  std::map<std::string, std::string> gaiji_;
  std::vector<std::string> pending_anchors_, waiting_anchors_;
  std::map<std::string, std::pair<std::size_t, int64_t>> anchors_;  // id -> passage, code point
  std::vector<pugi::xml_node> inline_apps_;
  bool locating_ = false;  // the apparatus has <app loc> entries
  int depth_ = 0;
};

std::string where(const std::string& utf8, std::ptrdiff_t offset) {
  const auto end = utf8.begin() + std::clamp<std::ptrdiff_t>(offset, 0, static_cast<std::ptrdiff_t>(utf8.size()));
  return "line " + std::to_string(1 + std::count(utf8.begin(), end, '\n'));
}

pugi::xml_node text_root(const pugi::xml_document& doc, const std::string& file) {
  const pugi::xml_node root = doc.document_element();
  const std::string_view name = local_name(root);
  if (name != "TEI" && name != "teiCorpus" && name != "text") {
    throw InputError(file + ": the root element is <" + std::string(root.name()) + ">, not a TEI document's <TEI>");
  }
  // A corpus holds several <TEI>; each one's <text> is read in turn, as is a
  // <text> holding a <group> of texts.
  return root;
}

// XML 1.0's Char production: what a character reference may name.
bool xml_char(uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

// pugixml decodes &#0; to a NUL that ends the text there, and &#x1b; to a
// control character, though XML forbids both: such a file is malformed.
void check_character_references(const std::string& utf8, const std::string& file) {
  for (std::size_t at = utf8.find("&#"); at != std::string::npos; at = utf8.find("&#", at + 2)) {
    std::size_t i = at + 2;
    const bool hex = i < utf8.size() && utf8[i] == 'x';
    if (hex) ++i;
    uint64_t value = 0;
    const std::size_t digits = i;
    for (; i < utf8.size() && i - digits < 9; ++i) {
      const char c = utf8[i];
      int d = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10 : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) break;
      value = value * (hex ? 16 : 10) + static_cast<uint64_t>(d);
    }
    if (i == digits || i >= utf8.size() || utf8[i] != ';') continue;  // not a reference: pugixml judges it
    if (!xml_char(static_cast<uint32_t>(std::min<uint64_t>(value, 0xFFFFFFFF)))) {
      throw InputError(file + ": " + where(utf8, static_cast<std::ptrdiff_t>(at)) + ": the character reference " +
                       utf8.substr(at, i + 1 - at) + " names a character XML does not allow");
    }
  }
}

}  // namespace

ParsedSource parse_tei(const std::string& utf8, const std::string& file) {
  check_character_references(utf8, file);
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed =
      doc.load_buffer(utf8.data(), utf8.size(), pugi::parse_default | pugi::parse_ws_pcdata, pugi::encoding_utf8);
  if (!parsed) throw InputError(file + ": " + where(utf8, parsed.offset) + ": malformed XML: " + parsed.description());
  ParsedSource out;
  TeiReader reader(out, utf8);
  const pugi::xml_node root = text_root(doc, file);
  reader.read_facsimile(root);
  reader.read_char_decl(root);
  reader.read_locations(root);
  try {
    reader.walk(root);
  } catch (const InputError& e) {
    throw InputError(file + ": " + e.what());
  }
  reader.finish();
  reader.read_standoff_notes(root);
  reader.read_witnesses(root);
  return out;
}

bool looks_like_tei(const std::string& utf8) {
  const std::string_view head = std::string_view(utf8).substr(0, 4096);
  const auto first = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  return first != std::string_view::npos && head[first] == '<' &&
         (head.find("<TEI") != std::string_view::npos || head.find("http://www.tei-c.org/ns/1.0") != std::string_view::npos);
}

}  // namespace jiaozhu::detail
