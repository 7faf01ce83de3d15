#include "align/link_draft.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

#include "align/collation_text.h"
#include "align/editorial_matter.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

std::vector<std::string> texts(const std::vector<const CollatedPassage*>& side) {
  std::vector<std::string> out;
  for (const auto* p : side) out.push_back(p->text);
  return out;
}

// Two author names, without a digitiser's number, that name one person
// (太宗皇帝 and 李世民, once the alias is known).
bool same_person(const std::u32string& a, const std::u32string& b, const CollationRules& rules) {
  if (!rules.person_names || rules.person_names->empty()) return false;
  const auto person = [&](const std::u32string& name) -> std::optional<int64_t> {
    const auto it = rules.person_names->find(to_utf8(fold_code_points(name)));
    return it == rules.person_names->end() ? std::nullopt : std::optional<int64_t>(it->second);
  };
  const auto pa = person(a);
  return pa && pa == person(b);
}

// A reading of a title or author that is the editors' matter, not the
// text's: a title's count, part number or heading (「王昭君三首 一」 against
// 「王昭君」, left by a link joining a cycle's parts to the whole), or an
// author one side gives as unknown (不詳), names by a number (李昂1 for 李昂),
// or names by another of the person's names.
bool editorial(VariantField field, const std::string& a, const std::string& b, const FoundVariant& v,
               const CollationRules& rules) {
  const std::u32string ta = to_code_points(a), tb = to_code_points(b);
  if (field == VariantField::kAuthor) {
    if (is_unknown_author(ta) || is_unknown_author(tb)) return true;
    const std::u32string na = without_name_number(ta), nb = without_name_number(tb);
    return na == nb || same_person(na, nb, rules);
  }
  const bool a_empty = v.a.start == v.a.end, b_empty = v.b.start == v.b.end;
  if (b_empty && is_title_heading_or_elision(ta, v.a.start, v.a.end, tb, v.b.start)) return true;
  if (a_empty && is_title_heading_or_elision(tb, v.b.start, v.b.end, ta, v.a.start)) return true;
  return (a_empty || is_title_apparatus(ta, v.a.start, v.a.end, b_empty)) &&
         (b_empty || is_title_apparatus(tb, v.b.start, v.b.end, a_empty));
}

}  // namespace

std::vector<CollatedPassage> load_passages(Database& db, int64_t edition_id) {
  SQLite::Statement q(db.sql(), "SELECT id, seq, text, coalesce(title, ''), coalesce(author, '') FROM passage "
                                "WHERE edition_id = ? ORDER BY seq");
  q.bind(1, edition_id);
  std::vector<CollatedPassage> out;
  while (q.executeStep()) {
    out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getString(),
                   q.getColumn(3).getString(), q.getColumn(4).getString()});
  }
  return out;
}

CollationRules collation_rules(const Database& db, const Edition& a, const Edition& b) {
  CollationRules rules;
  rules.folding = &db.folding();
  rules.same_script = a.script == b.script && (a.script == Script::kHant || a.script == Script::kHans);
  rules.person_names = db.person_names();
  return rules;
}

std::vector<FoundVariant> variants_of(const LinkDraft& link, const CollationRules& rules) {
  std::vector<FoundVariant> out = find_variants(make_collation_text(texts(link.a), *rules.folding),
                                                make_collation_text(texts(link.b), *rules.folding), rules);
  if (link.a.empty() || link.b.empty()) return out;
  for (const VariantField field : {VariantField::kTitle, VariantField::kAuthor}) {
    auto of = [field](const CollatedPassage* p) { return field == VariantField::kTitle ? p->title : p->author; };
    const std::string a = of(link.a.front()), b = of(link.b.front());
    if (a == b) continue;
    const std::string one_a[] = {a}, one_b[] = {b};
    for (FoundVariant v : find_variants(make_collation_text(one_a, *rules.folding),
                                        make_collation_text(one_b, *rules.folding), rules)) {
      if (v.variant_class == VariantClass::kPunct || v.variant_class == VariantClass::kBreak) continue;
      if (v.variant_class == VariantClass::kSubstantive && editorial(field, a, b, v, rules)) {
        v.variant_class = VariantClass::kEditorial;
      }
      v.field = field;
      out.push_back(v);  // side positions name passage 0: each side's first
    }
  }
  return out;
}

void for_each_link_variants(const std::vector<const LinkDraft*>& links, const CollationRules& rules,
                            const std::function<void(std::size_t, const std::vector<FoundVariant>&)>& write) {
  // Chunks of links: workers find chunk k + 1 while this thread writes chunk k.
  constexpr std::size_t kChunk = 2048;
  const std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
  auto find_chunk = [&links, &rules, workers](std::size_t from, std::size_t to) {
    std::vector<std::vector<FoundVariant>> out(to - from);
    std::atomic<std::size_t> next{from};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
      try {
        for (std::size_t i; (i = next++) < to;) out[i - from] = variants_of(*links[i], rules);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        failure = std::current_exception();
        next = to;
      }
    };
    std::vector<std::thread> threads;
    for (std::size_t t = 1; t < workers && t < to - from; ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    return out;
  };
  std::future<std::vector<std::vector<FoundVariant>>> ahead;
  if (!links.empty()) ahead = std::async(std::launch::async, find_chunk, 0, std::min(kChunk, links.size()));
  for (std::size_t from = 0; from < links.size(); from += kChunk) {
    const auto found = ahead.get();
    const std::size_t next = from + kChunk;
    if (next < links.size()) ahead = std::async(std::launch::async, find_chunk, next, std::min(next + kChunk, links.size()));
    for (std::size_t i = 0; i < found.size(); ++i) write(from + i, found[i]);
  }
}

}  // namespace jiaozhu::detail
