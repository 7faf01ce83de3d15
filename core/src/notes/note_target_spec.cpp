#include "notes/note_target_spec.h"

#include <nlohmann/json.hpp>

#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/field.h"

namespace jiaozhu::detail {
namespace {

using spec_json = nlohmann::ordered_json;

std::string text(const spec_json& doc, const char* key, Field field) {
  if (!doc.contains(key) || !doc[key].is_string()) throw InputError(std::string("a note move names no ") + key);
  std::string value = doc[key].get<std::string>();
  if (auto fault = field_fault(field, value)) throw InputError(std::string("a note move's ") + key + " " + *fault);
  return value;
}

int64_t number(const spec_json& doc, const char* key, int64_t least) {
  if (!doc.contains(key) || !doc[key].is_number_integer() || doc[key].get<int64_t>() < least) {
    throw InputError(std::string("a note move's ") + key + " is not a number from " + std::to_string(least));
  }
  return doc[key].get<int64_t>();
}

}  // namespace

std::string target_spec(const NoteRecord& r) {
  const Note& n = r.note;
  spec_json doc = {{"target", std::string(to_string(n.target))}};
  if (n.target == NoteTarget::kSpan || n.target == NoteTarget::kPassage) {
    doc["edition"] = n.edition_uuid;
    doc["seq"] = r.passage_seq;
    if (n.target == NoteTarget::kSpan) {
      doc["start"] = n.start;
      doc["end"] = n.end;
      doc["prefix"] = n.prefix;
      doc["suffix"] = n.suffix;
      // Absent for the text: every move made before titles could be noted reads the same.
      if (n.field != VariantField::kText) doc["field"] = std::string(to_string(n.field));
    }
    doc["exact"] = n.exact;  // a span's quote, a passage's opening
    if (!n.region.empty()) {  // absent for a note on no image: moves made before page images read the same
      doc["region_page"] = n.region_page;
      doc["region"] = n.region;
    }
    return doc.dump();
  }
  doc["uuid"] = n.target_uuid;
  if (n.target == NoteTarget::kVariant) doc["link"] = n.target_link_uuid;
  return doc.dump();
}

NoteRecord parse_target_spec(std::string_view spec) {
  const spec_json doc = spec_json::parse(spec, nullptr, false);
  if (!doc.is_object()) throw InputError("a note move is not a JSON object");
  NoteRecord r;
  Note& n = r.note;
  n.target = parse_note_target(text(doc, "target", Field::kMotivation));
  if (n.target == NoteTarget::kSpan || n.target == NoteTarget::kPassage) {
    n.edition_uuid = text(doc, "edition", Field::kUuid);
    r.passage_seq = number(doc, "seq", 1);
    n.exact = text(doc, "exact", Field::kQuote);
    if (n.target == NoteTarget::kSpan) {
      n.start = number(doc, "start", 0);
      n.end = number(doc, "end", n.start);
      n.prefix = text(doc, "prefix", Field::kQuote);
      n.suffix = text(doc, "suffix", Field::kQuote);
      if (n.exact.empty()) throw InputError("a note move to a span has no quote");
      if (doc.contains("field")) {
        const std::string field = text(doc, "field", Field::kMotivation);
        if (field != "title" && field != "author") throw InputError("a note move's field is not title or author");
        n.field = parse_variant_field(field);
      }
    }
    if (doc.contains("region") || doc.contains("region_page")) {
      if (n.target != NoteTarget::kPassage) throw InputError("a note move puts a region on words, not on a passage");
      n.region_page = text(doc, "region_page", Field::kPassageLabel);
      try {
        n.region = parse_region(text(doc, "region", Field::kReference)).text();
      } catch (const UsageError& e) {
        throw InputError(std::string("a note move's region: ") + e.what());
      }
    }
    return r;
  }
  n.target_uuid = text(doc, "uuid", Field::kUuid);
  if (n.target == NoteTarget::kVariant) n.target_link_uuid = text(doc, "link", Field::kUuid);
  return r;
}

}  // namespace jiaozhu::detail
