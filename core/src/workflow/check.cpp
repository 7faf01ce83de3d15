#include "jiaozhu/check.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/variant_form_rules.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <atomic>
#include <future>
#include <optional>

#include "align/kind_choice_table.h"
#include "align/link_store.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"
#include "notes/rival_editions.h"
#include "notes/note_store.h"
#include "people/mention_index.h"
#include "people/record_history.h"
#include "people/cbdb_ids.h"
#include "repo/deletion_store.h"
#include "repo/edition_datings.h"
#include "repo/suggestion_dismissals.h"
#include "people/mention_choices.h"
#include "facsimile/page_images.h"
#include "parallels/gram_index.h"
#include "repo/section_paths.h"
#include "search/search_index.h"
#include "util/columns.h"
#include "util/content_hash.h"

namespace jiaozhu {
namespace {

constexpr std::size_t kMaxFaultsListed = 20;

void add(CheckResult& r, std::string fault) {
  if (r.faults.size() < kMaxFaultsListed) r.faults.push_back(std::move(fault));
}

CheckResult integrity(Database& db) {
  CheckResult r{"integrity", {}};
  SQLite::Statement q(db.sql(), "PRAGMA integrity_check");
  while (q.executeStep()) {
    std::string line = q.getColumn(0).getString();
    if (line != "ok") add(r, line);
  }
  return r;
}

CheckResult foreign_keys(Database& db) {
  CheckResult r{"foreign keys", {}};
  SQLite::Statement q(db.sql(), "PRAGMA foreign_key_check");
  while (q.executeStep()) {
    add(r, q.getColumn(0).getString() + " row " + q.getColumn(1).getString() + " refers to a missing " +
               q.getColumn(2).getString());
  }
  return r;
}

CheckResult schema_version(Database& db) {
  CheckResult r{"schema version", {}};
  const int v = db.schema_version();
  if (v != current_schema_version()) {
    add(r, "schema " + std::to_string(v) + ", expected " + std::to_string(current_schema_version()));
  }
  return r;
}

// Passages are numbered 1..N, and their ids run consecutively in seq order
// (the PassageRange invariant search relies on).
CheckResult numbering(Database& db) {
  CheckResult r{"passage numbering", {}};
  SQLite::Statement q(db.sql(),
                      "SELECT e.siglum, count(p.id), coalesce(min(p.seq), 1), coalesce(max(p.seq), 0), "
                      "count(DISTINCT p.id - p.seq) "
                      "FROM edition e LEFT JOIN passage p ON p.edition_id = e.id GROUP BY e.id");
  while (q.executeStep()) {
    const std::string siglum = q.getColumn(0).getString();
    const int64_t n = q.getColumn(1).getInt64();
    if (n == 0 || q.getColumn(2).getInt64() != 1 || q.getColumn(3).getInt64() != n) {
      add(r, "edition " + siglum + ": passages are not numbered 1.." + std::to_string(n));
    } else if (q.getColumn(4).getInt64() != 1) {
      add(r, "edition " + siglum + ": passage ids are not consecutive in passage order");
    }
  }
  return r;
}

// Recomputes what import computed: NFC text and the content hash.
std::vector<CheckResult> content(Database& db) {
  CheckResult nfc{"text normalization", {}}, hashes{"content hashes", {}};
  SQLite::Statement editions(db.sql(), "SELECT id, siglum, content_hash FROM edition ORDER BY siglum");
  SQLite::Statement passages(db.sql(),
                             "SELECT p.seq, p.text, p.title, p.author, p.ref, pp.section_id, pp.page, pp.line "
                             "FROM passage p LEFT JOIN passage_place pp ON pp.passage_id = p.id "
                             "WHERE p.edition_id = ? ORDER BY p.seq");
  while (editions.executeStep()) {
    const std::string siglum = editions.getColumn(1).getString();
    detail::ContentHasher h;
    std::optional<detail::SectionPaths> read;
    try {
      read.emplace(db.sql(), editions.getColumn(0).getInt64());
    } catch (const InputError& e) {
      add(hashes, "edition " + siglum + ": " + e.what());
      continue;
    }
    const detail::SectionPaths& sections = *read;
    passages.bind(1, editions.getColumn(0).getInt64());
    // The hash names the version: a corrected passage counts as imported.
    const auto corrected = imported_texts(db, editions.getColumn(0).getInt64());
    auto next_corrected = corrected.begin();
    while (passages.executeStep()) {
      const std::string text = passages.getColumn(1).getString();
      if (to_nfc(text) != text) add(nfc, siglum + ":" + passages.getColumn(0).getString() + " is not NFC");
      const bool was_corrected = next_corrected != corrected.end() && next_corrected->first == passages.getColumn(0).getInt64();
      h.add_passage(was_corrected ? (next_corrected++)->second : text, detail::optional_text(passages.getColumn(2)), detail::optional_text(passages.getColumn(3)),
                    detail::optional_text(passages.getColumn(4)));
      std::optional<int64_t> section;
      if (!passages.getColumn(5).isNull()) section = passages.getColumn(5).getInt64();
      try {
        h.add_structure(sections.path(section), detail::optional_text(passages.getColumn(6)),
                        detail::optional_text(passages.getColumn(7)));
      } catch (const InputError& e) {
        add(hashes, siglum + ":" + passages.getColumn(0).getString() + ": " + e.what());
      }
    }
    passages.reset();
    if (h.hex() != editions.getColumn(2).getString()) {
      add(hashes, "edition " + siglum + ": its passages do not match its content hash");
    }
  }
  return {nfc, hashes};
}

// The two checks that read the whole file: SQLite's integrity check of
// every page, and the search index's, which reads every passage through
// FTS5 again (0.76 s and 1.14 s on 全宋詩, 0.90 s and 0.5 s beside 10,000
// notes and 180,000 variants). Outside a transaction the first runs on a
// connection of its own, on the other core, which then takes the second
// unless `db`, done with the other checks, took it first: both read the
// same committed file. Inside a transaction another connection could not
// see what it wrote, so both run on `db`.
class WholeFileChecks {
 public:
  explicit WholeFileChecks(Database& db) {
    if (sqlite3_get_autocommit(db.sql().getHandle()) == 0) {
      std::promise<CheckResult> here;
      here.set_value(integrity(db));
      integrity_ = here.get_future();
      return;
    }
    integrity_ = std::async(std::launch::async, [this, path = db.path()] {
      OpenSteps steps;
      steps.load_folding = [](Database& own) { return FoldRuleRepository(own).folding(); };
      Database own = Database::open(path, OpenMode::kInspect, steps);
      CheckResult r = integrity(own);
      take_search_index(own);
      return r;
    });
  }
  ~WholeFileChecks() {
    if (integrity_.valid()) integrity_.wait();  // the worker refers to this object
  }
  WholeFileChecks(const WholeFileChecks&) = delete;
  WholeFileChecks& operator=(const WholeFileChecks&) = delete;

  // Both results, once `db` has taken the search index's check if the
  // other connection has not.
  std::pair<CheckResult, CheckResult> results(Database& db) {
    take_search_index(db);
    CheckResult integrity = integrity_.get();
    return {std::move(integrity), std::move(*search_index_)};
  }

 private:
  void take_search_index(Database& db) {
    if (!search_taken_.exchange(true)) search_index_ = CheckResult{"search index", detail::SearchIndex(db).faults()};
  }

  std::atomic<bool> search_taken_{false};
  std::optional<CheckResult> search_index_;  // written by whoever took it, read after integrity_.get()
  std::future<CheckResult> integrity_;
};

}  // namespace

std::vector<CheckResult> check_database(Database& db) {
  CheckResult schema{"schema", {}};
  if (db.schema_drift()) add(schema, "the file " + *db.schema_drift());
  // The checks below read jiaozhu's tables as jiaozhu makes them; on a
  // schema that departs from it they could only fail or mislead.
  if (!schema.faults.empty()) return {integrity(db), std::move(schema)};
  WholeFileChecks whole_file(db);
  // Their places, filled in when they are done.
  std::vector<CheckResult> out{{"integrity", {}}, foreign_keys(db), schema_version(db), std::move(schema), numbering(db)};
  for (CheckResult& r : content(db)) out.push_back(std::move(r));
  const std::size_t search_index_at = out.size();
  out.push_back({"search index", {}});
  out.push_back({"variants", detail::variant_faults(db)});
  out.push_back({"mentions", detail::MentionIndex(db).faults()});
  out.push_back({"notes", detail::NoteStore(db).faults()});
  out.push_back({"deletions", detail::DeletionStore(db).faults()});
  out.push_back({"fold rules", FoldRuleRepository(db).faults()});
  CheckResult choices{"scholars' decisions", detail::ChoiceLog(db, detail::kKindChoices).faults()};
  for (const detail::ChoiceTable& t : {detail::kEditionDatings, detail::kEditionExtents, detail::kCbdbIds, detail::kSuggestionDismissals,
                                       detail::kAliasAmbiguities, detail::kMentionChoices}) {
    for (std::string& f : detail::ChoiceLog(db, t).faults()) choices.faults.push_back(std::move(f));
  }
  out.push_back(std::move(choices));
  out.push_back({"page images", detail::page_image_faults(db)});
  out.push_back({"parallel index", detail::GramIndex(db).faults()});
  out.push_back({"editor's decisions", DecisionRepository(db).faults()});
  out.push_back({"corrections", correction_faults(db)});
  CheckResult history{"record history", detail::RecordHistory(db, detail::RecordKind::kPerson).faults()};
  for (std::string& f : detail::RecordHistory(db, detail::RecordKind::kAlias).faults()) history.faults.push_back(std::move(f));
  out.push_back(std::move(history));
  out.push_back({"edition versions", detail::version_faults(db)});
  std::tie(out.front(), out[search_index_at]) = whole_file.results(db);
  return out;
}

}  // namespace jiaozhu
