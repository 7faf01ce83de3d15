// parallels, reuse: where else a passage's words stand (引文, 互見, 輯佚),
// in any work of the database, and every such pair between two editions.
#include <iostream>

#include "app.h"
#include "data_output.h"
#include "jiaozhu/csv.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/parallels.h"
#include "json_output.h"
#include "progress_bar.h"
#include "table.h"
#include "text_format.h"

namespace jiaozhu::cli {
namespace {

using ojson = nlohmann::ordered_json;

struct ParallelsArgs {
  std::string address, a, b, format = "text", output;
  std::vector<std::string> in;
  int64_t min_length = 8;
  bool linked = false, json = false, all = false;
};

ParallelOptions options_of(const ParallelsArgs& a) {
  ParallelOptions o;
  for (const std::string& w : a.in) o.in.push_back(checked_argument(Field::kReference, w, "--in"));
  o.min_length = a.min_length;
  o.include_linked = a.linked;
  return o;
}

ojson side_json(const ParallelSide& s) { return {{"address", s.address}, {"start", s.start}, {"end", s.end}, {"text", s.text}}; }

ojson parallel_json(const Parallel& p) {
  ojson differences = ojson::array();
  for (const ParallelDifference& d : p.differences) {
    differences.push_back({{"at", d.at}, {"reading", d.reading}, {"other_at", d.other_at}, {"other_reading", d.other_reading}});
  }
  return {{"passage", side_json(p.own)}, {"parallel", side_json(p.other)}, {"work", p.other_work}, {"length", p.length},
          {"differing", static_cast<int64_t>(p.differences.size())}, {"differences", differences}};
}

// One line: where, how long, the words of both sides, the differences.
std::string parallel_line(const Parallel& p) {
  std::string line = p.other.address + " [" + std::to_string(p.other.start) + "," + std::to_string(p.other.end) + ") " +
                     std::to_string(p.length) + " chars";
  if (!p.differences.empty()) {
    line += ", " + std::to_string(p.differences.size()) + " differ (";
    for (std::size_t i = 0; i < p.differences.size(); ++i) {
      line += (i ? " " : "") + p.differences[i].reading + "/" + p.differences[i].other_reading;
    }
    line += ")";
  }
  return line + "  「" + one_line(p.other.text) + "」 (" + p.other_work + ")";
}

void run_parallels(const Globals& g, const ParallelsArgs& a) {
  Database db = g.open();
  const std::vector<Parallel> found =
      ParallelRepository(db).of_passage(checked_argument(Field::kReference, a.address, "the address"), options_of(a));
  if (a.json) {
    ojson list = ojson::array();
    for (const Parallel& p : found) list.push_back(parallel_json(p));
    return print_json({{"address", a.address}, {"total", static_cast<int64_t>(found.size())}, {"parallels", list}});
  }
  if (found.empty()) {
    std::cout << "no passage of another work shares " << a.min_length << " characters or more with " << a.address << '\n';
    return;
  }
  for (const Parallel& p : found) {
    std::cout << a.address << " [" << p.own.start << "," << p.own.end << ") ~ " << printable(parallel_line(p)) << '\n';
  }
  std::cout << count_of(static_cast<int64_t>(found.size()), "parallel") << '\n';
}

void run_reuse(const Globals& g, const ParallelsArgs& a) {
  if (a.json && a.format != "text") throw UsageError("give --json or --format, not both");
  if (a.all != (a.a.empty() && a.b.empty()) || (!a.all && a.b.empty())) {
    throw UsageError("give two editions S T, or --all for every pair of works");
  }
  if (!a.all && !a.in.empty()) throw UsageError("--in chooses the editions of --all");
  const std::string format = a.json ? "json" : a.format;
  if (format != "text" && format != "json" && format != "csv") throw UsageError("unknown format '" + format + "' (text, json or csv)");
  DataOutput output(a.output);
  Database db = g.open();
  ProgressBar bar(!g.quiet);
  const auto report = [&](int64_t done, int64_t total) { bar.update("comparing", static_cast<uint64_t>(done), static_cast<uint64_t>(total)); };
  const std::vector<Parallel> found =
      a.all ? ParallelRepository(db).across_works(options_of(a), report) : ParallelRepository(db).between(a.a, a.b, options_of(a), report);
  std::ostream& out = output.stream();
  if (format == "json") {
    ojson list = ojson::array();
    for (const Parallel& p : found) list.push_back(parallel_json(p));
    ojson doc = a.all ? ojson{{"all", true}} : ojson{{"a", a.a}, {"b", a.b}};
    doc["total"] = static_cast<int64_t>(found.size());
    doc["parallels"] = std::move(list);
    out << doc.dump(2) << '\n';
  } else if (format == "csv") {
    out << "\xEF\xBB\xBF" "passage,start,end,text,parallel,parallel_start,parallel_end,parallel_text,length,differing\r\n";
    for (const Parallel& p : found) {
      out << csv_field(p.own.address) << ',' << p.own.start << ',' << p.own.end << ',' << csv_field(p.own.text) << ','
          << csv_field(p.other.address) << ',' << p.other.start << ',' << p.other.end << ',' << csv_field(p.other.text) << ','
          << p.length << ',' << p.differences.size() << "\r\n";
    }
  } else {
    for (const Parallel& p : found) {
      out << p.own.address << " [" << p.own.start << "," << p.own.end << ") ~ " << printable(parallel_line(p)) << '\n';
    }
    out << count_of(static_cast<int64_t>(found.size()), "parallel")
        << (a.all ? std::string(" between editions of different works") : " between " + a.a + " and " + a.b) << '\n';
  }
  output.finish();
}

void add_common(CLI::App* cmd, ParallelsArgs& a) {
  cmd->add_option("--min-length", a.min_length, "The shortest run that counts, in characters (default 8)");
}

}  // namespace

void add_parallel_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "parallels", "Where else a passage's words stand, in any work: quotations, 互見, 輯佚", [&g](CLI::App* cmd) {
    auto a = std::make_shared<ParallelsArgs>();
    cmd->add_option("ADDRESS", a->address, "The passage, S:N")->required();
    cmd->add_option("--in", a->in, "Only in these editions or works (repeat for several)")->allow_extra_args(false);
    add_common(cmd, *a);
    cmd->add_flag("--linked", a->linked, "Also the passages linked with it as editions of one work");
    add_json_flag(cmd, g, a->json, "Print as JSON: both sides' spans in code points, the differences");
    cmd->callback([&g, a] { run_parallels(g, *a); });
  });
  add_command(app, g, "reuse", "Every parallel between two editions (one twice: repetition within it), or across all works", [&g](CLI::App* cmd) {
    auto a = std::make_shared<ParallelsArgs>();
    cmd->add_option("S", a->a, "An edition");
    cmd->add_option("T", a->b, "The edition it is compared with (S again: within S)");
    cmd->add_flag("--all", a->all, "Every pair of editions of different works: text reuse across the collection");
    cmd->add_option("--in", a->in, "With --all: only these editions or works (repeat for several)")->allow_extra_args(false);
    add_common(cmd, *a);
    cmd->add_flag("--linked", a->linked, "Also passages linked as editions of one work");
    cmd->add_option("--format", a->format, "text (default), json or csv (with a byte-order mark)");
    cmd->add_option("-o,--output", a->output, "Write to this file (whole, or not at all) instead of standard output");
    add_json_flag(cmd, g, a->json, "Print as JSON");
    cmd->callback([&g, a] { run_reuse(g, *a); });
  });
}

}  // namespace jiaozhu::cli
