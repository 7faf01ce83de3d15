// Notes shown across editions: a note on a span of one edition appears on
// the words of a linked passage that carry the same text.
//
// The span is mapped by aligning the two sides of the link afresh on their
// folded text (the collation units of core/src/align), so that a note on
// 张着麟 lands on 張若麟: units that match carry the span over, and a span
// of which no unit matches (a substituted reading) maps to the text between
// the matches around it.
#include <algorithm>

#include "align/collation_text.h"
#include "align/diff.h"
#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"

namespace jiaozhu {
namespace {

constexpr int64_t kUnmatched = -1;

struct Side {
  std::vector<std::string> addresses;
  detail::CollationText text;
};

// The side's text, title or author lines, aligned as the text is: a note on
// a title's words is shown on the linked passage's title.
Side load_side(Database& db, const std::vector<std::string>& addresses, VariantField field) {
  std::vector<std::string> texts;
  for (const std::string& a : addresses) texts.push_back(passage_field(PassageRepository(db).get(parse_address(a)).front(), field));
  return {addresses, detail::make_collation_text(texts, db.folding())};
}

// For each unit of `from`, the index of the unit of `to` it matches, or kUnmatched.
std::vector<int64_t> unit_map(const Side& from, const Side& to) {
  std::vector<int64_t> map(from.text.units.size(), kUnmatched);
  for (const detail::Match& m : detail::myers_diff(from.text.keys, to.text.keys)) map[m.a] = static_cast<int64_t>(m.b);
  return map;
}

// The span [start, end) of passage `from_passage` of `from`, in passage
// `to_passage` of `to`; nothing when it lies elsewhere.
std::optional<std::pair<int64_t, int64_t>> map_span(const Side& from, const Side& to, const std::vector<int64_t>& map,
                                                    uint32_t from_passage, uint32_t to_passage, int64_t start,
                                                    int64_t end) {
  const auto& units = from.text.units;
  const auto& targets = to.text.units;
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  std::optional<std::size_t> before, after;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const detail::Unit& u = units[i];
    const bool inside = u.passage == from_passage && u.begin >= start && u.begin < end;
    const bool precedes = u.passage < from_passage || (u.passage == from_passage && u.begin < start);
    if (map[i] == kUnmatched) continue;
    const detail::Unit& t = targets[static_cast<std::size_t>(map[i])];
    if (inside && t.passage == to_passage) {
      lo = std::min<int64_t>(lo, t.begin);
      hi = std::max<int64_t>(hi, t.end());
    } else if (precedes) {
      before = static_cast<std::size_t>(map[i]);
    } else if (!inside && !after) {
      after = static_cast<std::size_t>(map[i]);
    }
  }
  if (lo < hi) return std::make_pair(lo, hi);
  // No unit of the span matched: it is a substituted reading; take what
  // stands between the matches around it.
  if (before && after && targets[*before].passage == to_passage && targets[*after].passage == to_passage &&
      targets[*before].end() < targets[*after].begin) {
    return std::make_pair<int64_t, int64_t>(targets[*before].end(), targets[*after].begin);
  }
  return std::nullopt;
}

}  // namespace

std::vector<MappedNote> NoteRepository::mapped_onto(const std::string& address) const {
  std::vector<MappedNote> out;
  for (const Link& link : CollationRepository(db_).links_of(address)) {
    const bool on_a = std::find(link.a.begin(), link.a.end(), address) != link.a.end();
    const std::vector<std::string>& mine = on_a ? link.a : link.b;
    const std::vector<std::string>& theirs = on_a ? link.b : link.a;
    std::vector<std::pair<uint32_t, Note>> notes;
    for (uint32_t i = 0; i < theirs.size(); ++i) {
      NoteFilter f;
      f.address = theirs[i];
      for (Note& n : list(f)) {
        if (n.target == NoteTarget::kSpan && !n.orphaned) notes.emplace_back(i, std::move(n));
      }
    }
    const auto to_passage = static_cast<uint32_t>(std::find(mine.begin(), mine.end(), address) - mine.begin());
    for (VariantField field : {VariantField::kText, VariantField::kTitle, VariantField::kAuthor}) {
      const bool any = std::any_of(notes.begin(), notes.end(), [&](const auto& n) { return n.second.field == field; });
      if (!any) continue;
      const Side from = load_side(db_, theirs, field), to = load_side(db_, mine, field);
      const auto map = unit_map(from, to);
      for (auto& [from_passage, n] : notes) {
        if (n.field != field) continue;
        if (auto span = map_span(from, to, map, from_passage, to_passage, n.start, n.end)) {
          out.push_back({std::move(n), address, span->first, span->second});
        }
      }
    }
  }
  return out;
}

}  // namespace jiaozhu
