// The apparatus as JSON: the names scripts rely on (base, witnesses,
// entries with n, id (the place's, for `decide`), passage, field (text,
// title, author), start, end, lemma, lemma_witnesses, readings with text,
// witnesses and class, and the decision holding there), written an entry
// at a time. `recorded` counts the entries not omitted (不出校), `undecided`
// those still to decide.
#include <nlohmann/json.hpp>

#include "jiaozhu/apparatus.h"
#include "jiaozhu/script.h"

namespace jiaozhu {
namespace {

using Json = nlohmann::ordered_json;

// What holds at the place: the editor's decision or the policy's, null
// while undecided.
Json decision_json(const ApparatusEntry& e) {
  if (!e.action()) return nullptr;
  if (!e.decision) {
    return {{"action", to_string(e.policy->action)}, {"by", "policy"}, {"policy", e.policy->uuid},
            {"policy_zh", policy_sentence(*e.policy)}};
  }
  const Decision& d = *e.decision;
  Json out = {{"action", to_string(*d.action)}, {"by", "editor"}, {"uuid", d.uuid}};
  if (d.reading) out["reading"] = *d.reading;
  if (!d.witness_uuid.empty()) out["witness"] = d.witness;
  if (!d.reason.empty()) out["reason"] = d.reason;
  if (!d.note.empty()) out["note"] = d.note;
  out["author"] = d.author;
  out["made_at"] = d.made_at;
  out["conflict"] = e.in_conflict;
  return out;
}

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
  Json entry = {{"n", e.number}, {"id", e.id}, {"passage", p.address}, {"field", to_string(e.field)}, {"start", e.start},
                {"end", e.end},          {"lemma", e.lemma},     {"lemma_witnesses", e.lemma_witnesses},
                {"readings", readings}};
  entry["decision"] = decision_json(e);
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
  Json policies = Json::array();
  for (const Policy& p : a.policies) {
    policies.push_back({{"id", p.uuid}, {"action", to_string(p.action)}, {"class", to_string(p.variant_class)},
                        {"witness", p.witness_uuid.empty() ? Json(nullptr) : Json(p.witness)}, {"zh", policy_sentence(p)}});
  }
  return {{"base", a.base.siglum}, {"work", a.base.work}, {"witnesses", witnesses}, {"editions", editions},
          {"classes", classes}, {"total", a.entries}, {"recorded", a.recorded()}, {"undecided", a.undecided},
          {"policies", policies}};
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
