#include "jiaozhu/note_exchange.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"
#include "notes/note_store.h"
#include "util/sha256.h"

namespace jiaozhu {
namespace {

// Written documents keep their keys in the order a reader expects; read
// documents use the unordered type, whose parser is several times faster
// (ordered_json looks keys up linearly).
using json = nlohmann::ordered_json;
using input_json = nlohmann::json;

constexpr const char* kAnnoContext = "http://www.w3.org/ns/anno.jsonld";
constexpr const char* kJzNamespace = "https://jiaozhu.org/ns/annotation#";
constexpr std::uintmax_t kMaxNotesFile = 1ull << 30;

std::string urn(const std::string& uuid) { return "urn:uuid:" + uuid; }

std::string from_urn(const std::string& id) {
  return id.rfind("urn:uuid:", 0) == 0 ? id.substr(9) : id;
}

// "Name <mail>" becomes a foaf Person with name and mailto; any other
// author string is the name alone. person_text() reverses it exactly.
json person(const std::string& author) {
  static const std::regex with_mail(R"(^(.*) <([^<>]*)>$)");
  std::smatch m;
  if (std::regex_match(author, m, with_mail)) {
    return {{"type", "Person"}, {"name", m[1].str()}, {"email", "mailto:" + m[2].str()}};
  }
  return {{"type", "Person"}, {"name", author}};
}

std::string person_text(const input_json& p) {
  if (p.is_string()) return p.get<std::string>();
  if (!p.is_object()) return {};
  std::string name = p.value("name", p.value("nickname", ""));
  if (p.contains("email") && p["email"].is_string()) {
    std::string mail = p["email"].get<std::string>();
    if (mail.rfind("mailto:", 0) == 0) mail = mail.substr(7);
    return name + " <" + mail + ">";
  }
  return name;
}

json bodies(const NoteRevision& r) {
  json out = json::array();
  if (!r.body.empty()) {
    out.push_back({{"type", "TextualBody"}, {"value", r.body}, {"format", "text/plain"}, {"purpose", r.motivation}});
  }
  for (const std::string& t : r.tags) out.push_back({{"type", "TextualBody"}, {"value", t}, {"purpose", "tagging"}});
  return out;
}

json revision_json(const NoteRevision& r) {
  json parents = json::array();
  for (const std::string& p : r.parents) parents.push_back(urn(p));
  return {{"id", urn(r.uuid)}, {"jz:parents", parents}, {"creator", person(r.author)}, {"created", r.created_at},
          {"motivation", r.motivation}, {"jz:body", r.body}, {"jz:tags", r.tags}, {"jz:deleted", r.deleted}};
}

json target_json(const detail::NoteRecord& rec) {
  const Note& n = rec.note;
  if (n.target == NoteTarget::kLink || n.target == NoteTarget::kVariant || n.target == NoteTarget::kCharacter) {
    return urn(n.target_uuid);
  }
  const std::string fragment = "passage=" + std::to_string(rec.passage_seq);
  json target = {{"source", urn(n.edition_uuid)}, {"jz:address", n.address}};
  if (n.target == NoteTarget::kPassage) {
    target["selector"] = {{"type", "FragmentSelector"}, {"value", fragment}};
    return target;
  }
  target["selector"] = json::array(
      {{{"type", "FragmentSelector"}, {"value", fragment},
        {"refinedBy", {{"type", "TextQuoteSelector"}, {"exact", n.exact}, {"prefix", n.prefix}, {"suffix", n.suffix}}}},
       {{"type", "FragmentSelector"}, {"value", fragment},
        {"refinedBy", {{"type", "TextPositionSelector"}, {"start", n.start}, {"end", n.end}}}}});
  return target;
}

json annotation_json(const detail::NoteRecord& rec, const std::vector<NoteRevision>& heads) {
  const NoteRevision& current = *std::max_element(heads.begin(), heads.end(), [](const auto& a, const auto& b) {
    return std::tie(a.created_at, a.uuid) < std::tie(b.created_at, b.uuid);
  });
  json revisions = json::array();
  for (const NoteRevision& r : rec.revisions) revisions.push_back(revision_json(r));
  json annotation = {{"id", urn(rec.note.uuid)},
          {"type", "Annotation"},
          {"motivation", current.motivation},
          {"created", rec.note.created_at},
          {"modified", current.created_at},
          {"creator", person(rec.revisions.front().author)},
          {"body", bodies(current)},
          {"target", target_json(rec)},
          {"jz:target", std::string(to_string(rec.note.target))},
          {"jz:deleted", current.deleted},
          {"jz:orphaned", rec.note.orphaned},
          {"jz:conflict", heads.size() > 1},
          {"jz:revisions", revisions}};
  // Where a variant is looked for (see note.target_link_uuid in the schema).
  if (!rec.note.target_link_uuid.empty()) annotation["jz:variantLink"] = urn(rec.note.target_link_uuid);
  return annotation;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void export_csv(detail::NoteStore& store, std::ostream& out) {
  out << "id,target,address,start,end,quote,motivation,tags,author,created,modified,state,body\r\n";
  for (int64_t id : store.all_ids()) {
    detail::NoteRecord rec = store.read(id);
    const auto heads = store.heads(id);
    const auto history = store.revisions(id);
    const NoteRevision& c = *std::max_element(heads.begin(), heads.end(), [](const auto& a, const auto& b) {
      return std::tie(a.created_at, a.uuid) < std::tie(b.created_at, b.uuid);
    });
    std::string tags;
    for (const std::string& t : c.tags) tags += (tags.empty() ? "" : ";") + t;
    const std::string state = heads.size() > 1 ? "conflict" : c.deleted ? "removed" : rec.note.orphaned ? "orphaned" : "live";
    const bool span = rec.note.target == NoteTarget::kSpan;
    const std::vector<std::string> row{rec.note.uuid, std::string(to_string(rec.note.target)),
                                       rec.note.address.empty() ? rec.note.target_uuid : rec.note.address,
                                       span ? std::to_string(rec.note.start) : "", span ? std::to_string(rec.note.end) : "",
                                       rec.note.exact, c.motivation, tags, history.front().author,
                                       rec.note.created_at, c.created_at, state, c.body};
    for (std::size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << csv_field(row[i]);
    out << "\r\n";
  }
}

// ---- reading W3C ----

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

NoteRevision read_revision(const Reader& rd, const input_json& r) {
  NoteRevision out;
  out.uuid = from_urn(rd.text(r, "id"));
  if (r.contains("jz:parents")) {
    if (!r["jz:parents"].is_array()) rd.fail("has jz:parents that is not a list");
    for (const input_json& p : r["jz:parents"]) {
      if (!p.is_string()) rd.fail("has a parent that is not a string");
      out.parents.push_back(from_urn(p.get<std::string>()));
    }
  }
  out.author = person_text(r.value("creator", input_json()));
  out.created_at = rd.text(r, "created");
  out.motivation = rd.text(r, "motivation");
  out.body = to_nfc(rd.text(r, "jz:body", false));
  if (r.contains("jz:tags") && r["jz:tags"].is_array()) {
    for (const input_json& t : r["jz:tags"]) {
      if (t.is_string()) out.tags.push_back(to_nfc(t.get<std::string>()));
    }
  }
  out.deleted = r.value("jz:deleted", false);
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
  r.author = person_text(a.value("creator", input_json()));
  if (r.author.empty()) r.author = "unknown";
  r.created_at = a.value("modified", a.value("created", std::string("1970-01-01T00:00:00.000Z")));
  r.motivation = a.value("motivation", std::string(kDefaultMotivation));
  try {
    check_motivation(r.motivation);
  } catch (const UsageError&) {
    r.motivation = kDefaultMotivation;
  }
  const input_json body = a.value("body", input_json::array());
  for (const input_json& b : body.is_array() ? body : input_json::array({body})) {
    if (b.is_string()) r.body += b.get<std::string>();
    if (!b.is_object()) continue;
    if (b.value("purpose", "") == "tagging") r.tags.push_back(to_nfc(rd.text(b, "value")));
    else r.body += to_nfc(rd.text(b, "value", false));
  }
  return r;
}

detail::NoteRecord read_annotation(const Reader& rd, const input_json& a) {
  if (!a.is_object()) rd.fail("is not an object");
  detail::NoteRecord rec;
  Note& n = rec.note;
  const std::string id = rd.text(a, "id");
  n.uuid = id.rfind("urn:uuid:", 0) == 0 ? from_urn(id) : detail::uuid_from_name("jiaozhu w3c note\x1f" + id);
  n.created_at = a.value("created", std::string("1970-01-01T00:00:00.000Z"));
  if (!a.contains("target")) rd.fail("has no target");
  const input_json& target = a["target"];
  const std::string kind = a.value("jz:target", std::string(target.is_string() ? "" : "passage"));
  if (target.is_string()) {
    if (kind != "link" && kind != "variant" && kind != "character") rd.fail("has a target jiaozhu cannot place");
    n.target = detail::parse_note_target(kind);
    n.target_uuid = from_urn(target.get<std::string>());
    if (n.target == NoteTarget::kVariant && a.contains("jz:variantLink")) {
      n.target_link_uuid = from_urn(rd.text(a, "jz:variantLink"));
    }
  } else {
    n.target = NoteTarget::kPassage;
    n.edition_uuid = from_urn(rd.text(target, "source"));
    n.address = target.value("jz:address", n.edition_uuid);
    if (!target.contains("selector")) rd.fail("has a target without a selector");
    read_selectors(rd, target["selector"], rec);
    if (rec.passage_seq == 0) rd.fail("has no FragmentSelector naming its passage");
    if (n.target == NoteTarget::kSpan && n.end == n.start) n.end = n.start + static_cast<int64_t>(code_points(n.exact));
  }
  if (a.contains("jz:revisions") && a["jz:revisions"].is_array() && !a["jz:revisions"].empty()) {
    for (const input_json& r : a["jz:revisions"]) rec.revisions.push_back(read_revision(rd, r));
  } else {
    rec.revisions.push_back(single_revision(rd, a, n.uuid));
  }
  return rec;
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
          records_.push_back(read_annotation(rd_, parsed));
          return false;  // drop the JSON, keep the record
        }
        return true;
      default:
        return true;
    }
  }

  std::vector<detail::NoteRecord> take(const input_json& doc) {
    const bool shaped = doc.is_array() || (doc.is_object() && (doc.contains("items") || doc.contains("first")));
    if (!shaped) {
      throw InputError(rd_.file + " is neither an AnnotationCollection, an AnnotationPage nor a list of Annotations");
    }
    return std::move(records_);
  }

 private:
  // Called after the object's own entry is popped: path_ names its ancestors.
  bool is_annotation_place() const {
    if (path_.empty() || !in_array_.back()) return false;
    if (path_.size() == 1) return true;  // [ {annotation}, ... ]
    if (path_.size() == 2) return path_[1] == "items" && !in_array_[0];
    return path_.size() == 3 && path_[1] == "first" && path_[2] == "items" && !in_array_[0] && !in_array_[1];
  }

  Reader rd_;
  std::string key_;
  std::vector<std::string> path_;  // per open container: the key it sits under ("" in a list or at the top)
  std::vector<bool> in_array_;     // per open container: whether it is a list
  std::vector<detail::NoteRecord> records_;
};

}  // namespace

NoteFormat parse_note_format(std::string_view name) {
  if (name == "w3c") return NoteFormat::kW3c;
  if (name == "csv") return NoteFormat::kCsv;
  throw UsageError("unknown notes format '" + std::string(name) + "' (use w3c or csv)");
}

void export_notes(Database& db, NoteFormat format, std::ostream& out) {
  detail::NoteStore store(db);
  if (format == NoteFormat::kCsv) {
    export_csv(store, out);
    return;
  }
  json items = json::array();
  for (int64_t id : store.all_ids()) {
    detail::NoteRecord rec = store.read(id);
    rec.revisions = store.revisions(id);
    items.push_back(annotation_json(rec, store.heads(id)));
  }
  const json doc = {{"@context", json::array({kAnnoContext, {{"jz", kJzNamespace}}})},
                    {"type", "AnnotationCollection"},
                    {"label", "jiaozhu notes of " + db.path().filename().string()},
                    {"total", items.size()},
                    {"first", {{"type", "AnnotationPage"}, {"startIndex", 0}, {"items", items}}}};
  out << doc.dump(2) << '\n';
}

NotesImportReport import_notes(Database& db, const std::filesystem::path& file) {
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
  NotesImportReport report;
  const std::vector<detail::NoteRecord> records = stream.take(doc);
  report.annotations = static_cast<int64_t>(records.size());
  db.write([&] {
    detail::NoteStore store(db);
    store.defer_indexing();
    for (const detail::NoteRecord& rec : records) {
      const detail::AbsorbResult r = store.absorb(rec);
      report.notes_added += r.note_added ? 1 : 0;
      report.revisions_added += r.revisions_added;
    }
    store.finish_indexing();
    store.link_variant_notes();
  });
  return report;
}

}  // namespace jiaozhu
