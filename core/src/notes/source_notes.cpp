#include "notes/source_notes.h"

#include <algorithm>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"
#include "notes/anchor_finder.h"
#include "notes/note_store.h"
#include "notes/quote_anchor.h"
#include "util/clock.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

bool ends_clause(char32_t c) {
  static constexpr std::u32string_view kMarks = U"，。、；：！？,.;:!?「」『』《》〈〉（）()";
  return kMarks.find(c) != std::u32string_view::npos || c == U' ' || c == U'\n';
}

// The clause a note standing at `at` comments on: [start, at), its own
// closing punctuation included (孟子見梁惠王。<note>).
int64_t clause_start(const std::u32string& text, int64_t at) {
  auto mark_before = [&](int64_t i) { return ends_clause(text[static_cast<std::size_t>(i - 1)]); };
  int64_t start = at;
  while (start > 0 && at - start < kClause && mark_before(start)) --start;
  while (start > 0 && at - start < kClause && !mark_before(start)) --start;
  return start;
}

std::u32string text_of(Database& db, const Edition& edition, int64_t seq) {
  auto text = passage_text(db, edition.id, seq);
  if (!text) throw NotFound("no passage " + format_address(edition.siglum, seq) + " for a source's note");
  return std::move(*text);
}

}  // namespace

int64_t add_source_notes(Database& db, int64_t edition_id, const std::vector<SourceNote>& notes, const std::string& author) {
  if (notes.empty()) return 0;
  const std::optional<Edition> edition = EditionRepository(db).find_by_id(edition_id);
  if (!edition) throw NotFound("no edition with id " + std::to_string(edition_id));
  const std::string who = author.empty() ? "unknown" : author;
  const std::string now = utc_now_ms();
  NoteStore store(db);
  int64_t added = 0;
  for (const SourceNote& s : notes) {
    const std::u32string text = text_of(db, *edition, s.seq);
    const int64_t at = std::min<int64_t>(s.at, static_cast<int64_t>(text.size()));
    const int64_t end = std::clamp<int64_t>(s.end, -1, static_cast<int64_t>(text.size()));
    // A note after its words reaches back to the clause's start; a standoff
    // note names its words' span.
    const int64_t start = end > at ? at : clause_start(text, at);
    const int64_t stop = end > at ? end : at;
    NoteRecord rec;
    Note& n = rec.note;
    n.uuid = uuid_from_name("jiaozhu source note\x1f" + edition->content_hash + "\x1f" + std::to_string(s.seq) + "\x1f" +
                            std::to_string(at) + "\x1f" + s.text);
    n.edition_uuid = edition->uuid;
    n.address = format_address(edition->siglum, s.seq);
    n.created_at = now;
    rec.passage_seq = s.seq;
    if (start < stop) {
      const QuoteSelector q = make_selector(text, static_cast<std::size_t>(start), static_cast<std::size_t>(stop));
      n.target = NoteTarget::kSpan;
      n.start = start;
      n.end = stop;
      n.exact = to_utf8(q.exact);
      n.prefix = to_utf8(q.prefix);
      n.suffix = to_utf8(q.suffix);
    } else {
      n.target = NoteTarget::kPassage;
      n.exact = passage_opening(db, edition_id, s.seq);
    }
    NoteRevision r;
    r.uuid = uuid_from_name("jiaozhu source note revision\x1f" + n.uuid);
    r.author = who;
    r.created_at = now;
    r.motivation = kDefaultMotivation;
    r.body = s.text;
    if (auto fault = field_fault(Field::kNoteText, r.body)) {
      throw InputError("the note of " + n.address + " in the source " + std::string(*fault));
    }
    r.tags = {"source"};
    for (const std::string& t : s.tags) {
      if (!t.empty() && !field_fault(Field::kTag, t)) r.tags.push_back(t);
    }
    r.tags = sorted_tags(std::move(r.tags));
    rec.revisions.push_back(std::move(r));
    added += store.absorb(rec).note_added ? 1 : 0;
  }
  return added;
}

}  // namespace jiaozhu::detail
