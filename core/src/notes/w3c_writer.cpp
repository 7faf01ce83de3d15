#include "notes/w3c_writer.h"

#include <algorithm>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "facsimile/page_images.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/json_list.h"
#include "jiaozhu/notes.h"
#include "notes/note_store.h"
#include "notes/w3c_vocabulary.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

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

json bodies(const NoteRevision& r) {
  json out = json::array();
  if (!r.body.empty()) {
    out.push_back({{"type", "TextualBody"}, {"value", r.body}, {"format", "text/plain"}, {"purpose", w3c_motivation(r.motivation)}});
  }
  for (const std::string& t : r.tags) out.push_back({{"type", "TextualBody"}, {"value", t}, {"purpose", "tagging"}});
  return out;
}

json revision_json(const NoteRevision& r) {
  json parents = json::array();
  for (const std::string& p : r.parents) parents.push_back(urn(p));
  json out = {{"id", urn(r.uuid)}, {"jz:parents", parents}, {"creator", person(r.author)}, {"created", r.created_at},
              {"motivation", r.motivation}, {"jz:body", r.body}, {"jz:tags", r.tags}, {"jz:deleted", r.deleted}};
  if (!r.moved_to.empty()) out["jz:movedTo"] = r.moved_to;
  return out;
}

// The image a region note is on: the IIIF canvas where there is one (what
// IIIF viewers annotate), else the image's URL, else the page's own id
// (a file of a folder that is each machine's).
json region_source(Database& db, const Note& n) {
  std::optional<ShownImage> shown;
  try {
    shown = FacsimileRepository(db).image_of(n.address.substr(0, n.address.find(':')), n.region_page);
  } catch (const NotFound&) {
  }
  if (shown && !shown->image.canvas.empty()) return {{"id", shown->image.canvas}, {"type", "Canvas"}};
  if (shown && !shown->image.url.empty()) return {{"id", shown->image.url}, {"type", "Image"}};
  return {{"id", urn(detail::page_uuid(n.edition_uuid, n.region_page))}, {"type", "Image"}};
}

// A note on a region of a page image: the region is the target, as IIIF
// viewers annotate; the passage is its scope.
json region_target(Database& db, const detail::NoteRecord& rec) {
  const Note& n = rec.note;
  return {{"type", "SpecificResource"},
          {"source", region_source(db, n)},
          {"scope", detail::passage_urn(n.edition_uuid, rec.passage_seq)},
          {"jz:address", n.address},
          {"jz:page", n.region_page},
          {"selector", {{"type", "FragmentSelector"}, {"conformsTo", kMediaFragments}, {"value", "xywh=" + n.region}}}};
}

json target_json(Database& db, const detail::NoteRecord& rec) {
  const Note& n = rec.note;
  if (!n.region.empty()) return region_target(db, rec);
  if (n.target == NoteTarget::kLink || n.target == NoteTarget::kVariant || n.target == NoteTarget::kPerson) {
    return urn(n.target_uuid);
  }
  // The passage is the source: its text is what the selectors count in,
  // and the edition, its scope, is what a client groups the notes by.
  json target = {{"source", detail::passage_urn(n.edition_uuid, rec.passage_seq)},
                 {"scope", urn(n.edition_uuid)},
                 {"jz:address", n.address}};
  if (n.target == NoteTarget::kPassage) return target;
  // The selectors count in the passage's title or author line, not its text.
  if (n.field != VariantField::kText) target["jz:field"] = std::string(to_string(n.field));
  target["selector"] = json::array({{{"type", "TextQuoteSelector"}, {"exact", n.exact}, {"prefix", n.prefix}, {"suffix", n.suffix}},
                                    {{"type", "TextPositionSelector"}, {"start", n.start}, {"end", n.end}}});
  return target;
}

json annotation_json(Database& db, const detail::NoteRecord& rec, const std::vector<NoteRevision>& heads) {
  const NoteRevision& current = detail::newest_head(heads);
  json revisions = json::array();
  for (const NoteRevision& r : rec.revisions) revisions.push_back(revision_json(r));
  json annotation = {{"id", urn(rec.note.uuid)},
          {"type", "Annotation"},
          {"motivation", w3c_motivation(current.motivation)},
          {"created", rec.note.created_at},
          {"modified", current.created_at},
          {"creator", person(rec.revisions.front().author)},
          {"body", bodies(current)},
          {"target", target_json(db, rec)},
          {"jz:target", std::string(to_string(rec.note.target))},
          {"jz:deleted", current.deleted},
          {"jz:orphaned", rec.note.orphaned},
          {"jz:conflict", heads.size() > 1},
          {"jz:revisions", revisions}};
  // Where a variant is looked for (see note.target_link_uuid in the schema).
  if (!rec.note.target_link_uuid.empty()) annotation["jz:variantLink"] = urn(rec.note.target_link_uuid);
  // The precise word where the W3C vocabulary has only a broader one.
  if (w3c_motivation(current.motivation) != current.motivation) annotation["jz:motivation"] = current.motivation;
  return annotation;
}

// The collection's id: the same notes of one file exported twice get the
// same id; the page is the collection's one page.
std::string collection_id(Database& db, const std::vector<int64_t>& ids) {
  std::string name = "jiaozhu notes\n" + db.path().filename().string();
  for (int64_t id : ids) name += "\n" + std::to_string(id);
  return urn(uuid_from_name(name));
}

}  // namespace

void write_w3c(Database& db, NoteStore& store, bool include_removed, std::ostream& out) {
  const std::vector<int64_t> ids = store.ids(include_removed);
  const std::string collection = collection_id(db, ids);
  const json head = {{"@context", json::array({kAnnoContext, {{"jz", kJzNamespace}}})},
                     {"id", collection},
                     {"type", "AnnotationCollection"},
                     {"label", "jiaozhu notes of " + db.path().filename().string()},
                     {"total", ids.size()},
                     {"first", {{"id", collection + "#page-1"}, {"type", "AnnotationPage"}, {"partOf", collection}, {"startIndex", 0},
                                {"items", json::array()}}}};
  JsonListWriter items(out, head.dump(2), 2);
  for (int64_t id : ids) {
    NoteRecord rec = store.read(id);
    rec.revisions = store.revisions(id);
    items.add(annotation_json(db, rec, store.heads(id)).dump(2));
  }
  items.finish();
}

}  // namespace jiaozhu::detail
