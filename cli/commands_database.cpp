// init, check, stats: the database as a whole.
#include <iostream>

#include "app.h"
#include "jiaozhu/check.h"
#include "jiaozhu/error.h"
#include "jiaozhu/stats.h"
#include "json_output.h"
#include "text_format.h"
#include "terminal_guard.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

void run_init(const Globals& g, bool json) {
  Database db = g.open(OpenMode::kCreate);
  const std::string file = db.path().string(), schema = " (schema " + std::to_string(db.schema_version()) + ")";
  print_result(json, {{"database", file}, {"created", db.created()}, {"schema", db.schema_version()}},
               db.created() ? "created " + file + schema : file + " is already a jiaozhu database" + schema);
}

void run_check(const Globals& g, bool json) {
  Database db = g.open(OpenMode::kInspect);
  const auto results = check_database(db);
  bool ok = true;
  nlohmann::ordered_json doc{{"database", db.path().string()}, {"checks", nlohmann::ordered_json::array()}};
  for (const CheckResult& r : results) {
    ok = ok && r.faults.empty();
    doc["checks"].push_back({{"name", r.name}, {"ok", r.faults.empty()}, {"faults", r.faults}});
    if (json) continue;
    std::cout << (r.faults.empty() ? "ok    " : "FAULT ") << r.name << '\n';
    for (const std::string& f : r.faults) std::cout << "      " << printable(f) << '\n';
  }
  doc["ok"] = ok;
  if (json) print_json(doc);
  if (!ok) throw ExitStatus{kExitCheckFailed};
}

void run_stats(const Globals& g, bool json) {
  Database db = g.open();
  const Stats s = compute_stats(db);
  if (json) {
    print_json({{"database", db.path().string()}, {"schema_version", s.schema_version}, {"works", s.works},
                {"editions", s.editions}, {"passages", s.passages}, {"characters", s.code_points},
                {"links", s.links}, {"variants", s.variants}, {"persons", s.persons}, {"notes", s.notes},
                {"note_revisions", s.note_revisions}, {"conflicts", s.conflicts}, {"file_bytes", s.file_bytes}});
    return;
  }
  print_table({{"database", db.path().string()},
               {"schema", std::to_string(s.schema_version)},
               {"works", with_commas(s.works)},
               {"editions", with_commas(s.editions)},
               {"passages", with_commas(s.passages)},
               {"text characters", with_commas(s.code_points)},
               {"links", with_commas(s.links)},
               {"variants", with_commas(s.variants)},
               {"persons", with_commas(s.persons)},
               {"notes", with_commas(s.notes) + " (" + with_commas(s.note_revisions) + " revisions, " +
                             with_commas(s.conflicts) + " in conflict)"},
               {"file size", with_commas(s.file_bytes) + " bytes"}},
              {});
}

}  // namespace

void add_database_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "init", "Create a jiaozhu database (the file named by --db)", [&g](CLI::App* init) {
    auto json = std::make_shared<bool>(false);
    add_json_flag(init, g, *json, "Print as JSON");
    init->callback([&g, json] { run_init(g, *json); });
  });

  add_command(app, g, "check", "Verify integrity, foreign keys, schema and content; exit 1 on a fault",
              [&g](CLI::App* check) {
                auto json = std::make_shared<bool>(false);
                add_json_flag(check, g, *json, "Print the results as JSON");
                check->callback([&g, json] { run_check(g, *json); });
              });

  add_command(app, g, "stats", "Totals: works, editions, passages, characters, links, variants, persons, notes, file size",
              [&g](CLI::App* stats) {
                auto json = std::make_shared<bool>(false);
                add_json_flag(stats, g, *json, "Print as JSON");
                stats->callback([&g, json] { run_stats(g, *json); });
              });
}

}  // namespace jiaozhu::cli
