// The apparatus as JSON: the names scripts rely on (base, witnesses,
// entries with passage, field (text, title, author), start, end, lemma, lemma_witnesses and readings with
// text, witnesses and class), written an entry at a time.
#include <nlohmann/json.hpp>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/script.h"

namespace jiaozhu {
namespace {

using Json = nlohmann::ordered_json;

Json entry_json(const ApparatusPassage& p, const ApparatusEntry& e) {
  Json readings = Json::array();
  for (const ApparatusReading& r : e.readings) {
    Json reading = {{"text", r.text}, {"witnesses", r.witnesses}, {"class", to_string(r.variant_class)},
                    {"type", to_string(r.kind)}, {"kind", nullptr}, {"kind_zh", nullptr}};
    if (r.cause) {
      reading["kind"] = to_string(*r.cause);
      reading["kind_zh"] = chinese_name(*r.cause);
      reading["kind_evidence"] = r.cause_evidence;
    }
    readings.push_back(std::move(reading));
  }
  Json entry = {{"n", e.number},         {"passage", p.address}, {"field", to_string(e.field)}, {"start", e.start},
                {"end", e.end},          {"lemma", e.lemma},     {"lemma_witnesses", e.lemma_witnesses},
                {"readings", readings}};
  // Where the place stands in the base's structure, when its source gave one.
  if (!p.section.empty()) entry["section"] = p.section;
  if (p.page) entry["page"] = *p.page;
  if (p.line) entry["line"] = *p.line;
  return entry;
}

Json edition_json(const Edition& e) {
  return {{"siglum", e.siglum}, {"title", e.title}, {"script", to_string(e.script)}};
}

Json header_json(const Apparatus& a) {
  Json witnesses = Json::array(), editions = Json::array({edition_json(a.base)}), classes = Json::array();
  for (const Edition& w : a.witnesses) {
    witnesses.push_back(w.siglum);
    editions.push_back(edition_json(w));
  }
  for (VariantClass c : a.classes) classes.push_back(to_string(c));
  return {{"base", a.base.siglum}, {"work", a.base.work}, {"witnesses", witnesses}, {"editions", editions},
          {"classes", classes}, {"total", a.entries}};
}

}  // namespace

void write_apparatus_json(const Apparatus& a, std::ostream& out) {
  const std::string header = header_json(a).dump(2);
  out << header.substr(0, header.size() - 2) << ",\n  \"entries\": [";  // the object left open
  bool first = true;
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusEntry& e : p.entries) {
      out << (first ? "\n    " : ",\n    ") << entry_json(p, e).dump();
      first = false;
    }
  }
  out << (first ? "],\n" : "\n  ],\n");
  Json notes = Json::array(), persons = Json::array();
  for (const ApparatusPerson& person : a.persons) {
    persons.push_back({{"uuid", person.uuid}, {"name", person.name}, {"aliases", person.aliases}, {"mentions", Json::array()}});
  }
  for (const ApparatusPassage& p : a.passages) {
    for (const ApparatusNote& n : p.notes) {
      notes.push_back({{"uuid", n.uuid}, {"passage", p.address}, {"field", to_string(n.field)}, {"start", n.start},
                       {"end", n.end}, {"quote", n.quote}, {"body", n.body},
                       {"author", n.author}, {"tags", n.tags}});
    }
    for (const ApparatusMention& m : p.mentions) {
      persons[m.person]["mentions"].push_back({{"passage", p.address}, {"start", m.start}, {"end", m.end}});
    }
  }
  out << "  \"notes\": " << notes.dump() << ",\n  \"persons\": " << persons.dump() << "\n}\n";
}

}  // namespace jiaozhu
