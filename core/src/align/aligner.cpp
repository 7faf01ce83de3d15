// align: links between the passages of two editions, from an alignment of
// their whole texts.
//
// Both editions become one sequence of units each (collation_text.h); the
// sequences are aligned (diff.h: unique k-gram anchors, then Myers between
// them), and every pair of passages that shares enough aligned units is an
// edge. The connected groups of passages are the links: 1:1, or 1:n where an
// edition splits a paragraph. Passages with no edge are gaps: text one
// edition has and the other lacks. Matches found out of order (moved text)
// make edges too, and the link is marked moved.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <chrono>
#include <future>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <unordered_map>

#include "align/diff.h"
#include "align/link_store.h"
#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"

namespace jiaozhu {
namespace {

using detail::CollatedPassage;

// Passage ids held by manual links between the two editions.
std::set<int64_t> manually_linked(Database& db, int64_t a, int64_t b) {
  SQLite::Statement q(db.sql(), std::string("SELECT lp.passage_id FROM link l JOIN link_passage lp ON lp.link_id = l.id "
                                            "WHERE l.origin = 'manual' AND ") +
                                    detail::kLinkJoinsEditions);
  q.bind(":ea", a);
  q.bind(":eb", b);
  std::set<int64_t> out;
  while (q.executeStep()) out.insert(q.getColumn(0).getInt64());
  return out;
}

struct Edge {
  int64_t matched = 0;
  int64_t moved = 0;
};

// Edges between passage i of a and passage j of b, keyed i * nb + j.
std::map<std::size_t, Edge> edges(const detail::CollationText& ta, const detail::CollationText& tb,
                                  const detail::Alignment& alignment) {
  std::map<std::size_t, Edge> out;
  const std::size_t nb = tb.units_per_passage.size();
  // Matches come in order, mostly many in a row for one pair of passages:
  // count runs, and touch the map once per run.
  std::size_t key = SIZE_MAX;
  int64_t run = 0;
  for (const auto& m : alignment.matches) {
    const std::size_t k = ta.units[m.a].passage * nb + tb.units[m.b].passage;
    if (k != key) {
      if (run) out[key].matched += run;
      key = k;
      run = 0;
    }
    ++run;
  }
  if (run) out[key].matched += run;
  std::set<std::size_t> seen;  // moved k-grams overlap: count each unit of a once
  for (const auto& m : alignment.moved) {
    if (seen.insert(m.a).second) ++out[ta.units[m.a].passage * nb + tb.units[m.b].passage].moved;
  }
  return out;
}

struct UnionFind {
  std::vector<std::size_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t find(std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(std::size_t x, std::size_t y) { parent[find(x)] = find(y); }
};

// Two passages belong together when the aligned units they share cover at
// least half of the shorter one.
bool strong(int64_t shared, int64_t units_a, int64_t units_b) {
  const int64_t shorter = std::min(units_a, units_b);
  return shared > 0 && shared * 2 >= shorter && shared >= std::min<int64_t>(2, shorter);
}

// The units of passage p of a text, as keys.
std::span<const uint32_t> passage_keys(const detail::CollationText& t, const std::vector<std::size_t>& first, std::size_t p) {
  return std::span<const uint32_t>(t.keys).subspan(first[p], first[p + 1] - first[p]);
}

// Where each passage's units start (and one past the last): units are in
// passage order, so this is the running sum of the counts per passage.
std::vector<std::size_t> first_units(const detail::CollationText& t) {
  std::vector<std::size_t> first(t.units_per_passage.size() + 1, 0);
  for (std::size_t p = 0; p < t.units_per_passage.size(); ++p) first[p + 1] = first[p] + t.units_per_passage[p];
  return first;
}

// Passages left unmatched on both sides that carry the same text at other
// places: transpositions too short to hold an anchor (a verse moved to
// another stanza). Candidates share 4-grams; a pair is kept when it passes
// the same test as aligned passages.
std::vector<std::pair<std::size_t, std::size_t>> relocated(const detail::CollationText& ta, const detail::CollationText& tb,
                                                           const std::vector<bool>& linked,
                                                           const std::vector<int64_t>& units_a,
                                                           const std::vector<int64_t>& units_b) {
  constexpr std::size_t kGram = 4;
  const std::size_t na = ta.units_per_passage.size();
  const auto first_a = first_units(ta), first_b = first_units(tb);
  auto gram = [](std::span<const uint32_t> keys, std::size_t i) {
    uint64_t h = 1469598103934665603ull;
    for (std::size_t k = 0; k < kGram; ++k) h = (h ^ keys[i + k]) * 1099511628211ull;
    return h;
  };
  std::unordered_map<uint64_t, std::vector<std::size_t>> where;  // 4-gram -> unmatched passages of b
  for (std::size_t j = 0; j < tb.units_per_passage.size(); ++j) {
    const auto keys = passage_keys(tb, first_b, j);
    if (linked[na + j] || keys.size() < kGram) continue;
    for (std::size_t i = 0; i + kGram <= keys.size(); ++i) where[gram(keys, i)].push_back(j);
  }
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::vector<bool> taken(tb.units_per_passage.size(), false);
  for (std::size_t i = 0; i < na && !where.empty(); ++i) {
    const auto keys = passage_keys(ta, first_a, i);
    if (linked[i] || keys.size() < kGram) continue;
    std::unordered_map<std::size_t, int64_t> shared;
    for (std::size_t k = 0; k + kGram <= keys.size(); ++k) {
      auto it = where.find(gram(keys, k));
      if (it != where.end()) for (std::size_t j : it->second) ++shared[j];
    }
    std::size_t best = SIZE_MAX;
    int64_t best_count = 0;
    for (const auto& [j, n] : shared) {
      if (!taken[j] && (n > best_count || (n == best_count && j < best))) best = j, best_count = n;
    }
    if (best == SIZE_MAX) continue;
    const auto matched = static_cast<int64_t>(detail::myers_diff(keys, passage_keys(tb, first_b, best)).size());
    if (strong(matched, units_a[i], units_b[best])) {
      out.emplace_back(i, best);
      taken[best] = true;
    }
  }
  return out;
}

}  // namespace

AlignReport align_pair(Database& db, const std::string& siglum_a, const std::string& siglum_b,
                       const AlignSteps& steps) {
  const auto start = std::chrono::steady_clock::now();
  EditionRepository editions(db);
  const Edition ea = editions.get(siglum_a), eb = editions.get(siglum_b);
  if (ea.id == eb.id) throw ConflictError("align compares two editions; " + siglum_a + " was named twice");
  if (ea.work != eb.work) {
    throw ConflictError(siglum_a + " and " + siglum_b + " are editions of different works ('" + ea.work + "', '" +
                        eb.work + "'): align compares editions of one work");
  }
  AlignReport report;
  report.siglum_a = siglum_a;
  report.siglum_b = siglum_b;
  std::vector<int64_t> counts(kVariantClassCount, 0);

  db.write([&] {
    if (steps.before) steps.before(db);
    detail::delete_auto_links(db, ea.id, eb.id);
    const std::set<int64_t> manual = manually_linked(db, ea.id, eb.id);
    const auto all_a = detail::load_passages(db, ea.id), all_b = detail::load_passages(db, eb.id);
    report.passages_a = static_cast<int64_t>(all_a.size());
    report.passages_b = static_cast<int64_t>(all_b.size());
    std::vector<const CollatedPassage*> pa, pb;  // the passages left to align
    for (const auto& p : all_a) if (!manual.count(p.id)) pa.push_back(&p);
    for (const auto& p : all_b) if (!manual.count(p.id)) pb.push_back(&p);
    std::vector<std::string_view> texts_a, texts_b;
    for (const auto* p : pa) texts_a.push_back(p->text);
    for (const auto* p : pb) texts_b.push_back(p->text);
    const detail::CollationRules rules = detail::collation_rules(db, ea, eb);
    // The two sides on two cores: each is a few million characters folded.
    auto side_b = std::async(std::launch::async, [&] { return detail::make_collation_text(texts_b, *rules.folding, false); });
    const auto ta = detail::make_collation_text(texts_a, *rules.folding, false);
    const auto tb = side_b.get();
    const auto alignment = detail::align_sequences(ta.keys, tb.keys);

    const std::vector<int64_t> units_a(ta.units_per_passage.begin(), ta.units_per_passage.end());
    const std::vector<int64_t> units_b(tb.units_per_passage.begin(), tb.units_per_passage.end());
    const std::size_t na = pa.size(), nb = pb.size();
    UnionFind groups(na + nb);
    std::vector<bool> linked(na + nb, false);
    std::vector<std::size_t> moved;  // passages of a joined by text found out of order
    for (const auto& [key, e] : edges(ta, tb, alignment)) {
      const std::size_t i = key / nb, j = key % nb;
      if (!strong(e.matched + e.moved, units_a[i], units_b[j])) continue;
      groups.join(i, na + j);
      linked[i] = linked[na + j] = true;
      if (e.moved > e.matched) moved.push_back(i);
    }
    for (const auto& [i, j] : relocated(ta, tb, linked, units_a, units_b)) {
      groups.join(i, na + j);
      linked[i] = linked[na + j] = true;
      moved.push_back(i);
    }
    std::map<std::size_t, detail::LinkDraft> drafts;  // by group root, in order of first passage of a
    for (std::size_t i = 0; i < na; ++i) {
      if (linked[i]) drafts[groups.find(i)].a.push_back(pa[i]);
      else report.unmatched_a.push_back(format_address(siglum_a, pa[i]->seq));
    }
    for (std::size_t j = 0; j < nb; ++j) {
      if (linked[na + j]) drafts[groups.find(na + j)].b.push_back(pb[j]);
      else report.unmatched_b.push_back(format_address(siglum_b, pb[j]->seq));
    }
    for (std::size_t i : moved) drafts[groups.find(i)].moved = true;
    detail::LinkWriter writer(db);
    std::vector<const detail::LinkDraft*> links;
    for (const auto& [root, draft] : drafts) links.push_back(&draft);
    detail::for_each_link_variants(links, rules, [&](std::size_t i, const std::vector<detail::FoundVariant>& variants) {
      writer.store(*links[i], ea.uuid, eb.uuid, variants, counts);
      ++report.links;
      report.moved_links += links[i]->moved;
    });
    writer.flush();
    if (steps.after) steps.after(db, ea.id, eb.id);
    report.manual_links = static_cast<int64_t>(CollationRepository(db).links(siglum_a, siglum_b).size()) - report.links;
    db.refresh_statistics({"link", "link_passage", "variant"});
  });
  for (std::size_t c = 0; c < counts.size(); ++c) {
    report.variants.emplace_back(static_cast<VariantClass>(c), counts[c]);
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace jiaozhu
