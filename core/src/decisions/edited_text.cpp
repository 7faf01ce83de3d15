// The edited text (定本): the base with the readings the editor adopted or
// emended put in.
#include <algorithm>
#include <map>

#include "jiaozhu/edition.h"

#include "jiaozhu/decisions.h"
#include "jiaozhu/unicode.h"
#include "decisions/witness_reading.h"

namespace jiaozhu {

int64_t EditedText::map(int64_t base_offset) const {
  int64_t shift = 0;
  for (const Change& c : changes) {
    if (base_offset < c.base_start) break;
    if (base_offset < c.base_end) return std::min(c.edited_start + (base_offset - c.base_start), c.edited_end);
    shift = c.edited_end - c.base_end;  // an insertion (base_start == base_end) too: what follows it moves
  }
  return base_offset + shift;
}

EditedText edited_text(const std::string& base, int64_t seq, VariantField field, const std::vector<PlaceDecision>& decisions) {
  const std::u32string text = to_code_points(base);
  std::vector<const PlaceDecision*> changing;
  for (const PlaceDecision& d : decisions) {
    const auto& a = d.current.action;
    if (d.place.seq != seq || d.place.field != field || d.place.lacuna || !d.current.reading) continue;
    if (!a || (*a != DecisionAction::kAdopt && *a != DecisionAction::kEmend)) continue;
    if (!detail::reads_lemma(text, d.place)) continue;  // the base no longer reads the lemma there
    changing.push_back(&d);
  }
  std::sort(changing.begin(), changing.end(), [](const PlaceDecision* x, const PlaceDecision* y) {
    return std::tie(x->place.start, x->place.end) < std::tie(y->place.start, y->place.end);
  });
  EditedText out;
  std::u32string edited;
  int64_t at = 0;
  for (const PlaceDecision* d : changing) {
    if (d->place.start < at) continue;  // overlaps one put in already
    edited += text.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(d->place.start - at));
    const std::u32string reading = to_code_points(*d->current.reading);
    const auto start = static_cast<int64_t>(edited.size());
    edited += reading;
    out.changes.push_back({d->place.start, d->place.end, start, static_cast<int64_t>(edited.size())});
    at = d->place.end;
  }
  edited += text.substr(static_cast<std::size_t>(at));
  out.text = to_utf8(edited);
  return out;
}

std::map<int64_t, std::vector<PlaceDecision>> decisions_by_passage(std::vector<PlaceDecision> decisions) {
  std::map<int64_t, std::vector<PlaceDecision>> out;
  for (PlaceDecision& d : decisions) out[d.place.seq].push_back(std::move(d));
  return out;
}

EditedPassage edited_passage(Passage p, const std::vector<PlaceDecision>& of_passage) {
  EditedPassage e;
  e.text = edited_text(p.text, p.seq, VariantField::kText, of_passage);
  if (p.title) e.title = edited_text(*p.title, p.seq, VariantField::kTitle, of_passage);
  if (p.author) e.author = edited_text(*p.author, p.seq, VariantField::kAuthor, of_passage);
  p.text = e.text.text;
  if (p.title) p.title = e.title.text;
  if (p.author) p.author = e.author.text;
  e.passage = std::move(p);
  return e;
}

std::vector<EditedPassage> edited_passages(Database& db, std::vector<Passage> passages) {
  // siglum -> its decisions by passage
  std::map<std::string, std::map<int64_t, std::vector<PlaceDecision>>> by_edition;
  const std::vector<PlaceDecision> none;
  std::vector<EditedPassage> out;
  for (Passage& p : passages) {
    auto it = by_edition.find(p.siglum);
    if (it == by_edition.end()) {
      const std::string uuid = EditionRepository(db).get(p.siglum).uuid;
      it = by_edition.emplace(p.siglum, decisions_by_passage(DecisionRepository(db).of_edition(uuid))).first;
    }
    const auto of_passage = it->second.find(p.seq);
    out.push_back(edited_passage(std::move(p), of_passage == it->second.end() ? none : of_passage->second));
  }
  return out;
}

}  // namespace jiaozhu
