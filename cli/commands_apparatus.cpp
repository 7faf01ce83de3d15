// apparatus: the critical apparatus of a base against witnesses, in the
// format a scholar hands on (校勘記 text, JSON, CSV, TEI, HTML).
#include <filesystem>
#include <iostream>
#include <optional>

#include "app.h"
#include "jiaozhu/apparatus.h"
#include "jiaozhu/error.h"
#include "jiaozhu/workflow.h"
#include "data_output.h"
#include "text_format.h"

namespace jiaozhu::cli {
namespace {

struct ApparatusArgs {
  std::string base;
  std::vector<std::string> witnesses;
  std::string passage, classes, format = "text", output;
  bool json = false;  // --json: --format json
  bool split = false;  // --split: HTML pages by section in the folder -o names
  bool undecided = false;  // --undecided: the editor's worklist
};

// Base passages on one page of a split apparatus, at most; and beyond how
// many one page is worth a word about --split.
constexpr std::size_t kPassagesPerPage = 500;
constexpr std::size_t kLargePage = 5000;

// The apparatus as HTML pages in `folder` (made when missing): index.html
// and a page per part, each written whole or not at all.
void write_pages(Apparatus a, const std::filesystem::path& folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw InputError("cannot make the folder " + folder.string() + ": " + ec.message());
  const std::vector<ApparatusPart> parts = split_apparatus(std::move(a), kPassagesPerPage);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    DataOutput page((folder / parts[i].file_name).string());
    write_apparatus_html_part(parts, i, page.stream());
    page.finish();
  }
  DataOutput index((folder / "index.html").string());
  write_apparatus_html_index(parts, index.stream());
  index.finish();
  std::cerr << "jiaozhu: wrote " << parts.size() << (parts.size() == 1 ? " page" : " pages") << " and index.html to "
            << folder.string() << "\n";
}

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
  if (args.split && (format != "html" || args.output.empty())) {
    throw UsageError("--split writes HTML pages into a folder: give --format html -o FOLDER");
  }
  ApparatusRequest request;
  request.base = args.base;
  request.witnesses = args.witnesses;
  if (!args.passage.empty()) request.passages = args.passage;
  request.classes = parse_class_list(args.classes, default_apparatus_classes());
  request.witness_texts = format == "html";
  request.undecided_only = args.undecided;
  std::optional<DataOutput> output;
  if (!args.split) output.emplace(args.output);
  Database db = g.open();
  std::vector<std::string> aligned;
  Apparatus a = make_apparatus(db, request, &aligned);
  for (const std::string& w : aligned) std::cerr << "jiaozhu: aligned " << args.base << " with " << w << " first\n";
  if (args.undecided) std::cerr << "jiaozhu: " << with_commas(a.undecided) << " places to decide\n";
  if (args.split) return write_pages(std::move(a), args.output);
  if (format == "html" && a.passages.size() > kLargePage) {
    std::cerr << "jiaozhu: one page of " << with_commas(static_cast<int64_t>(a.passages.size()))
              << " passages is slow to open; --split -o FOLDER writes a page per section and an index\n";
  }
  write(a, output->stream());
  output->finish();
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
                    "pinyin: variant forms, script, punctuation and editorial matter make none)");
    cmd->add_option("--format", args->format, "text (a 校勘記, default), json, csv, tei or html");
    add_json_flag(cmd, g, args->json, "The same as --format json");
    cmd->add_option("-o,--output", args->output, "Write to this file (whole, or not at all) instead of standard output");
    cmd->add_flag("--undecided", args->undecided,
                  "Only the places no decision or policy decides, and those in conflict: the editor's worklist");
    cmd->add_flag("--split", args->split,
                  "HTML: a page per top-level section of the base (卷; 500 passages at most) and index.html, in the folder -o names");
    cmd->callback([&g, args] { run_apparatus(g, *args); });
  });
}

}  // namespace jiaozhu::cli
