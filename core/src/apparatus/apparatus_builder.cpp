// The apparatus from the pairwise collation: each witness's variants against
// the base, gathered per base passage, overlapping places joined into one
// entry, each witness's reading of it rebuilt from its variants there.
#include "jiaozhu/apparatus.h"
#include "jiaozhu/facsimile.h"
#include "apparatus/apparatus_decisions.h"
#include "apparatus/collation_note.h"

#include <algorithm>
#include <map>
#include <set>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/people.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

// One witness's variant in a base passage.
struct WitnessVariant {
  std::size_t witness = 0;
  VariantField field = VariantField::kText;
  int64_t start = 0, end = 0;  // in the base passage
  std::string reading;         // the witness's text
  VariantClass variant_class = VariantClass::kSubstantive;
  std::optional<VariantKind> kind;
  std::string kind_evidence;
};

// A place of the base: variants whose spans overlap, or additions at one point.
struct Place {
  int64_t start = 0, end = 0;
  std::vector<const WitnessVariant*> variants;
};

// Which class names a reading when its witness has several variants in one
// place: the one a scholar must see.
int weight(VariantClass c) {
  switch (c) {
    case VariantClass::kSubstantive: return 8;
    case VariantClass::kEditorial: return 7;
    case VariantClass::kConversion: return 6;
    case VariantClass::kPlaceholder: return 5;
    case VariantClass::kPinyin: return 4;
    case VariantClass::kGlyph: return 3;
    case VariantClass::kScript: return 2;
    case VariantClass::kPunct: return 1;
    case VariantClass::kBreak: return 0;
  }
  return 0;
}

bool joins(const Place& p, const WitnessVariant& v) {
  if (p.start == p.end || v.start == v.end) return p.start == p.end && v.start == v.end && p.start == v.start;
  return v.start < p.end;
}

// Variants sorted by (start, end) into places: spans that overlap join; an
// addition stays apart unless another addition is at the same point.
std::vector<Place> places_of(std::vector<WitnessVariant>& variants) {
  std::sort(variants.begin(), variants.end(), [](const WitnessVariant& x, const WitnessVariant& y) {
    return std::tie(x.start, x.end, x.witness) < std::tie(y.start, y.end, y.witness);
  });
  std::vector<Place> out;
  for (const WitnessVariant& v : variants) {
    if (!out.empty() && joins(out.back(), v)) {
      out.back().end = std::max(out.back().end, v.end);
    } else {
      out.push_back({v.start, v.end, {}});
    }
    out.back().variants.push_back(&v);
  }
  return out;
}

std::u32string slice(const std::u32string& text, int64_t from, int64_t to) {
  return text.substr(static_cast<std::size_t>(from), static_cast<std::size_t>(to - from));
}

// The witness's text over [start, end): the base's, with its variants there
// (sorted by start) put in.
std::string reading_over(const std::u32string& base, const Place& place, const std::vector<const WitnessVariant*>& own) {
  std::string out;
  int64_t at = place.start;
  for (const WitnessVariant* v : own) {
    out += to_utf8(slice(base, at, std::max(at, v->start)));
    out += v->reading;
    at = std::max(at, v->end);
  }
  return out + to_utf8(slice(base, at, std::max(at, place.end)));
}

ReadingKind kind_of(const std::string& lemma, const std::string& reading) {
  if (lemma.empty()) return ReadingKind::kAddition;
  return reading.empty() ? ReadingKind::kOmission : ReadingKind::kSubstitution;
}

class Builder {
 public:
  Builder(Database& db, const ApparatusRequest& request, Apparatus& out) : db_(db), request_(request), out_(out) {}

  void run() {
    load_editions();
    const std::vector<Passage> passages = base_passages();
    std::map<int64_t, std::vector<WitnessVariant>> variants;  // by base seq
    std::vector<std::set<int64_t>> lacking(out_.witnesses.size());
    for (std::size_t w = 0; w < out_.witnesses.size(); ++w) collect(w, passages, variants, lacking[w]);
    // A partial witness lacking a passage says nothing of it: no lacuna,
    // and not a witness of the lemma either.
    std::vector<bool> partial(out_.witnesses.size());
    EditionRepository editions(db_);
    for (std::size_t w = 0; w < partial.size(); ++w) partial[w] = editions.is_partial(out_.witnesses[w].uuid);
    std::map<int64_t, std::vector<std::string>> witness_texts;
    if (request_.witness_texts) witness_texts = linked_texts(passages);
    for (const Passage& p : passages) {
      ApparatusPassage& ap = out_.passages.emplace_back();
      ap.seq = p.seq;
      ap.address = p.siglum + ":" + std::to_string(p.seq);
      ap.text = p.text;
      ap.title = p.title.value_or("");
      ap.author = p.author.value_or("");
      ap.section = p.section;
      ap.page = p.page;
      ap.line = p.line;
      std::vector<bool> lacks(out_.witnesses.size());
      for (std::size_t w = 0; w < lacks.size(); ++w) lacks[w] = lacking[w].count(p.seq) > 0;
      add_lacuna(ap, lacks, partial);
      for (const auto& [field, base] : {std::pair{VariantField::kTitle, &ap.title}, std::pair{VariantField::kAuthor, &ap.author},
                                        std::pair{VariantField::kText, &ap.text}}) {
        std::vector<WitnessVariant> of_field;
        for (const WitnessVariant& v : variants[p.seq]) if (v.field == field) of_field.push_back(v);
        add_entries(ap, field, *base, of_field, lacks);
      }
      if (auto it = witness_texts.find(p.seq); it != witness_texts.end()) ap.witness_texts = std::move(it->second);
      else if (request_.witness_texts) ap.witness_texts.assign(out_.witnesses.size(), "");
    }
    detail::apply_decisions(db_, out_, request_.undecided_only);
    add_notes();
    mark_supplied();
    add_persons();
    for (ApparatusPassage& p : out_.passages) {
      std::sort(p.notes.begin(), p.notes.end(), [](const auto& x, const auto& y) { return std::tie(x.start, x.end) < std::tie(y.start, y.end); });
      std::sort(p.mentions.begin(), p.mentions.end(), [](const auto& x, const auto& y) { return std::tie(x.start, x.end) < std::tie(y.start, y.end); });
    }
  }

 private:
  void load_editions() {
    check_apparatus_request(db_, request_);
    EditionRepository editions(db_);
    out_.base = editions.get(request_.base);
    for (const std::string& s : request_.witnesses) out_.witnesses.push_back(editions.get(s));
    out_.classes = request_.classes.empty() ? default_apparatus_classes() : request_.classes;
  }

  std::vector<Passage> base_passages() {
    return PassageRepository(db_).get(request_.passages ? parse_address(*request_.passages) : Address{request_.base, 0, 0});
  }

  void collect(std::size_t w, const std::vector<Passage>& passages, std::map<int64_t, std::vector<WitnessVariant>>& out,
               std::set<int64_t>& lacking) {
    const std::string& siglum = out_.witnesses[w].siglum;
    CollationRepository collation(db_);
    const std::set<int64_t> wanted = seqs(passages);
    if (request_.passages) {
      // A page of the base: its passages' own links, not the pair's every one.
      for (const Passage& p : passages) {
        if (!linked_with(collation, format_address(p.siglum, p.seq), siglum)) lacking.insert(p.seq);
      }
    } else {
      for (const std::string& address : collation.unmatched(request_.base, siglum)) {
        const int64_t seq = parse_address(address).first;
        if (wanted.count(seq)) lacking.insert(seq);
      }
    }
    CollationRepository::VariantQuery query;
    query.classes = out_.classes;
    query.fields = {VariantField::kText, VariantField::kTitle, VariantField::kAuthor};
    // A page of the base (serve's live apparatus) reads its own variants, not the pair's.
    if (!passages.empty()) query.seqs = std::pair{passages.front().seq, passages.back().seq};
    collation.each_variant(request_.base, siglum, query, [&](Variant&& v) {
      const int64_t seq = parse_address(v.a.address).first;
      if (!wanted.count(seq)) return;
      out[seq].push_back({w, v.field, v.a.start, v.a.end, std::move(v.b.reading), v.variant_class, v.kind, std::move(v.kind_evidence)});
    });
  }

  static bool linked_with(const CollationRepository& collation, const std::string& address, const std::string& siglum) {
    for (const Link& link : collation.links_of(address)) {
      for (const auto* side : {&link.a, &link.b}) {
        if (!side->empty() && parse_address(side->front()).siglum == siglum) return true;
      }
    }
    return false;
  }

  static std::set<int64_t> seqs(const std::vector<Passage>& passages) {
    std::set<int64_t> out;
    for (const Passage& p : passages) out.insert(p.seq);
    return out;
  }

  void add_lacuna(ApparatusPassage& ap, const std::vector<bool>& lacks, const std::vector<bool>& partial) {
    ApparatusReading missing{"", {}, VariantClass::kSubstantive, ReadingKind::kLacuna, std::nullopt, ""};
    ApparatusEntry entry;
    entry.end = static_cast<int64_t>(to_code_points(ap.text).size());
    entry.lemma = ap.text;
    for (std::size_t w = 0; w < lacks.size(); ++w) {
      if (lacks[w] && partial[w]) continue;
      (lacks[w] ? missing.witnesses : entry.lemma_witnesses).push_back(out_.witnesses[w].siglum);
    }
    if (missing.witnesses.empty()) return;
    entry.readings.push_back(std::move(missing));
    entry.number = ++out_.entries;
    ap.entries.push_back(std::move(entry));
  }

  // The entries of one field of the passage, `base_text` the base's.
  void add_entries(ApparatusPassage& ap, VariantField field, const std::string& base_text,
                   std::vector<WitnessVariant>& variants, const std::vector<bool>& lacks) {
    const std::u32string base = to_code_points(base_text);
    for (const Place& place : places_of(variants)) {
      ApparatusEntry entry;
      entry.field = field;
      entry.start = place.start;
      entry.end = place.end;
      entry.lemma = to_utf8(slice(base, place.start, place.end));
      std::map<std::string, std::size_t> by_key;  // folded reading -> index in entry.readings
      for (std::size_t w = 0; w < out_.witnesses.size(); ++w) {
        if (lacks[w]) continue;
        std::vector<const WitnessVariant*> own;
        for (const WitnessVariant* v : place.variants) if (v->witness == w) own.push_back(v);
        const std::string& siglum = out_.witnesses[w].siglum;
        if (own.empty()) {
          entry.lemma_witnesses.push_back(siglum);
          continue;
        }
        std::string text = reading_over(base, place, own);
        VariantClass c = own.front()->variant_class;
        for (const WitnessVariant* v : own) if (weight(v->variant_class) > weight(c)) c = v->variant_class;
        const std::string key = db_.folding().text(text);
        auto [it, fresh] = by_key.emplace(key, entry.readings.size());
        if (fresh) {
          ApparatusReading r{text, {}, c, kind_of(entry.lemma, text), own.front()->kind, own.front()->kind_evidence};
          for (const WitnessVariant* v : own) if (v->kind != r.cause) r.cause.reset();
          entry.readings.push_back(std::move(r));
        }
        ApparatusReading& r = entry.readings[it->second];
        r.witnesses.push_back(siglum);
        if (weight(c) > weight(r.variant_class)) r.variant_class = c;
      }
      if (entry.readings.empty()) continue;
      entry.number = ++out_.entries;
      ap.entries.push_back(std::move(entry));
    }
  }

  // Base seq -> each witness's linked text, for the HTML page's side by side.
  std::map<int64_t, std::vector<std::string>> linked_texts(const std::vector<Passage>& passages) {
    if (request_.passages) return linked_texts_of_window(passages);
    std::map<int64_t, std::vector<std::string>> out;
    const std::set<int64_t> wanted = seqs(passages);
    CollationRepository collation(db_);
    PassageRepository repo(db_);
    for (std::size_t w = 0; w < out_.witnesses.size(); ++w) {
      std::map<int64_t, std::string> texts;  // witness seq -> text
      for (const Passage& p : repo.get(Address{out_.witnesses[w].siglum, 0, 0})) texts[p.seq] = p.text;
      for (const Link& link : collation.links(request_.base, out_.witnesses[w].siglum)) {
        std::string joined;
        for (const std::string& b : link.b) {
          if (!joined.empty()) joined += "\n";
          joined += texts[parse_address(b).first];
        }
        for (const std::string& a : link.a) {
          const int64_t seq = parse_address(a).first;
          if (!wanted.count(seq)) continue;
          auto& slot = out[seq];
          slot.resize(out_.witnesses.size());
          slot[w] = joined;
        }
      }
    }
    return out;
  }

  // linked_texts for a few passages (a page of the base): their own links,
  // not every link and passage of the pair.
  std::map<int64_t, std::vector<std::string>> linked_texts_of_window(const std::vector<Passage>& passages) {
    std::map<int64_t, std::vector<std::string>> out;
    CollationRepository collation(db_);
    PassageRepository repo(db_);
    for (const Passage& p : passages) {
      for (const Link& link : collation.links_of(format_address(p.siglum, p.seq))) {
        const bool base_first = !link.a.empty() && parse_address(link.a.front()).siglum == request_.base;
        const std::vector<std::string>& other = base_first ? link.b : link.a;
        if (other.empty()) continue;
        const std::string siglum = parse_address(other.front()).siglum;
        for (std::size_t w = 0; w < out_.witnesses.size(); ++w) {
          if (out_.witnesses[w].siglum != siglum) continue;
          std::string joined;
          for (const std::string& address : other) {
            for (const Passage& q : repo.get(parse_address(address))) joined += (joined.empty() ? "" : "\n") + q.text;
          }
          auto& slot = out[p.seq];
          slot.resize(out_.witnesses.size());
          slot[w] = std::move(joined);
        }
      }
    }
    return out;
  }

  // Entries whose lemma lies in words the base's source supplied.
  void mark_supplied() {
    for (ApparatusPassage& p : out_.passages) {
      for (const ApparatusNote& n : p.notes) {
        if (std::find(n.tags.begin(), n.tags.end(), "supplied") == n.tags.end()) continue;
        for (ApparatusEntry& e : p.entries) {
          if (e.field == n.field && e.start < n.end && n.start < std::max(e.end, e.start + 1)) e.supplied = true;
        }
      }
    }
  }

  void add_notes() {
    std::map<std::string, ApparatusPassage*> by_address;
    for (ApparatusPassage& p : out_.passages) by_address[p.address] = &p;
    std::vector<Note> notes;
    NoteFilter filter;
    if (request_.passages) {
      for (const ApparatusPassage& p : out_.passages) {
        filter.address = p.address;
        for (Note& n : NoteRepository(db_).list(filter)) notes.push_back(std::move(n));
      }
    } else {
      filter.address = request_.base;
      notes = NoteRepository(db_).list(filter);
    }
    for (const Note& n : notes) {
      if (n.orphaned || n.current.deleted) continue;
      if (n.target != NoteTarget::kSpan && n.target != NoteTarget::kPassage) continue;
      auto it = by_address.find(n.address);
      if (it == by_address.end()) continue;
      ApparatusPassage& p = *it->second;
      const bool span = n.target == NoteTarget::kSpan;
      const std::u32string noted = to_code_points(detail::field_text(p, span ? n.field : VariantField::kText));
      const int64_t start = span ? n.start : 0, end = span ? n.end : static_cast<int64_t>(noted.size());
      if (start < 0 || end < start || end > static_cast<int64_t>(noted.size())) continue;  // `check` reports it
      p.notes.push_back({n.uuid, span ? n.field : VariantField::kText, start, end,
                         to_utf8(noted.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start))),
                         n.current.body, n.current.author, n.current.tags});
    }
  }

  void add_persons() {
    std::map<std::string, ApparatusPassage*> by_address;
    for (ApparatusPassage& p : out_.passages) by_address[p.address] = &p;
    PersonRepository people(db_);
    for (const Person& person : people.list()) {
      bool mentioned = false;
      for (const Mention& m : people.mentions(person.uuid, request_.base)) {  // a name may be two persons'
        auto it = by_address.find(m.address);
        if (it == by_address.end()) continue;
        if (!mentioned) {
          ApparatusPerson ap{person.uuid, person.name, {}};
          for (const Alias& a : person.aliases) if (a.form != person.name) ap.aliases.push_back(a.form);
          out_.persons.push_back(std::move(ap));
          mentioned = true;
        }
        it->second->mentions.push_back({m.start, m.end, out_.persons.size() - 1});
      }
    }
  }

  Database& db_;
  const ApparatusRequest& request_;
  Apparatus& out_;
};

}  // namespace

std::vector<VariantClass> default_apparatus_classes() {
  return {VariantClass::kSubstantive, VariantClass::kConversion, VariantClass::kPlaceholder, VariantClass::kPinyin};
}

std::string_view to_string(ReadingKind k) {
  switch (k) {
    case ReadingKind::kSubstitution: return "substitution";
    case ReadingKind::kOmission: return "omission";
    case ReadingKind::kAddition: return "addition";
    case ReadingKind::kLacuna: return "lacuna";
  }
  return "substitution";
}

void check_apparatus_request(Database& db, const ApparatusRequest& request) {
  if (request.witnesses.empty()) throw UsageError("an apparatus needs at least one witness beside the base " + request.base);
  EditionRepository editions(db);
  const Edition base = editions.get(request.base);
  std::set<std::string> seen{request.base};
  for (const std::string& s : request.witnesses) {
    if (!seen.insert(s).second) {
      throw UsageError(s == request.base ? "the base " + s + " cannot also be a witness" : "witness " + s + " is named twice");
    }
    editions.get(s);
  }
  if (!request.passages) return;
  const Address range = parse_address(*request.passages);
  if (range.siglum != request.base) throw UsageError("--passage " + *request.passages + " is not of the base " + request.base);
  const int64_t count = editions.passage_count(base.id);
  if (range.first > count) {
    throw NotFound("no passage " + request.base + ":" + std::to_string(range.first) + ": edition " + request.base + " has " +
                   std::to_string(count) + " passages");
  }
}

Apparatus build_apparatus(Database& db, const ApparatusRequest& request) {
  Apparatus out;
  db.read([&] {
    Builder(db, request, out).run();
    for (ShownImage& s : FacsimileRepository(db).list(out.base.siglum)) out.page_images.push_back(std::move(s.image));
  });
  return out;
}

}  // namespace jiaozhu
