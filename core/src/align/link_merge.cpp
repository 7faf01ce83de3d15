#include "align/link_merge.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <map>

#include "align/kind_choice_table.h"
#include "align/link_draft.h"
#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/variant_kind.h"
#include "repo/choice_log_merge.h"
#include "repo/deletion_store.h"

namespace jiaozhu::detail {
namespace {


struct IncomingLink {
  std::string uuid;
  bool manual = false, moved = false, stale = false;
  std::vector<std::pair<int64_t, int64_t>> passages;  // local edition id, seq
};

std::vector<IncomingLink> read_links(MergeContext& m) {
  SQLite::Statement q(m.other,
                      "SELECT l.uuid, l.origin, l.moved, p.edition_id, p.seq FROM link l "
                      "JOIN link_passage lp ON lp.link_id = l.id JOIN passage p ON p.id = lp.passage_id "
                      "ORDER BY l.id, p.edition_id, p.seq");
  std::vector<IncomingLink> out;
  while (q.executeStep()) {
    const std::string uuid = m.text(q, 0, Field::kUuid);
    if (out.empty() || out.back().uuid != uuid) {
      out.push_back({uuid, q.getColumn(1).getString() == "manual", q.getColumn(2).getInt() == 1, false, {}});
    }
    const auto edition = m.editions.find(q.getColumn(3).getInt64());
    if (edition == m.editions.end()) m.refuse("link " + uuid + " joins a passage of no edition");
    if (m.stale_editions.count(q.getColumn(3).getInt64())) {
      out.back().passages.clear();  // a link on an older text of an edition: align again instead
      out.back().stale = true;
      continue;
    }
    if (out.back().stale) continue;
    out.back().passages.emplace_back(edition->second, q.getColumn(4).getInt64());
  }
  return out;
}

// Whether link `uuid` is here; one made by hand in the other copy that is
// automatic here becomes one made by hand (the same passages: a scholar
// confirmed the alignment's link), so that every copy ends with one origin.
bool link_known(Database& db, const std::string& uuid, bool manual) {
  SQLite::Statement q(db.sql(), "SELECT origin = 'manual' FROM link WHERE uuid = ?");
  q.bind(1, uuid);
  if (!q.executeStep()) return false;
  if (manual && q.getColumn(0).getInt() == 0) {
    SQLite::Statement promote(db.sql(), "UPDATE link SET origin = 'manual' WHERE uuid = ?");
    promote.bind(1, uuid);
    promote.exec();
  }
  return true;
}

// Whether a passage of `draft` is in a link here with the other side's
// edition: an automatic link that would join it again is left out, so that
// merging never makes two links hold one passage towards one edition.
bool already_linked(Database& db, const detail::LinkDraft& draft, int64_t edition_a, int64_t edition_b) {
  auto q = db.cached("SELECT 1 FROM link_passage x JOIN link_passage y ON y.link_id = x.link_id "
                     "JOIN passage p ON p.id = y.passage_id WHERE x.passage_id = ? AND p.edition_id = ? LIMIT 1");
  for (const auto& [side, other] : {std::pair{&draft.a, edition_b}, std::pair{&draft.b, edition_a}}) {
    for (const detail::CollatedPassage* p : *side) {
      q->bind(1, p->id);
      q->bind(2, other);
      if (q->executeStep()) return true;
      q->reset();
    }
  }
  return false;
}

// The index of the passage numbered `seq` in one side of a link draft.
std::optional<uint32_t> index_of_seq(const std::vector<const CollatedPassage*>& side, int64_t seq) {
  for (std::size_t i = 0; i < side.size(); ++i) {
    if (side[i]->seq == seq) return static_cast<uint32_t>(i);
  }
  return std::nullopt;
}

std::size_t length_of(const CollatedPassage& p, VariantField field) {
  return to_code_points(field == VariantField::kText ? p.text : field == VariantField::kTitle ? p.title : p.author).size();
}

// The variants the other copy stores for its link `uuid` (`q` is
// kVariantsOfLink on the other copy), placed on
// `draft`'s passages (of local editions `ea` and `eb`; their texts are the
// same here). A link made by hand may carry variants no collation of its
// texts gives back: a source's apparatus (apparatus_links.h) says where its
// witness reads otherwise. Nothing when a variant names a passage outside
// the link or a span outside its text: the link is then collated here.
// The other copy's variants of one link, by its uuid (bound to 1).
constexpr char kVariantsOfLink[] =
    "SELECT v.class, v.field, pa.edition_id, pa.seq, v.start_a, v.end_a, pb.edition_id, pb.seq, v.start_b, v.end_b "
    "FROM link l JOIN variant v ON v.link_id = l.id JOIN passage pa ON pa.id = v.passage_a "
    "JOIN passage pb ON pb.id = v.passage_b WHERE l.uuid = ? ORDER BY v.n";

std::optional<std::vector<FoundVariant>> incoming_variants(MergeContext& m, SQLite::Statement& q, const std::string& uuid,
                                                           const LinkDraft& draft, int64_t ea, int64_t eb) {
  q.reset();
  q.bind(1, uuid);
  const auto local_edition = [&](int column) {
    const auto e = m.editions.find(q.getColumn(column).getInt64());
    return e == m.editions.end() ? int64_t{0} : e->second;
  };
  std::vector<FoundVariant> out;
  while (q.executeStep()) {
    FoundVariant v{};
    try {
      v.variant_class = parse_variant_class(q.getColumn(0).getString());
      v.field = parse_variant_field(q.getColumn(1).getString());
    } catch (const UsageError&) {
      m.refuse("link " + uuid + " has a variant of an unknown class or field");
    }
    // The other copy may name the link's editions the other way round.
    const bool swapped = local_edition(2) == eb && local_edition(6) == ea;
    if (!swapped && (local_edition(2) != ea || local_edition(6) != eb)) return std::nullopt;
    const int a = swapped ? 6 : 2, b = swapped ? 2 : 6;
    const auto ia = index_of_seq(draft.a, q.getColumn(a + 1).getInt64());
    const auto ib = index_of_seq(draft.b, q.getColumn(b + 1).getInt64());
    if (!ia || !ib) return std::nullopt;
    const auto span = [&](int column, const CollatedPassage& p, SidePosition& into) {
      const int64_t start = q.getColumn(column).getInt64(), end = q.getColumn(column + 1).getInt64();
      if (start < 0 || start > end || end > static_cast<int64_t>(length_of(p, v.field))) return false;
      into = {into.passage, static_cast<uint32_t>(start), static_cast<uint32_t>(end)};
      return true;
    };
    v.a.passage = *ia;
    v.b.passage = *ib;
    if (!span(a + 2, *draft.a[*ia], v.a) || !span(b + 2, *draft.b[*ib], v.b)) return std::nullopt;
    out.push_back(v);
  }
  return out;
}

}  // namespace

// Brings in the links the other copy made: by hand (which take their
// passages out of automatic links here), and automatic ones whose passages
// no link here joins to the other edition. Both copies' alignments of the
// same text make the same links, so that every copy ends with their union;
// where two alignments differ, the links here stand.
void merge_links(MergeContext& m) {
  const auto links = read_links(m);
  std::map<int64_t, std::vector<detail::CollatedPassage>> texts;
  detail::LinkWriter writer(m.db);
  std::vector<int64_t> counts(kVariantClassCount, 0);
  detail::DeletionStore deletions(m.db);
  SQLite::Statement variants_of_link(m.other, kVariantsOfLink);
  for (const IncomingLink& l : links) {
    if (l.passages.empty() || deletions.buried(l.uuid) || link_known(m.db, l.uuid, l.manual)) continue;
    const int64_t ea = l.passages.front().first;
    const auto other_side = std::find_if(l.passages.begin(), l.passages.end(), [&](const auto& p) { return p.first != ea; });
    if (other_side == l.passages.end()) continue;
    const int64_t eb = other_side->first;
    detail::LinkDraft draft;
    draft.manual = l.manual;
    draft.moved = l.moved;
    for (int64_t e : {ea, eb}) {
      if (!texts.count(e)) texts[e] = detail::load_passages(m.db, e);
    }
    for (const auto& [edition, seq] : l.passages) {
      const auto& ps = texts[edition];
      if (seq < 1 || seq > static_cast<int64_t>(ps.size())) m.refuse("a link names a passage its edition lacks");
      (edition == ea ? draft.a : draft.b).push_back(&ps[static_cast<std::size_t>(seq - 1)]);
    }
    if (l.manual) {
      for (const auto* side : {&draft.a, &draft.b}) {
        for (const detail::CollatedPassage* p : *side) detail::delete_auto_links_of_passage(m.db, p->id);
      }
    } else if (already_linked(m.db, draft, ea, eb)) {
      continue;
    }
    const EditionRepository editions(m.db);
    const Edition a = editions.find_by_id(ea).value(), b = editions.find_by_id(eb).value();
    const auto kept = l.manual ? incoming_variants(m, variants_of_link, l.uuid, draft, ea, eb) : std::nullopt;
    if (kept) writer.store(draft, a.uuid, b.uuid, *kept, counts);
    else writer.store(draft, a.uuid, b.uuid, detail::collation_rules(m.db, a, b), counts);
    ++m.report.links_added;
  }
  writer.flush();
}

void merge_kind_choices(MergeContext& m) {
  m.report.kind_choices = merge_choice_log(m, kKindChoices, [](const std::string& v) { parse_variant_kind(v); });
}

}  // namespace jiaozhu::detail
