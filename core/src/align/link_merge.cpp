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

bool link_known(Database& db, const std::string& uuid) {
  SQLite::Statement q(db.sql(), "SELECT 1 FROM link WHERE uuid = ?");
  q.bind(1, uuid);
  return q.executeStep();
}

bool editions_linked(Database& db, int64_t a, int64_t b) {
  SQLite::Statement q(db.sql(), std::string("SELECT 1 FROM link l WHERE ") + detail::kLinkJoinsEditions + " LIMIT 1");
  q.bind(":ea", a);
  q.bind(":eb", b);
  return q.executeStep();
}

}  // namespace

// Brings in manual links the other copy made, and the automatic links of an
// edition pair this copy has not aligned.
void merge_links(MergeContext& m) {
  const auto links = read_links(m);
  std::map<int64_t, std::vector<detail::CollatedPassage>> texts;
  std::map<std::pair<int64_t, int64_t>, bool> aligned_here;
  detail::LinkWriter writer(m.db);
  std::vector<int64_t> counts(kVariantClassCount, 0);
  detail::DeletionStore deletions(m.db);
  for (const IncomingLink& l : links) {
    if (l.passages.empty() || link_known(m.db, l.uuid) || deletions.buried(l.uuid)) continue;
    const int64_t ea = l.passages.front().first;
    const auto other_side = std::find_if(l.passages.begin(), l.passages.end(), [&](const auto& p) { return p.first != ea; });
    if (other_side == l.passages.end()) continue;
    const int64_t eb = other_side->first;
    if (!l.manual) {
      auto [it, fresh] = aligned_here.try_emplace({ea, eb}, false);
      if (fresh) it->second = editions_linked(m.db, ea, eb);
      if (it->second) continue;
    }
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
    }
    const EditionRepository editions(m.db);
    const Edition a = editions.find_by_id(ea).value(), b = editions.find_by_id(eb).value();
    writer.store(draft, a.uuid, b.uuid, detail::collation_rules(m.db, a, b), counts);
    ++m.report.links_added;
  }
  writer.flush();
}

void merge_kind_choices(MergeContext& m) {
  m.report.kind_choices = merge_choice_log(m, kKindChoices, [](const std::string& v) { parse_variant_kind(v); });
}

}  // namespace jiaozhu::detail
