#include "notes/w3c_reader.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/facsimile.h"
#include "notes/note_target_spec.h"
#include "notes/w3c_vocabulary.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

constexpr std::uintmax_t kMaxNotesFile = 1ull << 30;
// The time of an annotation that gives none.
constexpr const char* kUnknownTime = "1970-01-01T00:00:00.000Z";

std::string string_at(const input_json& o, const char* key) {
  return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
}

// The author of the annotation or revision `o`, from its "creator".
std::string person_text(const input_json& o) {
  if (!o.is_object() || !o.contains("creator")) return {};
  const input_json& p = o["creator"];
  if (p.is_string()) return p.get<std::string>();
  if (!p.is_object()) return {};
  std::string name = string_at(p, "name");
  if (name.empty()) name = string_at(p, "nickname");
  if (p.contains("email") && p["email"].is_string()) {
    std::string mail = p["email"].get<std::string>();
    if (mail.rfind("mailto:", 0) == 0) mail = mail.substr(7);
    return name + " <" + mail + ">";
  }
  return name;
}

// Selectors and bodies nest; W3C's own examples go three levels deep. A
// deeper file is refused before it can exhaust the stack.
constexpr int kMaxDepth = 32;

struct Reader {
  std::string file;
  std::size_t index = 0;  // 1-based annotation number, for messages

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(file + ": annotation " + std::to_string(index) + " " + what);
  }
  std::string text(const input_json& o, const char* key, bool required = true) const {
    if (!o.is_object() || !o.contains(key)) {
      if (required) fail(std::string("has no \"") + key + "\"");
      return {};
    }
    if (!o[key].is_string()) fail(std::string("has a \"") + key + "\" that is not a string");
    const std::string s = o[key].get<std::string>();
    if (first_invalid_utf8(s)) fail(std::string("has a \"") + key + "\" that is not valid UTF-8");
    return s;
  }
  // A string put in NFC and held to the rules of `field` (field.h).
  std::string field(const input_json& o, const char* key, Field f, bool required = true) const {
    return sound(to_nfc(text(o, key, required)), f, key);
  }
  std::string sound(std::string value, Field f, const char* key) const {
    if (auto fault = field_fault(f, value)) fail(std::string("has a \"") + key + "\" that " + *fault);
    return value;
  }
  // An id that must be a urn:uuid (or a bare uuid), in lower case as stored.
  std::string uuid(const std::string& id, const char* key) const {
    const std::string bare = from_urn(id);
    if (!is_uuid_any_case(bare)) fail(std::string("has a \"") + key + "\" that is not a urn:uuid");
    return lower_ascii(bare);
  }
  bool flag(const input_json& o, const char* key) const {
    if (!o.contains(key)) return false;
    if (!o[key].is_boolean()) fail(std::string("has a \"") + key + "\" that is not true or false");
    return o[key].get<bool>();
  }
};

void read_selectors(const Reader& rd, const input_json& selector, detail::NoteRecord& rec) {
  if (selector.is_array()) {
    for (const input_json& s : selector) read_selectors(rd, s, rec);
    return;
  }
  if (!selector.is_object()) rd.fail("has a selector that is not an object");
  const std::string type = rd.text(selector, "type");
  if (type == "FragmentSelector") {
    const std::string v = rd.text(selector, "value");
    if (v.rfind("passage=", 0) != 0) rd.fail("has a FragmentSelector that is not passage=N");
    try {
      rec.passage_seq = std::stoll(v.substr(8));
    } catch (const std::exception&) {
      rd.fail("has a FragmentSelector that is not passage=N");
    }
    if (rec.passage_seq < 1) rd.fail("names passage " + v.substr(8));
  } else if (type == "TextQuoteSelector") {
    rec.note.target = NoteTarget::kSpan;
    rec.note.exact = to_nfc(rd.text(selector, "exact"));
    rec.note.prefix = to_nfc(rd.text(selector, "prefix", false));
    rec.note.suffix = to_nfc(rd.text(selector, "suffix", false));
  } else if (type == "TextPositionSelector") {
    if (!selector.value("start", input_json()).is_number_integer() || !selector.value("end", input_json()).is_number_integer()) {
      rd.fail("has a TextPositionSelector without integer start and end");
    }
    rec.note.start = selector["start"].get<int64_t>();
    rec.note.end = selector["end"].get<int64_t>();
    if (rec.note.start < 0 || rec.note.end < rec.note.start) rd.fail("has a TextPositionSelector with a bad range");
  }
  if (selector.contains("refinedBy")) read_selectors(rd, selector["refinedBy"], rec);
}

// A region of a page image (w3c_writer.cpp): the passage is the scope, the
// page jz:page, the rectangle a FragmentSelector xywh= (pixel: allowed).
void read_region_target(const Reader& rd, const input_json& target, detail::NoteRecord& rec) {
  Note& n = rec.note;
  const auto passage = parse_passage_urn(rd.text(target, "scope"));
  if (!passage) rd.fail("has a region target whose scope is not a passage");
  n.target = NoteTarget::kPassage;
  rec.passage_seq = passage->second;
  n.edition_uuid = rd.uuid(passage->first, "scope");
  n.address = rd.text(target, "jz:address", false);
  if (n.address.empty()) n.address = n.edition_uuid;
  n.region_page = rd.field(target, "jz:page", Field::kPassageLabel);
  if (n.region_page.empty()) rd.fail("has an empty jz:page");
  const input_json selector = target.contains("selector") && target["selector"].is_array() && !target["selector"].empty()
                                  ? target["selector"].front() : target.value("selector", input_json());
  if (!selector.is_object() || rd.text(selector, "type") != "FragmentSelector") rd.fail("has a region target without a FragmentSelector");
  std::string value = rd.text(selector, "value");
  if (value.rfind("xywh=", 0) != 0) rd.fail("has a region target whose FragmentSelector is not xywh=");
  value = value.substr(5);
  if (value.rfind("pixel:", 0) == 0) value = value.substr(6);
  try {
    n.region = parse_region(value).text();
  } catch (const UsageError& e) {
    rd.fail(std::string("has a region that is not X,Y,W,H: ") + e.what());
  }
}

NoteRevision read_revision(const Reader& rd, const input_json& r) {
  NoteRevision out;
  if (!r.is_object()) rd.fail("has a revision that is not an object");
  out.uuid = rd.uuid(rd.text(r, "id"), "id");
  if (r.contains("jz:parents")) {
    if (!r["jz:parents"].is_array()) rd.fail("has jz:parents that is not a list");
    for (const input_json& p : r["jz:parents"]) {
      if (!p.is_string()) rd.fail("has a parent that is not a string");
      out.parents.push_back(rd.uuid(p.get<std::string>(), "jz:parents"));
    }
  }
  out.author = rd.sound(to_nfc(person_text(r)), Field::kAuthor, "creator");
  out.created_at = rd.field(r, "created", Field::kTimestamp);
  out.motivation = rd.text(r, "motivation");
  out.body = rd.field(r, "jz:body", Field::kNoteText, false);
  if (r.contains("jz:tags")) {
    if (!r["jz:tags"].is_array()) rd.fail("has jz:tags that is not a list");
    for (const input_json& t : r["jz:tags"]) {
      if (!t.is_string()) rd.fail("has a tag that is not a string");
      out.tags.push_back(rd.sound(to_nfc(t.get<std::string>()), Field::kTag, "jz:tags"));
    }
  }
  out.deleted = rd.flag(r, "jz:deleted");
  out.moved_to = rd.field(r, "jz:movedTo", Field::kNoteText, false);
  if (!out.moved_to.empty()) {
    try {
      detail::parse_target_spec(out.moved_to);
    } catch (const InputError& e) {
      rd.fail(std::string("has a jz:movedTo that is not a target: ") + e.what());
    }
  }
  if (out.author.empty()) rd.fail("has a revision without a creator");
  try {
    check_motivation(out.motivation);
  } catch (const UsageError& e) {
    rd.fail(std::string("has a revision with ") + e.what());
  }
  return out;
}

// One revision made from a plain W3C annotation (another tool's), named by
// a uuid derived from the annotation's, so that importing it twice adds it once.
NoteRevision single_revision(const Reader& rd, const input_json& a, const std::string& note_uuid) {
  NoteRevision r;
  r.uuid = detail::uuid_from_name("jiaozhu w3c revision\x1f" + note_uuid);
  r.author = rd.sound(to_nfc(person_text(a)), Field::kAuthor, "creator");
  if (r.author.empty()) r.author = "unknown";
  r.created_at = rd.field(a, "modified", Field::kTimestamp, false);
  if (r.created_at.empty()) r.created_at = rd.field(a, "created", Field::kTimestamp, false);
  if (r.created_at.empty()) r.created_at = kUnknownTime;
  r.motivation = a.contains("motivation") && a["motivation"].is_string() ? a["motivation"].get<std::string>() : "";
  // jiaozhu's own word where the W3C has a broader one (w3c_motivation).
  if (a.contains("jz:motivation") && a["jz:motivation"].is_string()) r.motivation = a["jz:motivation"].get<std::string>();
  else if (r.motivation == "editing") r.motivation = "correcting";
  try {
    check_motivation(r.motivation);
  } catch (const UsageError&) {
    r.motivation = kDefaultMotivation;
  }
  const input_json body = a.contains("body") ? a["body"] : input_json::array();
  for (const input_json& b : body.is_array() ? body : input_json::array({body})) {
    if (b.is_string()) r.body += b.get<std::string>();
    if (!b.is_object()) continue;
    const bool tag = b.contains("purpose") && b["purpose"] == "tagging";
    if (tag) r.tags.push_back(rd.field(b, "value", Field::kTag));
    else r.body += rd.field(b, "value", Field::kNoteText, false);
  }
  r.body = rd.sound(to_nfc(r.body), Field::kNoteText, "body");
  return r;
}

// A jiaozhu history must be one: every parent a revision listed beside it.
void check_history(const Reader& rd, const detail::NoteRecord& rec) {
  std::set<std::string> uuids;
  for (const NoteRevision& r : rec.revisions) {
    if (!uuids.insert(r.uuid).second) rd.fail("lists revision " + r.uuid + " twice");
  }
  for (const NoteRevision& r : rec.revisions) {
    for (const std::string& p : r.parents) {
      if (!uuids.count(p)) rd.fail("has revision " + r.uuid + " whose parent " + p + " is not in its history");
    }
  }
}

// The history: jiaozhu's own, or one revision made from the annotation.
detail::NoteRecord finish_annotation(const Reader& rd, const input_json& a, detail::NoteRecord& rec) {
  if (a.contains("jz:revisions") && a["jz:revisions"].is_array() && !a["jz:revisions"].empty()) {
    for (const input_json& r : a["jz:revisions"]) rec.revisions.push_back(read_revision(rd, r));
    check_history(rd, rec);
  } else {
    rec.revisions.push_back(single_revision(rd, a, rec.note.uuid));
  }
  return std::move(rec);
}

// A target on another tool's source (a web page): its URL and the quote;
// a position there counts characters of that page, not of a passage, and a
// FragmentSelector names the page's parts, so neither is read.
void read_external_target(const Reader& rd, const input_json& target, detail::NoteRecord& rec) {
  // A IIIF viewer's source is the canvas, as a string or {"id", "type"}.
  if (target.contains("source") && target["source"].is_object()) {
    rec.external_source = rd.sound(to_nfc(rd.text(target["source"], "id")), Field::kNoteText, "source");
  } else {
    rec.external_source = rd.sound(to_nfc(rd.text(target, "source")), Field::kNoteText, "source");
  }
  if (!target.contains("selector")) return;
  const input_json& selectors = target["selector"];
  for (const input_json& s : selectors.is_array() ? selectors : input_json::array({selectors})) {
    // A region of an image (Mirador, Recogito on IIIF): xywh=, in pixels.
    if (s.is_object() && string_at(s, "type") == "FragmentSelector" && string_at(s, "value").rfind("xywh=", 0) == 0) {
      std::string v = string_at(s, "value").substr(5);
      if (v.rfind("pixel:", 0) == 0) v = v.substr(6);
      try {
        rec.note.region = parse_region(v).text();
      } catch (const UsageError& e) {
        rd.fail(std::string("has a region that is not X,Y,W,H: ") + e.what());
      }
      rec.note.target = NoteTarget::kPassage;
      return;
    }
    if (!s.is_object() || string_at(s, "type") != "TextQuoteSelector") continue;
    rec.note.target = NoteTarget::kSpan;
    rec.note.exact = rd.sound(to_nfc(rd.text(s, "exact")), Field::kQuote, "exact");
    rec.note.prefix = rd.sound(to_nfc(rd.text(s, "prefix", false)), Field::kQuote, "prefix");
    rec.note.suffix = rd.sound(to_nfc(rd.text(s, "suffix", false)), Field::kQuote, "suffix");
    if (rec.note.exact.empty()) rd.fail("has a TextQuoteSelector with an empty exact");
    return;
  }
}

// A row of Hypothesis's API export ({"rows": [...]}) as the W3C Annotation
// it stands for: "text" is the body, "tags" its tagging bodies, "user"
// (acct:name@host) the creator, the first of "target" the target.
input_json from_hypothesis(const Reader& rd, const input_json& row) {
  input_json a = input_json::object();
  a["id"] = "https://hypothes.is/a/" + rd.text(row, "id");
  if (row.contains("created")) a["created"] = row["created"];
  if (row.contains("updated")) a["modified"] = row["updated"];
  std::string user = rd.text(row, "user", false);
  if (user.rfind("acct:", 0) == 0) user = user.substr(5);
  if (!user.empty()) a["creator"] = user;
  input_json body = input_json::array();
  if (const std::string text = rd.text(row, "text", false); !text.empty()) {
    body.push_back({{"type", "TextualBody"}, {"value", text}, {"format", "text/markdown"}});
  }
  if (row.contains("tags") && row["tags"].is_array()) {
    for (const input_json& t : row["tags"]) {
      if (t.is_string()) body.push_back({{"type", "TextualBody"}, {"purpose", "tagging"}, {"value", t}});
    }
  }
  a["body"] = std::move(body);
  a["motivation"] = "commenting";
  const input_json targets = row.contains("target") ? row["target"] : input_json::array();
  if (targets.is_array() && !targets.empty()) a["target"] = targets.front();
  else a["target"] = rd.text(row, "uri");
  return a;
}

detail::NoteRecord read_annotation(const Reader& rd, const input_json& a) {
  if (!a.is_object()) rd.fail("is not an object");
  detail::NoteRecord rec;
  Note& n = rec.note;
  const std::string id = rd.text(a, "id");
  n.uuid = id.rfind("urn:uuid:", 0) == 0 ? rd.uuid(id, "id") : detail::uuid_from_name("jiaozhu w3c note\x1f" + id);
  n.created_at = rd.field(a, "created", Field::kTimestamp, false);
  if (n.created_at.empty()) n.created_at = kUnknownTime;
  // Read again from the history when there is one, but checked either way:
  // a file with a field of the wrong type is refused, not half read.
  rd.field(a, "modified", Field::kTimestamp, false);
  rd.flag(a, "jz:deleted");
  if (!a.contains("target")) rd.fail("has no target");
  const input_json& target = a["target"];
  std::string kind = rd.text(a, "jz:target", false);
  if (kind.empty()) kind = target.is_string() ? "" : "passage";
  if (target.is_string() && kind.empty() && !is_uuid_any_case(from_urn(target.get<std::string>()))) {
    // A whole web page or file: an external source without a quote.
    rec.external_source = rd.sound(to_nfc(target.get<std::string>()), Field::kNoteText, "target");
    return finish_annotation(rd, a, rec);
  }
  if (target.is_string()) {
    if (kind != "link" && kind != "variant" && kind != "character") rd.fail("has a target jiaozhu cannot place");
    n.target = detail::parse_note_target(kind);
    n.target_uuid = rd.uuid(target.get<std::string>(), "target");
    if (n.target == NoteTarget::kVariant && a.contains("jz:variantLink")) {
      n.target_link_uuid = rd.uuid(rd.text(a, "jz:variantLink"), "jz:variantLink");
    }
  } else {
    if (!target.is_object()) rd.fail("has a target that is neither a string nor an object");
    n.target = NoteTarget::kPassage;
    if (target.contains("jz:page")) {
      read_region_target(rd, target, rec);
      return finish_annotation(rd, a, rec);
    }
    if (target.contains("source") && target["source"].is_object()) {  // another tool's image
      read_external_target(rd, target, rec);
      return finish_annotation(rd, a, rec);
    }
    std::string source = rd.text(target, "source");
    if (const auto passage = parse_passage_urn(source)) {
      // A passage URN: the passage is the source, the selectors count in it.
      rec.passage_seq = passage->second;
      source = passage->first;
    }
    if (!is_uuid_any_case(from_urn(source))) {
      read_external_target(rd, target, rec);
      return finish_annotation(rd, a, rec);
    }
    n.edition_uuid = rd.uuid(source, "source");
    n.address = rd.text(target, "jz:address", false);
    if (n.address.empty()) n.address = n.edition_uuid;
    if (!target.contains("selector") && rec.passage_seq == 0) rd.fail("has a target without a selector");
    if (target.contains("selector")) read_selectors(rd, target["selector"], rec);
    if (rec.passage_seq == 0) rd.fail("has no FragmentSelector naming its passage");
    if (n.target == NoteTarget::kSpan && n.end == n.start) n.end = n.start + static_cast<int64_t>(code_points(n.exact));
    if (const std::string field = rd.text(target, "jz:field", false); !field.empty()) {
      if (n.target != NoteTarget::kSpan || (field != "title" && field != "author")) {
        rd.fail("has a jz:field other than title or author, or on a target without a quote");
      }
      n.field = parse_variant_field(field);
    }
  }
  return finish_annotation(rd, a, rec);
}

// Reads the annotations of a W3C document while it is parsed, so that each
// is turned into a NoteRecord and its JSON freed at once: a file of 100,000
// notes then needs the records' memory, not ten times the file's. An
// annotation is an object directly inside the top-level list, an
// AnnotationPage's "items" or an AnnotationCollection's "first"."items".
class AnnotationStream {
 public:
  explicit AnnotationStream(const std::string& file) : rd_{file} {}

  bool on_event(int depth, nlohmann::json::parse_event_t event, input_json& parsed) {
    using E = nlohmann::json::parse_event_t;
    switch (event) {
      case E::key:
        key_ = parsed.get<std::string>();
        return true;
      case E::object_start:
      case E::array_start:
        if (depth >= kMaxDepth) {
          throw InputError(rd_.file + " nests objects deeper than " + std::to_string(kMaxDepth) +
                           " levels; no annotation needs that");
        }
        path_.resize(static_cast<std::size_t>(depth));
        path_.push_back(path_.empty() || in_array_.back() ? "" : key_);
        in_array_.push_back(event == E::array_start);
        return true;
      case E::object_end:
      case E::array_end:
        path_.pop_back();
        in_array_.pop_back();
        if (event == E::object_end && is_annotation_place()) {
          ++rd_.index;
          records_.push_back(read_checked(parsed));
          return false;  // drop the JSON, keep the record
        }
        if (event == E::object_end && path_.empty() && is_single_annotation(parsed)) {
          ++rd_.index;
          records_.push_back(read_checked(parsed));
          single_ = true;
        }
        return true;
      default:
        return true;
    }
  }

  std::vector<detail::NoteRecord> take(const input_json& doc) {
    const bool shaped = single_ || doc.is_array() ||
                        (doc.is_object() && (doc.contains("items") || doc.contains("first") || doc.contains("rows")));
    if (!shaped) {
      throw InputError(rd_.file +
                       " is neither an Annotation, an AnnotationCollection, an AnnotationPage, a list of Annotations nor "
                       "Hypothesis's export ({\"rows\": [...]})");
    }
    return std::move(records_);
  }

 private:
  detail::NoteRecord read_checked(const input_json& a) {
    try {
      // A Hypothesis row has a "user" and no "type"; a W3C Annotation a "type".
      if (a.is_object() && a.contains("user") && !a.contains("type")) return read_annotation(rd_, from_hypothesis(rd_, a));
      return read_annotation(rd_, a);
    } catch (const nlohmann::json::exception&) {
      rd_.fail("has a field of the wrong JSON type");
    }
  }

  // The whole document is one Annotation: its "type" is, or lists, it.
  static bool is_single_annotation(const input_json& o) {
    if (!o.is_object() || !o.contains("type")) return false;
    const input_json& type = o["type"];
    if (type.is_string()) return type.get<std::string>() == "Annotation";
    return type.is_array() && std::any_of(type.begin(), type.end(), [](const input_json& t) {
             return t.is_string() && t.get<std::string>() == "Annotation";
           });
  }

  // Called after the object's own entry is popped: path_ names its ancestors.
  bool is_annotation_place() const {
    if (path_.empty() || !in_array_.back()) return false;
    if (path_.size() == 1) return true;  // [ {annotation}, ... ]
    if (path_.size() == 2) return (path_[1] == "items" || path_[1] == "rows") && !in_array_[0];
    return path_.size() == 3 && path_[1] == "first" && path_[2] == "items" && !in_array_[0] && !in_array_[1];
  }

  Reader rd_;
  std::string key_;
  std::vector<std::string> path_;  // per open container: the key it sits under ("" in a list or at the top)
  std::vector<bool> in_array_;     // per open container: whether it is a list
  std::vector<detail::NoteRecord> records_;
  bool single_ = false;  // the document was one Annotation
};

}  // namespace

std::vector<NoteRecord> read_w3c(const std::filesystem::path& file) {
  const std::string name = file.string();
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) throw InputError(name + " is a directory, not a notes file");
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) throw InputError("cannot read " + name + ": " + ec.message());
  if (size > kMaxNotesFile) throw InputError(name + " is larger than 1 GiB");
  std::string bytes(size, '\0');
  std::ifstream in(file, std::ios::binary);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) throw InputError("cannot read " + name);
  AnnotationStream stream(name);
  const input_json doc = input_json::parse(
      bytes, [&](int depth, input_json::parse_event_t event, input_json& parsed) { return stream.on_event(depth, event, parsed); },
      false);
  if (doc.is_discarded()) throw InputError(name + " is not valid JSON");
  return stream.take(doc);
}

}  // namespace jiaozhu::detail
