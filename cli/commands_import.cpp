// import: source files into a new edition.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "app.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/field.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/import.h"
#include "json_output.h"
#include "text_format.h"
#include "progress_bar.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

nlohmann::ordered_json witnesses_json(const ImportReport& r) {
  auto out = nlohmann::ordered_json::array();
  for (const ImportReport::Witness& w : r.witnesses) out.push_back({{"siglum", w.siglum}, {"label", w.label}, {"readings", w.readings}, {"links", w.links}, {"partial", w.partial}});
  return out;
}

nlohmann::ordered_json labels_json(const LabelChanges& c) {
  return {{"tab", c.tabs}, {"line_break", c.line_breaks}, {"spaces", c.spaces}, {"nfc", c.nfc}, {"first", c.places}};
}

// One line on stderr when import normalised labels: the count per kind and
// the first places, so that a scholar sees what was changed and where.
void print_label_changes(const LabelChanges& c) {
  if (c.total() == 0) return;
  std::string kinds;
  const std::pair<int64_t, const char*> counts[] = {{c.tabs, "with a tab"},
                                                    {c.line_breaks, "with a line break"},
                                                    {c.spaces, "with runs of white space"},
                                                    {c.nfc, "not in NFC (compatibility ideographs)"}};
  for (const auto& [n, what] : counts) {
    if (n) kinds += (kinds.empty() ? "" : ", ") + with_commas(n) + " " + what;
  }
  std::cerr << "jiaozhu: normalised labels (titles, authors, sections, refs): " << kinds << "; first at "
            << printable(c.places.front()) << (c.places.size() > 1 ? " (more in --json)" : "") << '\n';
}

struct ImportArgs {
  std::vector<std::string> files;
  std::string work, siglum, title, dynasty, author;
  std::string script = "auto", format = "auto", encoding = "auto";
  bool split_paragraphs = false;
  std::string text_field;
  std::vector<std::string> section_fields;
  std::vector<std::string> witness_sigla;
  std::optional<std::string> inline_notes, supplements;
  std::string sort = "given";
  bool replace = false;
  bool json = false;
};

void run_import(const Globals& g, const ImportArgs& a) {
  ImportOptions o;
  o.work = a.work;
  o.siglum = a.siglum;
  o.title = a.title;
  if (a.script != "auto") o.script = parse_script(a.script);
  o.format = parse_format(a.format);
  o.encoding = parse_encoding(a.encoding);
  o.split_paragraphs = a.split_paragraphs;
  o.text_field = a.text_field;
  o.section_fields = a.section_fields;
  for (const std::string& pair : a.witness_sigla) {
    const std::size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size()) throw UsageError("--witness-siglum takes LABEL=SIGLUM (宋=S)");
    o.witness_sigla[pair.substr(0, eq)] = pair.substr(eq + 1);
  }
  o.replace = a.replace;
  o.author = author_or_unknown(a.author);
  const auto none_or = [](const std::optional<std::string>& pairs) {
    return pairs == std::optional<std::string>("none") ? std::optional<std::string>("") : pairs;
  };
  o.inline_notes = none_or(a.inline_notes);
  o.supplements = none_or(a.supplements);
  if (!a.dynasty.empty()) {
    o.dynasty = checked_argument(Field::kDynasty, a.dynasty, "--dynasty");
    EditionDatingRepository::check_dynasty(*o.dynasty);
  }
  std::vector<std::filesystem::path> files(a.files.begin(), a.files.end());
  const auto disorder = numeric_disorder(files);
  if (a.sort == "numeric") files = in_numeric_order(files);

  const auto start = std::chrono::steady_clock::now();
  Database db = g.open();
  ImportReport r;
  {
    ProgressBar bar(!g.quiet);
    r = import_edition(db, files, o, [&](std::string_view stage, uint64_t done, uint64_t total) {
      bar.update(stage, done, total);
    });
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (disorder && a.sort != "numeric") {
    r.warnings.insert(r.warnings.begin(), "the files are not in numeric order (" + disorder->first.filename().string() +
                                              " before " + disorder->second.filename().string() +
                                              ", as a shell's glob sorts them): the passages follow the order given; "
                                              "--sort numeric takes them by number");
  }
  print_label_changes(r.labels);
  constexpr std::size_t kWarningsShown = 5;
  for (std::size_t i = 0; i < r.warnings.size() && i < kWarningsShown; ++i) {
    std::cerr << "jiaozhu: warning: " << printable(r.warnings[i]) << '\n';
  }
  if (r.warnings.size() > kWarningsShown) {
    std::cerr << "jiaozhu: warning: and " << r.warnings.size() - kWarningsShown << " more (see --json)\n";
  }
  if (a.json) {
    std::vector<std::string> order;
    for (const auto& f : files) order.push_back(f.string());
    print_json({{"siglum", r.siglum}, {"work", o.work}, {"unchanged", r.unchanged}, {"passages", r.passages},
                {"files", order}, {"sorted", a.sort == "numeric" && disorder.has_value()},
                {"labels_normalised", labels_json(r.labels)},
                {"characters", r.code_points}, {"script", std::string(to_string(r.script))},
                {"encodings", r.encodings}, {"warnings", r.warnings}, {"replaced", r.replaced},
                {"passages_corrected", r.passages_corrected}, {"links_recollated", r.links_recollated},
                {"links_made", r.links_made},
                {"replaced_whole", r.replaced_whole},
                {"links_removed", r.links_removed}, {"notes_orphaned", r.notes_orphaned}, {"notes_imported", r.notes_imported},
                {"page_images", r.page_images}, {"image_folder", r.image_folder}, {"witnesses", witnesses_json(r)},
                {"seconds", seconds}});
    return;
  }
  if (r.unchanged) {
    std::cout << "edition " << r.siglum << " already holds this text: nothing to do\n";
    return;
  }
  char time[32];
  std::snprintf(time, sizeof time, "%.2f s", seconds);
  std::cout << "imported " << r.siglum << " (" << printable(o.work) << "): " << with_commas(r.passages)
            << " passages, " << with_commas(r.code_points) << " characters, " << to_string(r.script) << ", "
            << (r.encodings.empty() ? "" : r.encodings.front()) << ", " << time << '\n';
  if (r.notes_imported) std::cout << "imported the sources' " << with_commas(r.notes_imported) << " notes as notes\n";
  for (const ImportReport::Witness& w : r.witnesses) {
    if (w.partial) {
      std::cout << "witness " << printable(w.label) << " named in the sources' notes: edition " << w.siglum << " ("
                << with_commas(w.readings) << " readings in " << with_commas(w.links) << " passages, a partial witness)\n";
      continue;
    }
    std::cout << "witness " << w.label << " of the apparatus: edition " << w.siglum << " (" << with_commas(w.readings)
              << " readings), linked with " << r.siglum << " passage by passage as the apparatus says ("
              << with_commas(w.links) << " links)\n";
  }
  if (r.page_images) {
    std::cout << with_commas(r.page_images) << " pages have the image the source names";
    if (!r.image_folder.empty()) std::cout << " (their folder on this machine: " << r.image_folder << ")";
    std::cout << '\n';
  }
  if (r.replaced && r.replaced_whole.empty()) {
    std::cout << "corrected " << with_commas(r.passages_corrected) << " passages that changed (a revision each, "
              << "`jiaozhu passage log`); " << with_commas(r.links_recollated) << " links collated again, every other kept";
    if (r.links_made) std::cout << "; " << with_commas(r.links_made) << " links made";
    if (r.notes_orphaned) std::cout << "; " << r.notes_orphaned << " notes orphaned (see `jiaozhu notes --orphaned`)";
    std::cout << '\n';
  } else if (r.replaced) {
    std::cout << "replaced the old text whole (" << printable(r.replaced_whole) << "): " << with_commas(r.links_removed)
              << " links removed (run `jiaozhu align` again)";
    if (r.notes_orphaned) std::cout << "; " << r.notes_orphaned << " notes orphaned (see `jiaozhu notes --orphaned`)";
    std::cout << '\n';
  }
}

}  // namespace

void add_import_command(CLI::App& app, Globals& g) {
  add_command(app, g, "import", "Import text, JSON, TEI or Mandoku files as a new edition of a work (or --replace one)", [&g](CLI::App* cmd) {
    auto args = std::make_shared<ImportArgs>();
    cmd->add_option("FILE", args->files, "Source files, read in order into one edition")->required();
    cmd->add_option("--work", args->work, "The work this edition is a witness of (created if new)")->required();
    cmd->add_option("--siglum", args->siglum, "Short name to cite the edition by (A, B, Song1)")->required();
    cmd->add_option("--title", args->title, "A title for the edition");
    cmd->add_option("--script", args->script, "auto, hant or hans (auto detects; mixed is possible)")
        ->check(CLI::IsMember({"auto", "hant", "hans", "mixed"}));
    cmd->add_option("--format", args->format,
                    "auto, text (a passage per line), json, tei (TEI P5 XML) or mandoku (Kanripo, CBETA)")
        ->check(CLI::IsMember({"auto", "text", "json", "tei", "mandoku"}));
    cmd->add_option("--encoding", args->encoding, "auto, utf-8, gb18030, big5 or utf-16")
        ->check(CLI::IsMember({"auto", "utf-8", "utf8", "gb18030", "big5", "utf-16", "utf16"}));
    cmd->add_flag("--split-paragraphs", args->split_paragraphs,
                  "JSON: each string of \"paragraphs\" is its own passage");
    cmd->add_option("--text-field", args->text_field,
                    "JSON: the key holding each record's text (a string or a list of strings; 詩經: content)");
    cmd->add_option("--section-field", args->section_fields,
                    "JSON: a key whose value is the passage's section (論語: chapter); repeat for nested levels")
        ->allow_extra_args(false);  // one value per flag: the file after it stays a file
    cmd->add_option("--witness-siglum", args->witness_sigla,
                    "TEI apparatus: the siglum of a witness, by label or id (宋=S, wit2=S); repeat for each")
        ->allow_extra_args(false);
    cmd->add_option("--inline-notes", args->inline_notes,
                    "Brackets holding the source's own notes, as pairs (default for JSON and text: （）; none)");
    cmd->add_option("--supplied", args->supplements,
                    "Brackets holding supplied text, as pairs (default for JSON and text: []〔〕; none)");
    cmd->add_option("--sort", args->sort, "given (the order on the command line) or numeric (by the numbers in the names)")
        ->check(CLI::IsMember({"given", "numeric"}));
    cmd->add_option("--dynasty", args->dynasty, "The dynasty the text is dated to (唐, 宋, 清 …), for 避諱");
    cmd->add_flag("--replace", args->replace,
                  "Replace the text of the edition --siglum names (a corrected source); its notes follow their words");
    add_author_option(cmd, args->author);
    add_json_flag(cmd, g, args->json, "Print the summary as JSON");
    cmd->callback([&g, args] { run_import(g, *args); });
  });
}

}  // namespace jiaozhu::cli
