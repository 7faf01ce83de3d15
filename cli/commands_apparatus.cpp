// apparatus: the critical apparatus of a base against witnesses, in the
// format a scholar hands on (校勘記 text, JSON, CSV, TEI, HTML).
#include <iostream>

#include "app.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/error.h"
#include "jiaozhu/workflow.h"
#include "data_output.h"
#include "output.h"

namespace jiaozhu::cli {
namespace {

struct ApparatusArgs {
  std::string base;
  std::vector<std::string> witnesses;
  std::string passage, classes, format = "text", output;
  bool json = false;  // --json: --format json
};

using Writer = void (*)(const Apparatus&, std::ostream&);

Writer writer_for(const std::string& format) {
  if (format == "text") return write_apparatus_text;
  if (format == "json") return write_apparatus_json;
  if (format == "csv") return write_apparatus_csv;
  if (format == "tei") return write_apparatus_tei;
  if (format == "html") return write_apparatus_html;
  throw UsageError("unknown format '" + format + "' (text, json, csv, tei or html)");
}

void run_apparatus(const Globals& g, const ApparatusArgs& args) {
  const std::string format = args.json ? "json" : args.format;
  const Writer write = writer_for(format);
  ApparatusRequest request;
  request.base = args.base;
  request.witnesses = args.witnesses;
  if (!args.passage.empty()) request.passages = args.passage;
  request.classes = parse_class_list(args.classes, default_apparatus_classes());
  request.witness_texts = format == "html";
  DataOutput output(args.output);
  Database db = g.open();
  std::vector<std::string> aligned;
  const Apparatus a = make_apparatus(db, request, &aligned);
  for (const std::string& w : aligned) std::cerr << "jiaozhu: aligned " << args.base << " with " << w << " first\n";
  write(a, output.stream());
  output.finish();
  if (!args.output.empty()) std::cerr << "jiaozhu: wrote " << a.entries << " entries to " << args.output << "\n";
}

}  // namespace

void add_apparatus_command(CLI::App& app, Globals& g) {
  add_command(app, g, "apparatus", "The critical apparatus of a base text against witnesses (校勘記)", [&g](CLI::App* cmd) {
    auto args = std::make_shared<ApparatusArgs>();
    cmd->add_option("BASE", args->base, "The base text's siglum (底本)")->required();
    cmd->add_option("WITNESSES", args->witnesses, "The witnesses' sigla, in the order they are cited")->required();
    cmd->add_option("--passage", args->passage, "Only these passages of the base: S:N or S:N-M");
    cmd->add_option("--class", args->classes,
                    "Classes that make entries, comma-separated, or all (default: substantive,conversion,placeholder,"
                    "pinyin: variant forms, script and punctuation make none)");
    cmd->add_option("--format", args->format, "text (a 校勘記, default), json, csv, tei or html");
    add_json_flag(cmd, g, args->json, "The same as --format json");
    cmd->add_option("-o,--output", args->output, "Write to this file (whole, or not at all) instead of standard output");
    cmd->callback([&g, args] { run_apparatus(g, *args); });
  });
}

}  // namespace jiaozhu::cli
