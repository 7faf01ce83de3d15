// The note commands: add, edit, rm, restore, resolve, and reading notes.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <functional>
#include <set>

#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/field.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/people.h"
#include "jiaozhu/query.h"
#include "jiaozhu/unicode.h"
#include "notes/note_region.h"
#include "notes/note_store.h"
#include "notes/note_target_spec.h"
#include "notes/quote_anchor.h"
#include "util/columns.h"
#include "util/clock.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace {


struct PassageRef {
  int64_t edition_id;
  std::string edition_uuid;
  std::string siglum;
  int64_t seq;
  std::u32string text;  // of the field the note is on
  std::string where;    // "S:N", or "the title of S:N"
};

PassageRef passage_at(Database& db, const std::string& address, VariantField field) {
  const Address a = parse_address(address);
  if (a.whole_edition() || a.first != a.last) {
    throw UsageError("a note is on one passage: give S:N, not '" + address + "'");
  }
  SQLite::Statement q(db.sql(),
                      "SELECT e.id, e.uuid, p.text, coalesce(p.title, ''), coalesce(p.author, '') "
                      "FROM edition e JOIN passage p ON p.edition_id = e.id WHERE e.siglum = ? AND p.seq = ?");
  q.bind(1, a.siglum);
  q.bind(2, a.first);
  if (!q.executeStep()) {
    EditionRepository(db).get(a.siglum);  // NotFound naming the sigla there are
    throw NotFound("edition " + a.siglum + " has no passage " + std::to_string(a.first));
  }
  const int column = field == VariantField::kTitle ? 3 : field == VariantField::kAuthor ? 4 : 2;
  PassageRef p{q.getColumn(0).getInt64(), q.getColumn(1).getString(), a.siglum, a.first,
               to_code_points(q.getColumn(column).getString()), format_address(a.siglum, a.first)};
  if (field != VariantField::kText) {
    const std::string name = field == VariantField::kTitle ? "title" : "author line";
    if (p.text.empty()) throw InputError(p.where + " has no " + name);
    p.where = "the " + name + " of " + p.where;
  }
  return p;
}

std::string quoted_list(const std::vector<std::u32string>& readings) {
  std::string out;
  for (std::size_t i = 0; i < readings.size(); ++i) out += (i ? ", " : "") + ("'" + to_utf8(readings[i]) + "'");
  return out;
}

// [start, end) of the span the request names in `p`.
std::pair<std::size_t, std::size_t> span_of(const NoteRequest& r, const PassageRef& p) {
  const std::string& address = p.where;
  if (r.quote) {
    const std::u32string quote = to_code_points(to_nfc(*r.quote));
    if (quote.empty()) throw UsageError("--quote is empty");
    std::vector<std::pair<std::size_t, std::size_t>> at;
    for (std::size_t start : detail::occurrences(p.text, quote)) at.emplace_back(start, start + quote.size());
    if (at.empty()) at = detail::occurrences_ignoring_whitespace(p.text, quote);
    if (at.empty()) {
      const auto close = detail::closest_readings(p.text, quote, 3);
      throw InputError("'" + *r.quote + "' is not in " + address +
                       (close.empty() ? "; it has nothing close to it" : "; closest there: " + quoted_list(close)));
    }
    if (r.nth == 0 && at.size() > 1) {
      throw InputError("'" + *r.quote + "' occurs " + std::to_string(at.size()) + " times in " + address +
                       "; choose one with --nth 1.." + std::to_string(at.size()));
    }
    const std::size_t k = r.nth == 0 ? 1 : static_cast<std::size_t>(r.nth);
    if (r.nth < 0 || k > at.size()) {
      throw UsageError("--nth " + std::to_string(r.nth) + " is out of range: '" + *r.quote + "' occurs " +
                       std::to_string(at.size()) + " times in " + address);
    }
    return at[k - 1];
  }
  const int64_t size = static_cast<int64_t>(p.text.size());
  if (!r.start || !r.end || *r.start < 0 || *r.end <= *r.start || *r.end > size) {
    throw UsageError("--start and --end must satisfy 0 <= start < end <= " + std::to_string(size) + ", the length of " +
                     address + " in code points");
  }
  return {static_cast<std::size_t>(*r.start), static_cast<std::size_t>(*r.end)};
}

// Checks a revision about to be written from the command line and puts its
// text in NFC; throws UsageError naming the field at fault.
void check_revision(NoteRevision& r) {
  if (r.author.empty()) {
    throw NoAuthor();
  }
  if (r.body.empty() && r.tags.empty() && !r.deleted) throw UsageError("a note needs --text or at least one --tag");
  r.author = checked_argument(Field::kAuthor, r.author, "the author");
  r.body = checked_argument(Field::kNoteText, r.body, "the note's text");
  for (std::string& t : r.tags) {
    if (t.empty() || code_points(t) > 100) throw UsageError("a tag has 1 to 100 characters: '" + t + "'");
    t = checked_argument(Field::kTag, t, "the tag");
  }
}

// What a link, variant or character note is on, for people; nothing when
// that target is no longer in this database.
std::optional<std::string> target_label(Database& db, const Note& n) {
  try {
    if (n.target == NoteTarget::kPerson) {
      SQLite::Statement q(db.sql(), "SELECT name FROM character WHERE uuid = ?");
      q.bind(1, n.target_uuid);
      if (!q.executeStep()) return std::nullopt;
      return q.getColumn(0).getString();
    }
    if (n.target == NoteTarget::kVariant) {
      const std::optional<Variant> v = n.target_link_uuid.empty()
                                           ? CollationRepository(db).find_variant(n.target_uuid)
                                           : CollationRepository(db).find_variant_of_link(n.target_link_uuid, n.target_uuid);
      if (!v) return std::nullopt;
      return v->a.address + " " + v->a.reading + " → " + v->b.address + " " + v->b.reading;
    }
    const Link l = CollationRepository(db).find_link(n.target_uuid);
    std::string label;
    for (const auto* side : {&l.a, &l.b}) {
      for (const std::string& a : *side) label += (label.empty() ? "" : " ") + a;
    }
    return label;
  } catch (const NotFound&) {
    return std::nullopt;
  }
}

Note load(Database& db, int64_t id) {
  detail::NoteStore store(db);
  Note n = store.read(id).note;
  n.heads = store.heads(id);
  if (n.heads.empty()) throw NotFound("note " + n.uuid + " has no revision");
  n.current = detail::newest_head(n.heads);
  if (n.target == NoteTarget::kSpan || n.target == NoteTarget::kPassage) return n;
  // A note whose link, variant or character is gone (a new alignment, a
  // merged character) is kept and counts as orphaned, like a lost quote.
  const auto label = target_label(db, n);
  n.target_label = label.value_or("(no longer in this database)");
  n.orphaned = !label;
  return n;
}

NoteRevision next_revision(const Note& n, const std::string& author) {
  NoteRevision r = n.current;
  r.uuid = detail::random_uuid();
  r.parents = {n.current.uuid};
  r.author = author;
  r.created_at = detail::utc_now_ms();
  return r;
}

// The current revision of a note that may be changed: not in conflict.
Note changeable(Database& db, const std::string& id) {
  Note n = load(db, detail::NoteStore(db).resolve_prefix(id));
  if (n.conflict()) {
    throw ConflictError("note " + n.uuid.substr(0, 8) + " has " + std::to_string(n.heads.size()) +
                        " concurrent revisions; choose with `jiaozhu note resolve " + n.uuid.substr(0, 8) +
                        " --take REV` or `--text BODY`");
  }
  return n;
}

Note write_revision(Database& db, const std::string& id, const std::function<NoteRevision(const Note&)>& make,
                    bool moves = false) {
  Note out;
  db.write([&] {
    detail::NoteStore store(db);
    const Note n = changeable(db, id);
    const NoteRevision r = make(n);
    store.append(*store.find(n.uuid), r);
    if (moves) store.apply_moves(*store.find(n.uuid));
    out = load(db, *store.find(n.uuid));
  });
  return out;
}

// Fills the target fields of `record` (and its passage number) with what
// `request` names: a passage or span of it, a variant, link or character.
void resolve_target(Database& db, const NoteRequest& request, detail::NoteRecord& record) {
  Note& n = record.note;
  n.target = request.target;
  if (n.target == NoteTarget::kSpan || n.target == NoteTarget::kPassage) {
    if (request.field != VariantField::kText && n.target != NoteTarget::kSpan) {
      throw UsageError("a note on a title or author line is on words of it: give --quote or --start/--end");
    }
    const PassageRef p = passage_at(db, request.address, request.field);
    n.edition_uuid = p.edition_uuid;
    n.address = request.address;
    record.passage_seq = p.seq;
    if (n.target == NoteTarget::kSpan) {
      const auto [start, end] = span_of(request, p);
      const detail::QuoteSelector q = detail::make_selector(p.text, start, end);
      n.field = request.field;
      n.start = static_cast<int64_t>(start);
      n.end = static_cast<int64_t>(end);
      n.exact = to_utf8(q.exact);
      n.prefix = to_utf8(q.prefix);
      n.suffix = to_utf8(q.suffix);
    } else {
      n.exact = to_utf8(p.text.substr(0, 24));  // the opening it follows (anchor_finder.h)
      if (request.region) detail::place_region(db, request.address, *request.region, request.region_page, n);
    }
    if (request.region && n.target != NoteTarget::kPassage) {
      throw UsageError("a note on a region of a page is on the passage, not on words of it: leave out --quote and --start");
    }
  } else if (n.target == NoteTarget::kVariant) {
    const Variant v = CollationRepository(db).find_variant(request.target_ref);
    n.target_uuid = v.uuid;
    n.target_link_uuid = v.link_uuid;
  } else if (n.target == NoteTarget::kLink) {
    n.target_uuid = CollationRepository(db).find_link(request.target_ref).uuid;
  } else {
    n.target_uuid = PersonRepository(db).get(request.target_ref).uuid;
  }
}

}  // namespace

void check_motivation(const std::string& m) {
  std::string known;
  for (const char* k : kMotivations) {
    if (m == k) return;
    known += (known.empty() ? "" : ", ") + std::string(k);
  }
  throw UsageError("unknown motivation '" + m + "' (use " + known + ")");
}

Note NoteRepository::add(const NoteRequest& request) {
  check_motivation(request.motivation);
  detail::NoteRecord record;
  Note& n = record.note;
  n.uuid = detail::random_uuid();
  n.created_at = detail::utc_now_ms();
  Note out;
  db_.write([&] {
    resolve_target(db_, request, record);
    NoteRevision r;
    r.uuid = detail::random_uuid();
    r.author = request.author;
    r.created_at = n.created_at;
    r.motivation = request.motivation;
    r.body = request.body;
    r.tags = request.tags;
    check_revision(r);
    r.tags = detail::sorted_tags(r.tags);
    record.revisions.push_back(r);
    detail::NoteStore store(db_);
    store.absorb(record);
    out = load(db_, *store.find(n.uuid));
  });
  return out;
}

// Where `to` moves note `n`: a note on a region of a page image moved to
// another passage keeps its region when that passage is on the same page
// (and no other region is given); moved to words, it leaves the image.
NoteRequest carried_region(const Note& n, const NoteRequest& to) {
  NoteRequest out = to;
  if (to.target == NoteTarget::kPassage && !to.region && !n.region.empty()) {
    out.region = n.region;
    out.region_page = n.region_page;
  }
  return out;
}

Note NoteRepository::move(const std::string& id, const NoteRequest& to, const std::string& author) {
  return write_revision(db_, id, [&](const Note& n) {
    detail::NoteRecord target;
    target.note.uuid = n.uuid;
    const NoteRequest where = carried_region(n, to);
    try {
      resolve_target(db_, where, target);
    } catch (const NotFound& e) {
      if (where.region == to.region) throw;
      throw UsageError("note " + n.uuid.substr(0, 8) + " is on a region of page " + n.region_page + ", and " + e.what() +
                       ": give --region (and --page) on one of its pages, or --quote to put the note on words");
    }
    NoteRevision r = next_revision(n, author);
    r.moved_to = detail::target_spec(target);
    check_revision(r);
    return r;
  }, true);
}

Note NoteRepository::get(const std::string& id) const {
  return load(db_, detail::NoteStore(db_).resolve_prefix(id));
}

std::vector<NoteRevision> NoteRepository::history(const std::string& id) const {
  detail::NoteStore store(db_);
  return store.revisions(store.resolve_prefix(id));
}

Note NoteRepository::edit(const std::string& id, const NoteChange& change) {
  if (change.motivation) check_motivation(*change.motivation);
  return write_revision(db_, id, [&](const Note& n) {
    if (n.current.deleted) {
      throw ConflictError("note " + n.uuid.substr(0, 8) + " is removed; `jiaozhu note restore " + n.uuid.substr(0, 8) +
                          "` first");
    }
    NoteRevision r = next_revision(n, change.author);
    if (change.body) r.body = *change.body;
    if (change.motivation) r.motivation = *change.motivation;
    std::set<std::string> tags(r.tags.begin(), r.tags.end());
    for (const std::string& t : change.remove_tags) tags.erase(t);
    tags.insert(change.add_tags.begin(), change.add_tags.end());
    r.tags.assign(tags.begin(), tags.end());
    if (r.body == n.current.body && r.tags == n.current.tags && r.motivation == n.current.motivation) {
      throw UsageError("nothing to change: give --text, --tag or --motivation with a new value");
    }
    check_revision(r);
    r.tags = detail::sorted_tags(r.tags);
    return r;
  });
}

Note NoteRepository::remove(const std::string& id, const std::string& author) {
  return write_revision(db_, id, [&](const Note& n) {
    if (n.current.deleted) throw ConflictError("note " + n.uuid.substr(0, 8) + " is removed already");
    NoteRevision r = next_revision(n, author);
    r.deleted = true;
    check_revision(r);
    return r;
  });
}

Note NoteRepository::restore(const std::string& id, const std::string& author) {
  return write_revision(db_, id, [&](const Note& n) {
    if (!n.current.deleted) throw ConflictError("note " + n.uuid.substr(0, 8) + " is not removed");
    NoteRevision r = next_revision(n, author);
    r.deleted = false;
    check_revision(r);
    return r;
  });
}

Note NoteRepository::resolve(const std::string& id, const std::optional<std::string>& take,
                             const std::optional<std::string>& body, const std::string& author) {
  if (take.has_value() == body.has_value()) throw UsageError("give either --take REV or --text BODY");
  Note out;
  db_.write([&] {
    detail::NoteStore store(db_);
    const int64_t note_id = store.resolve_prefix(id);
    const Note n = load(db_, note_id);
    if (!n.conflict()) throw ConflictError("note " + n.uuid.substr(0, 8) + " is not in conflict");
    NoteRevision r = n.current;
    if (take) {
      std::vector<NoteRevision> chosen;
      for (const NoteRevision& x : store.revisions(note_id)) {
        if (x.uuid.rfind(*take, 0) == 0) chosen.push_back(x);
      }
      if (chosen.empty()) throw NotFound("note " + n.uuid.substr(0, 8) + " has no revision " + *take);
      if (chosen.size() > 1) throw UsageError("revision " + *take + " is ambiguous; give more of it");
      r = chosen.front();
    } else {
      r.body = *body;
      r.deleted = false;
    }
    r.uuid = detail::random_uuid();
    r.parents.clear();
    for (const NoteRevision& h : n.heads) r.parents.push_back(h.uuid);
    r.author = author;
    r.created_at = detail::utc_now_ms();
    check_revision(r);
    store.append(note_id, r);
    out = load(db_, note_id);
  });
  return out;
}

std::vector<Note> NoteRepository::list(const NoteFilter& f) const {
  std::optional<Address> at;
  if (f.address) at = parse_address(*f.address);
  if (at) EditionRepository(db_).get(at->siglum);  // NotFound naming the sigla there are
  // The scope is written into the statement (one of three constant clauses)
  // rather than as "?1 IS NULL OR ...": only then can SQLite use the
  // note_passage index, which keeps one passage's listing in microseconds.
  const char* scope = !at                    ? "?1 IS NULL AND ?2 IS NULL AND ?3 IS NULL"
                      : at->whole_edition() ? "n.edition_id = (SELECT id FROM edition WHERE siglum = ?1) "
                                              "AND ?2 IS NULL AND ?3 IS NULL"
                                            : "n.edition_id = (SELECT id FROM edition WHERE siglum = ?1) "
                                              "AND n.passage_seq BETWEEN ?2 AND ?3";
  SQLite::Statement q(db_.sql(),
                      std::string("SELECT DISTINCT n.id, e.siglum, n.passage_seq, n.span_start, n.created_at, n.uuid "
                                  "FROM note n LEFT JOIN edition e ON e.id = n.edition_id "
                                  "JOIN note_revision r ON r.note_id = n.id AND r.head = 1 WHERE ") +
                          scope +
                          " AND (?4 IS NULL OR EXISTS (SELECT 1 FROM note_tag t WHERE t.revision_id = r.id AND t.tag = ?4)) "
                          "AND (?5 IS NULL OR EXISTS (SELECT 1 FROM note_revision a WHERE a.note_id = n.id "
                          "     AND instr(lower(a.author), lower(?5)) > 0)) "
                          "AND (?6 = 0 OR n.orphaned = 1 OR n.target IN ('link', 'variant', 'character')) "
                          "AND (?7 = 1 OR r.deleted = 0) "
                          "ORDER BY e.siglum, n.passage_seq, n.span_start, n.created_at, n.uuid");
  if (at) q.bind(1, at->siglum); else q.bind(1);
  if (at && !at->whole_edition()) {
    q.bind(2, at->first);
    q.bind(3, at->last);
  } else {
    q.bind(2);
    q.bind(3);
  }
  detail::bind_optional(q, 4, f.tag);
  detail::bind_optional(q, 5, f.author);
  q.bind(6, f.orphaned_only ? 1 : 0);
  q.bind(7, f.include_deleted ? 1 : 0);
  std::vector<Note> out;
  db_.read([&] {
    std::vector<int64_t> ids;
    while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
    for (int64_t id : ids) {
      Note n = load(db_, id);
      if (!f.orphaned_only || n.orphaned) out.push_back(std::move(n));  // a lost target is known only once loaded
    }
  });
  return out;
}

std::vector<Note> NoteRepository::conflicts() const {
  SQLite::Statement q(db_.sql(),
                      "SELECT note_id FROM note_revision WHERE head = 1 GROUP BY note_id HAVING count(*) > 1 "
                      "ORDER BY (SELECT uuid FROM note WHERE id = note_id)");
  std::vector<Note> out;
  db_.read([&] {
    while (q.executeStep()) out.push_back(load(db_, q.getColumn(0).getInt64()));
  });
  return out;
}

std::vector<Note> NoteRepository::search(const std::string& query, int64_t limit) const {
  const std::string match = to_fts5_query(query);
  SQLite::Statement q(db_.sql(),
                      "SELECT r.note_id FROM note_fts f JOIN note_revision r ON r.id = f.rowid "
                      "WHERE note_fts MATCH ? ORDER BY f.rank LIMIT ?");
  q.bind(1, match);
  q.bind(2, limit);
  std::vector<Note> out;
  std::set<int64_t> seen;
  while (q.executeStep()) {
    const int64_t id = q.getColumn(0).getInt64();
    if (seen.insert(id).second) out.push_back(load(db_, id));
  }
  return out;
}

}  // namespace jiaozhu
