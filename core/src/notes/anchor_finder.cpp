#include "notes/anchor_finder.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "jiaozhu/unicode.h"
#include "notes/note_store.h"

namespace jiaozhu::detail {
namespace {

// Passages either side of the old one searched before the whole edition: a
// correction that splits or joins paragraphs moves text by a few passages.
constexpr int64_t kNearbyPassages = 3;

// The column a field is stored in: a name of our own, never the user's.
std::string column_of(VariantField field) { return std::string(to_string(field)); }

std::optional<AnchorPlace> look_in(Database& db, int64_t edition_id, VariantField field, int64_t seq, std::size_t hint,
                                   const QuoteSelector& quote, bool strict) {
  const auto text = passage_text(db, edition_id, seq, field);
  if (!text) return std::nullopt;
  const auto found = locate(*text, quote, hint, strict);
  if (!found) return std::nullopt;
  return AnchorPlace{seq, static_cast<int64_t>(found->start), static_cast<int64_t>(found->end), false};
}

std::optional<AnchorPlace> look_everywhere(Database& db, int64_t edition_id, VariantField field, int64_t except_from,
                                           int64_t except_to, const QuoteSelector& quote) {
  const std::string column = column_of(field);
  SQLite::Statement q(db.sql(), "SELECT seq, " + column + " FROM passage WHERE edition_id = ? AND (seq < ? OR seq > ?) "
                                "AND instr(" + column + ", ?) > 0 ORDER BY seq");
  q.bind(1, edition_id);
  q.bind(2, except_from);
  q.bind(3, except_to);
  q.bind(4, to_utf8(quote.exact));
  std::optional<AnchorPlace> only;
  while (q.executeStep()) {
    const auto found = locate(to_code_points(q.getColumn(1).getString()), quote, 0, true);
    if (!found || !found->exact) continue;
    if (only) return std::nullopt;  // the quote and its context recur: no place is convincing
    only = AnchorPlace{q.getColumn(0).getInt64(), static_cast<int64_t>(found->start), static_cast<int64_t>(found->end), false};
  }
  return only;
}

constexpr int64_t kOpening = 24;

bool opens_with(Database& db, int64_t edition_id, int64_t seq, const std::string& opening) {
  auto q = db.cached("SELECT substr(text, 1, ?) = ? FROM passage WHERE edition_id = ? AND seq = ?");
  q->bind(1, kOpening);
  q->bind(2, opening);
  q->bind(3, edition_id);
  q->bind(4, seq);
  return q->executeStep() && q->getColumn(0).getInt() == 1;
}

AnchorPlace find_passage(Database& db, int64_t edition_id, int64_t seq, const std::string& opening) {
  const bool exists = passage_text(db, edition_id, seq).has_value();
  const AnchorPlace stay{seq, 0, 0, !exists};
  if (opening.empty() || opens_with(db, edition_id, seq, opening)) return stay;
  for (int64_t d = 1; d <= kNearbyPassages; ++d) {
    for (int64_t s : {seq - d, seq + d}) {
      if (s >= 1 && opens_with(db, edition_id, s, opening)) return {s, 0, 0, false};
    }
  }
  SQLite::Statement q(db.sql(), "SELECT seq FROM passage WHERE edition_id = ? AND substr(text, 1, ?) = ? LIMIT 2");
  q.bind(1, edition_id);
  q.bind(2, kOpening);
  q.bind(3, opening);
  std::vector<int64_t> found;
  while (q.executeStep()) found.push_back(q.getColumn(0).getInt64());
  if (found.size() == 1) return {found.front(), 0, 0, false};
  return stay;  // its opening was corrected, or recurs: the number is the best guess
}

}  // namespace

std::optional<std::u32string> passage_text(Database& db, int64_t edition_id, int64_t seq, VariantField field) {
  auto q = db.cached(field == VariantField::kTitle    ? "SELECT coalesce(title, '') FROM passage WHERE edition_id = ? AND seq = ?"
                     : field == VariantField::kAuthor ? "SELECT coalesce(author, '') FROM passage WHERE edition_id = ? AND seq = ?"
                                                      : "SELECT text FROM passage WHERE edition_id = ? AND seq = ?");
  q->bind(1, edition_id);
  q->bind(2, seq);
  if (!q->executeStep()) return std::nullopt;
  return to_code_points(q->getColumn(0).getString());
}

std::string passage_opening(Database& db, int64_t edition_id, int64_t seq) {
  auto q = db.cached("SELECT substr(text, 1, ?) FROM passage WHERE edition_id = ? AND seq = ?");
  q->bind(1, kOpening);
  q->bind(2, edition_id);
  q->bind(3, seq);
  return q->executeStep() ? q->getColumn(0).getString() : std::string();
}

QuoteSelector selector_of(const Note& note) {
  return {to_code_points(note.exact), to_code_points(note.prefix), to_code_points(note.suffix)};
}

AnchorPlace find_anchor(Database& db, int64_t edition_id, NoteTarget target, VariantField field, int64_t seq,
                        int64_t start, const QuoteSelector& quote) {
  const AnchorPlace lost{seq, start, start + static_cast<int64_t>(quote.exact.size()), true};
  if (target == NoteTarget::kPassage) return find_passage(db, edition_id, seq, to_utf8(quote.exact));
  if (const auto text = passage_text(db, edition_id, seq, field)) {
    const auto at = static_cast<std::size_t>(start);
    if (at + quote.exact.size() <= text->size() && text->compare(at, quote.exact.size(), quote.exact) == 0) {
      return AnchorPlace{seq, start, start + static_cast<int64_t>(quote.exact.size()), false};
    }
  }
  if (auto here = look_in(db, edition_id, field, seq, static_cast<std::size_t>(start), quote, false)) return *here;
  for (int64_t d = 1; d <= kNearbyPassages; ++d) {
    for (int64_t s : {seq - d, seq + d}) {
      if (s < 1) continue;
      if (auto near = look_in(db, edition_id, field, s, static_cast<std::size_t>(start), quote, true)) return *near;
    }
  }
  if (auto far = look_everywhere(db, edition_id, field, seq - kNearbyPassages, seq + kNearbyPassages, quote)) return *far;
  return lost;
}

namespace {

int64_t reanchor(Database& db, int64_t edition_id, const std::vector<int64_t>& ids) {
  NoteStore store(db);
  int64_t orphaned = 0;
  for (int64_t id : ids) {
    const NoteRecord r = store.read(id);
    const AnchorPlace at =
        find_anchor(db, edition_id, r.note.target, r.note.field, r.passage_seq, r.note.start, selector_of(r.note));
    store.place(id, at.seq, at.start, at.end, at.orphaned);
    orphaned += at.orphaned ? 1 : 0;
  }
  return orphaned;
}

}  // namespace

int64_t reanchor_edition(Database& db, int64_t edition_id) {
  SQLite::Statement q(db.sql(), "SELECT id FROM note WHERE edition_id = ?");
  q.bind(1, edition_id);
  std::vector<int64_t> ids;
  while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
  return reanchor(db, edition_id, ids);
}

int64_t reanchor_passages(Database& db, int64_t edition_id, const std::vector<int64_t>& seqs) {
  std::vector<int64_t> ids;
  auto q = db.cached("SELECT id FROM note WHERE edition_id = ? AND passage_seq = ?");
  for (int64_t seq : seqs) {
    q->bind(1, edition_id);
    q->bind(2, seq);
    while (q->executeStep()) ids.push_back(q->getColumn(0).getInt64());
    q->reset();
  }
  SQLite::Statement orphans(db.sql(), "SELECT id FROM note WHERE edition_id = ? AND orphaned = 1");
  orphans.bind(1, edition_id);
  while (orphans.executeStep()) ids.push_back(orphans.getColumn(0).getInt64());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return reanchor(db, edition_id, ids);
}

}  // namespace jiaozhu::detail
