#include "people/mention_index.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <set>
#include <tuple>

#include "jiaozhu/database.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"
#include "people/mention_finder.h"

namespace jiaozhu::detail {
namespace {

MentionFinder load_finder(Database& db) {
  SQLite::Statement q(db.sql(), "SELECT id, folded FROM alias");
  std::vector<std::pair<int64_t, std::u32string>> aliases;
  while (q.executeStep()) aliases.emplace_back(q.getColumn(0).getInt64(), to_code_points(q.getColumn(1).getString()));
  return MentionFinder(aliases);
}

using Row = std::tuple<int64_t, int64_t, int64_t, int64_t>;  // passage, start, end, alias

// Scans the passages `select` yields (id, text) with `finder`.
void scan(SQLite::Statement& select, const MentionFinder& finder, const std::function<void(const Row&)>& emit) {
  while (select.executeStep()) {
    const int64_t id = select.getColumn(0).getInt64();
    const std::u32string folded = fold_code_points(to_code_points(select.getColumn(1).getString()));
    for (const FoundMention& m : finder.find(folded)) {
      emit({id, static_cast<int64_t>(m.start), static_cast<int64_t>(m.end), m.alias_id});
    }
  }
}

void write_scan(Database& db, SQLite::Statement& select) {
  const MentionFinder finder = load_finder(db);
  if (finder.empty()) return;
  SQLite::Statement insert(db.sql(), "INSERT INTO mention (passage_id, span_start, span_end, alias_id) VALUES (?, ?, ?, ?)");
  scan(select, finder, [&](const Row& r) {
    insert.bind(1, std::get<0>(r));
    insert.bind(2, std::get<1>(r));
    insert.bind(3, std::get<2>(r));
    insert.bind(4, std::get<3>(r));
    insert.exec();
    insert.reset();
  });
}

}  // namespace

void MentionIndex::refresh(const std::vector<int64_t>& passage_ids) {
  SQLite::Statement drop(db_.sql(), "DELETE FROM mention WHERE passage_id = ?");
  for (int64_t id : passage_ids) {
    drop.bind(1, id);
    drop.exec();
    drop.reset();
  }
  SQLite::Statement select(db_.sql(),
                           "SELECT id, text FROM passage WHERE id IN (SELECT value FROM json_each(?))");
  std::string ids = "[";
  for (std::size_t i = 0; i < passage_ids.size(); ++i) ids += (i ? "," : "") + std::to_string(passage_ids[i]);
  select.bind(1, ids + "]");
  write_scan(db_, select);
}

void MentionIndex::refresh_edition(int64_t edition_id) {
  SQLite::Statement drop(db_.sql(), "DELETE FROM mention WHERE passage_id IN (SELECT id FROM passage WHERE edition_id = ?)");
  drop.bind(1, edition_id);
  drop.exec();
  SQLite::Statement select(db_.sql(), "SELECT id, text FROM passage WHERE edition_id = ?");
  select.bind(1, edition_id);
  write_scan(db_, select);
}

void MentionIndex::rebuild() {
  db_.sql().exec("DELETE FROM mention");
  SQLite::Statement select(db_.sql(), "SELECT id, text FROM passage");
  write_scan(db_, select);
}

std::vector<std::string> MentionIndex::faults() const {
  std::set<Row> fresh, stored;
  SQLite::Statement select(db_.sql(), "SELECT id, text FROM passage");
  scan(select, load_finder(db_), [&](const Row& r) { fresh.insert(r); });
  SQLite::Statement q(db_.sql(), "SELECT passage_id, span_start, span_end, alias_id FROM mention");
  while (q.executeStep()) {
    stored.insert({q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getInt64(), q.getColumn(3).getInt64()});
  }
  if (fresh == stored) return {};
  return {"mentions are out of date: " + std::to_string(stored.size()) + " stored, a scan finds " +
          std::to_string(fresh.size()) + " (run `jiaozhu mentions --rebuild`)"};
}

}  // namespace jiaozhu::detail
