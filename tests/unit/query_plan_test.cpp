// Every listing's SQL, as the repositories run it on a large generated
// database, planned by SQLite: none may scan a table inside a correlated
// subquery (once per outer row), the plan that made `links` take ten
// minutes on two editions of 50,000 passages.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/import.h"
#include "jiaozhu/note_exchange.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/people.h"
#include "jiaozhu/search.h"
#include "jiaozhu/stats.h"
#include "support.h"

using namespace jiaozhu;

namespace {

constexpr int kPassages = 4000;

// Passages of 20 to 60 characters drawn from the fixture's own characters;
// B is A with every 25th passage split in two, every 40th joined to the
// next, one character in a hundred replaced.
void write_editions(const std::filesystem::path& a, const std::filesystem::path& b) {
  const std::u32string pool = jz_test::to_u32(jz_test::read_file(jz_test::corpus("songjin/hant.txt")));
  std::u32string han;
  for (char32_t c : pool) if (c >= 0x4E00 && c <= 0x9FFF) han += c;
  std::mt19937 rng(7);
  std::vector<std::u32string> passages;
  for (int i = 0; i < kPassages; ++i) {
    std::u32string p;
    const int length = 20 + static_cast<int>(rng() % 41);
    for (int k = 0; k < length; ++k) p += han[rng() % han.size()];
    passages.push_back(p);
  }
  std::string out_a, out_b;
  for (int i = 0; i < kPassages; ++i) {
    out_a += jz_test::to_utf8(passages[i]) + "\n";
    std::u32string p = passages[i];
    for (char32_t& c : p) if (rng() % 100 == 0) c = han[rng() % han.size()];
    if (i % 25 == 3) {
      out_b += jz_test::to_utf8(p.substr(0, p.size() / 2)) + "\n" + jz_test::to_utf8(p.substr(p.size() / 2)) + "\n";
    } else if (i % 40 == 7 && i + 1 < kPassages) {
      out_b += jz_test::to_utf8(p + passages[++i]) + "\n";
    } else {
      out_b += jz_test::to_utf8(p) + "\n";
    }
  }
  jz_test::write_file(a, out_a);
  jz_test::write_file(b, out_b);
}

// Records the SQL text of every statement the connection starts.
int record_statement(unsigned, void* seen, void* statement, void*) {
  if (const char* sql = sqlite3_sql(static_cast<sqlite3_stmt*>(statement))) {
    static_cast<std::set<std::string>*>(seen)->insert(sql);
  }
  return 0;
}

// The lines of `sql`'s plan that scan inside a correlated subquery: a SCAN
// of a table (not of a virtual table or a constant row), or, in a subquery
// that joins tables, a SEARCH by edition alone (every passage of an
// edition, once per outer row: the plan of the ten-minute `links`). Alone
// in its subquery such a search is an edition's max(seq), one index entry.
std::vector<std::string> correlated_scans(SQLite::Database& db, const std::string& sql) {
  SQLite::Statement q(db, "EXPLAIN QUERY PLAN " + sql);
  std::map<int, int> parent;
  std::map<int, std::string> detail;
  while (q.executeStep()) {
    parent[q.getColumn(0).getInt()] = q.getColumn(1).getInt();
    detail[q.getColumn(0).getInt()] = q.getColumn(3).getString();
  }
  // The correlated subquery a plan line is in, or 0.
  auto correlated_of = [&](int id) {
    for (int at = parent[id]; at != 0; at = parent[at]) {
      if (detail[at].rfind("CORRELATED", 0) == 0) return at;
    }
    return 0;
  };
  std::map<int, int> tables_in;  // correlated subquery -> tables it reads
  for (const auto& [id, text] : detail) {
    if (text.rfind("SCAN ", 0) == 0 || text.rfind("SEARCH ", 0) == 0) ++tables_in[correlated_of(id)];
  }
  std::vector<std::string> out;
  for (const auto& [id, text] : detail) {
    const int subquery = correlated_of(id);
    if (subquery == 0) continue;
    const bool scan = text.rfind("SCAN ", 0) == 0 && text.find("VIRTUAL TABLE") == std::string::npos &&
                      text.find("CONSTANT ROW") == std::string::npos;
    const bool whole_edition = text.rfind("SEARCH ", 0) == 0 && text.ends_with("(edition_id=?)") && tables_in[subquery] > 1;
    if (scan || whole_edition) out.push_back(text);
  }
  return out;
}

struct Generated {
  jz_test::TempDir dir;
  Database db = open_database(dir / "large.db", OpenMode::kCreate);

  Generated() {
    write_editions(dir / "a.txt", dir / "b.txt");
    for (const auto& [siglum, file] : {std::pair{"A", "a.txt"}, std::pair{"B", "b.txt"}}) {
      ImportOptions o;
      o.work = "generated";
      o.siglum = siglum;
      const std::filesystem::path path = dir / file;
      import_edition(db, {&path, 1}, o, nullptr);
    }
    align_editions(db, "A", "B");
    PersonRepository people(db, jz_test::kTestAuthor);
    const std::string name = jz_test::to_utf8(jz_test::to_u32(PassageRepository(db).get(parse_address("A:1")).front().text).substr(0, 2));
    people.add(name, "");
    NoteRepository notes(db);
    for (int i = 1; i <= 200; ++i) {
      NoteRequest r;
      r.address = "A:" + std::to_string(i * 17);
      r.body = "note " + std::to_string(i);
      r.tags = {"t" + std::to_string(i % 5)};
      r.author = jz_test::kTestAuthor;
      notes.add(r);
    }
  }

  // Runs every listing and lookup the commands make, recording their SQL.
  std::set<std::string> listing_statements() {
    std::set<std::string> seen;
    sqlite3_trace_v2(db.sql().getHandle(), SQLITE_TRACE_STMT, record_statement, &seen);
    CollationRepository collation(db);
    collation.links("A", "B");
    collation.unmatched("A", "B");
    collation.unmatched("B", "A");
    collation.count_variants("A", "B", {});
    collation.each_variant("A", "B", {{}, {}, std::nullopt, 10, 100, {}, std::nullopt}, [](Variant&&) {});
    const auto of_passage = collation.variants("A", "B", {}, std::string("A:4"));
    collation.links_of("A:4");
    if (!of_passage.empty()) collation.find_variant(of_passage.front().uuid.substr(0, 8));
    EditionRepository(db).list();
    PassageRepository(db).get(parse_address("A:1-50"));
    NoteRepository notes(db);
    notes.list({});
    notes.list({std::string("A:17"), std::nullopt, std::nullopt, false, false});
    notes.list({std::string("A"), std::string("t1"), std::string("tester"), true, true});
    notes.conflicts();
    notes.search("note", 20);
    PersonRepository people(db, jz_test::kTestAuthor);
    people.list();
    const std::string who = people.list().front().name;
    people.mentions(who, std::nullopt);
    search(db, {"之", "", {}, "", 20, 0, false, ""});
    search(db, {"", who, {"A"}, "", 20, 0, false, ""});
    list_conflicts(db);
    count_conflicts(db);
    compute_stats(db);
    std::ostringstream sink;
    export_notes(db, NoteFormat::kW3c, true, sink);
    export_notes(db, NoteFormat::kCsv, true, sink);
    sqlite3_trace_v2(db.sql().getHandle(), 0, nullptr, nullptr);
    return seen;
  }
};

}  // namespace

TEST_CASE("the plan check finds a table scanned inside a correlated subquery") {
  Generated g;
  const auto bad = correlated_scans(g.db.sql(),
                                    "SELECT id FROM passage p WHERE NOT EXISTS "
                                    "(SELECT 1 FROM note n WHERE n.created_at = p.text)");
  CHECK(!bad.empty());
  CHECK(correlated_scans(g.db.sql(), "SELECT id FROM passage WHERE edition_id = 1").empty());
  // The subquery of the ten-minute `links`, written so that SQLite reads every
  // passage of the other edition for each passage.
  CHECK(!correlated_scans(g.db.sql(),
                          "SELECT seq FROM passage p WHERE p.edition_id = 1 AND NOT EXISTS (SELECT 1 FROM "
                          "passage q CROSS JOIN link_passage lq ON lq.passage_id = q.id CROSS JOIN link_passage lp "
                          "ON lp.link_id = lq.link_id WHERE lp.passage_id = p.id AND q.edition_id = 2)")
             .empty());

  SECTION("and no listing query has one, with statistics or without") {
    const auto statements = g.listing_statements();
    REQUIRE(statements.size() > 30);
    auto check_all = [&](SQLite::Database& connection) {
      for (const std::string& sql : statements) {
        if (sql.rfind("SELECT", 0) != 0 && sql.rfind("WITH", 0) != 0) continue;
        INFO(sql);
        CHECK(correlated_scans(connection, sql).empty());
      }
    };
    check_all(g.db.sql());  // import and align wrote statistics
    // A copy from before statistics, or one whose sqlite_stat1 was emptied:
    // the planner knows nothing of the tables' sizes.
    g.db.sql().exec("DELETE FROM sqlite_stat1");
    Database fresh = open_database(g.dir / "large.db", OpenMode::kExisting);
    check_all(fresh.sql());
  }
}
