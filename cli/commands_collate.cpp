// align, links, variants, parallel, link add/rm: collating two editions.
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>

#include "app.h"
#include "jiaozhu/workflow.h"
#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/csv.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "listing_json.h"
#include "notes_output.h"
#include "parallel_view.h"
#include "data_output.h"
#include "json_output.h"
#include "text_format.h"
#include "table.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

void run_align(const Globals& g, const std::string& a, const std::string& b, bool json) {
  Database db = g.open();
  const AlignReport r = align_editions(db, a, b);
  if (json) {
    nlohmann::ordered_json variants;
    for (const auto& [c, n] : r.variants) variants[std::string(to_string(c))] = n;
    print_json({{"a", r.siglum_a}, {"b", r.siglum_b}, {"links", r.links}, {"manual_links", r.manual_links},
                {"moved_links", r.moved_links},
                {"unmatched", nlohmann::ordered_json::array({{{"edition", r.siglum_a}, {"passages", r.unmatched_a}},
                                                             {{"edition", r.siglum_b}, {"passages", r.unmatched_b}}})},
                {"variants", variants}, {"seconds", r.seconds}});
    return;
  }
  std::cout << "aligned " << r.siglum_a << " (" << with_commas(r.passages_a) << " passages) with " << r.siglum_b
            << " (" << with_commas(r.passages_b) << "): " << with_commas(r.links) << " links";
  if (r.manual_links) std::cout << " and " << r.manual_links << " kept by hand";
  if (r.moved_links) std::cout << ", " << r.moved_links << " moved";
  std::cout << "\nunmatched: " << r.siglum_a << " " << r.unmatched_a.size() << ", " << r.siglum_b << " "
            << r.unmatched_b.size() << "\nvariants:";
  for (const auto& [c, n] : r.variants) std::cout << " " << to_string(c) << " " << with_commas(n);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
  std::cout << "\n(" << seconds << " s)\n";
}

struct LinkArgs {
  std::string a, b;
  Page page;
  bool json = false;
};

void run_links(const Globals& g, const LinkArgs& args) {
  Database db = g.open();
  CollationRepository repo(db);
  auto links = repo.links(args.a, args.b);
  const auto ua = repo.unmatched(args.a, args.b), ub = repo.unmatched(args.b, args.a);
  const int64_t total = take_page(links, args.page);
  if (args.json) {
    JsonListPrinter out({{"a", args.a}, {"b", args.b}, {"total", total}, {"unmatched", unmatched_json(args.a, ua, args.b, ub)}},
                        "links");
    for (const Link& l : links) out.add(link_json(l));
    out.finish();
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const Link& l : links) {
    rows.push_back({address_runs(l.a), "↔", address_runs(l.b),
                    std::string(l.manual ? "manual" : "") + (l.moved ? (l.manual ? " moved" : "moved") : "")});
  }
  print_table(rows, {});
  auto unmatched = [](const std::string& siglum, const std::vector<std::string>& list) {
    if (list.size() > 20) return siglum + " " + count_of(static_cast<int64_t>(list.size()), "passage") + " (--json lists them)";
    return siglum + " " + (list.empty() ? "none" : address_runs(list));
  };
  print_summary({page_prefix(args.page, static_cast<int64_t>(links.size()), total) + count_of(total, "link") + ";",
                 "unmatched " + unmatched(args.a, ua) + ";", unmatched(args.b, ub)});
}

struct VariantArgs {
  std::string a, b, classes, fields, passage, kinds;
  Page page;
  bool json = false;
};

std::vector<VariantField> parse_fields(const std::string& list) {
  std::vector<VariantField> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) out.push_back(parse_variant_field(item));
  return out;
}

std::vector<VariantKind> parse_kinds(const std::string& list) {
  std::vector<VariantKind> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) out.push_back(parse_variant_kind(item));
  return out;
}

void refill_span_json(nlohmann::ordered_json& doc, PassageSpan&& s) {
  doc["address"].get_ref<std::string&>() = std::move(s.address);
  doc["start"] = s.start;
  doc["end"] = s.end;
  doc["reading"].get_ref<std::string&>() = std::move(s.reading);
}

// `doc`, made by variant_json, now variant_json(v).
void refill_variant_json(nlohmann::ordered_json& doc, Variant&& v) {
  doc["uuid"].get_ref<std::string&>() = std::move(v.uuid);
  doc["class"].get_ref<std::string&>() = to_string(v.variant_class);
  doc["field"].get_ref<std::string&>() = to_string(v.field);
  doc["link"] = v.link_id;
  refill_kind_json(doc, v);
  refill_span_json(doc["a"], std::move(v.a));
  refill_span_json(doc["b"], std::move(v.b));
}

std::string reading_cell(const std::string& reading) { return reading.empty() ? "—" : reading; }

// --json's document, written to `out`.
void write_variants_json(Database& db, const VariantArgs& args, const CollationRepository::VariantQuery& query,
                         std::ostream& out) {
  CollationRepository repo(db);
  const auto counts = repo.count_variants(args.a, args.b, query);
  int64_t total = 0;
  for (const auto& [c, n] : counts) total += n;
  // Each variant carries its kind; counting them first would read the
  // pair twice.
  nlohmann::ordered_json summary = nlohmann::ordered_json::object();
  for (const auto& [c, n] : counts) summary[std::string(to_string(c))] = n;
  JsonListPrinter list({{"a", args.a}, {"b", args.b}, {"total", total}, {"summary", summary}}, "variants", out);
  // One document refilled for every variant: building 700,000 of them
  // took longer than reading the variants.
  nlohmann::ordered_json item = variant_json(Variant{});
  repo.each_variant(args.a, args.b, query, [&](Variant&& v) {
    refill_variant_json(item, std::move(v));
    list.add(item);
  });
  list.finish();
}

void run_variants(const Globals& g, const VariantArgs& args) {
  Database db = g.open();
  CollationRepository repo(db);
  CollationRepository::VariantQuery query{parse_class_list(args.classes, reading_classes()), parse_fields(args.fields),
                                          args.passage.empty() ? std::nullopt : std::optional(args.passage),
                                          args.page.offset, args.page.limit, parse_kinds(args.kinds), std::nullopt};
  if (args.json) return write_variants_json(db, args, query, std::cout);
  const auto counts = repo.count_variants(args.a, args.b, query);
  int64_t total = 0;
  for (const auto& [c, n] : counts) total += n;
  std::vector<std::vector<std::string>> rows;
  std::vector<int64_t> per_kind(kVariantKindCount, 0);  // of the rows listed: the whole query unless paged
  repo.each_variant(args.a, args.b, query, [&](Variant&& v) {
    if (v.kind) ++per_kind[static_cast<std::size_t>(*v.kind)];
    const std::string where = v.field == VariantField::kText ? "" : " (" + std::string(to_string(v.field)) + ")";
    rows.push_back({v.a.address + where, reading_cell(v.a.reading), v.b.address + where, reading_cell(v.b.reading),
                    std::string(to_string(v.variant_class)), v.kind ? std::string(chinese_name(*v.kind)) : ""});
  });
  print_table(rows, {});
  std::vector<std::string> summary = {page_prefix(args.page, static_cast<int64_t>(rows.size()), total) +
                                      count_of(total, "variant") + (counts.empty() ? "" : ":")};
  for (std::size_t i = 0; i < counts.size(); ++i) {
    summary.push_back(std::string(to_string(counts[i].first)) + " " + with_commas(counts[i].second) +
                      (i + 1 < counts.size() ? "," : ""));
  }
  std::vector<std::pair<VariantKind, int64_t>> kind_counts;
  if (args.page.limit || args.page.offset > 0) {
    kind_counts = repo.count_kinds(args.a, args.b, query);
  } else {
    for (std::size_t k = 0; k < kVariantKindCount; ++k) {
      if (per_kind[k]) kind_counts.emplace_back(static_cast<VariantKind>(k), per_kind[k]);
    }
  }
  if (!kind_counts.empty()) {
    summary.back() += ";";
    summary.push_back("kinds:");
    for (std::size_t i = 0; i < kind_counts.size(); ++i) {
      summary.push_back(std::string(chinese_name(kind_counts[i].first)) + " " + with_commas(kind_counts[i].second) +
                        (i + 1 < kind_counts.size() ? "," : ""));
    }
  }
  if (args.classes.empty()) summary.push_back("(script, punct and break hidden: --class all shows them)");
  print_summary(summary);
}

// The pairwise listing for other tools: every variant of the classes asked
// (all fields), as --json prints it, or as CSV for a spreadsheet.
// The CSV: a row per variant, with its 校勘 kind (English and Chinese, as
// --json names it) where the reading has one.
void write_variants_csv(Database& db, const VariantArgs& args, const CollationRepository::VariantQuery& query,
                        std::ostream& out) {
  out << kUtf8ByteOrderMark
      << "uuid,class,field,a_address,a_start,a_end,a_reading,b_address,b_start,b_end,b_reading,kind,kind_zh\r\n";
  CollationRepository(db).each_variant(args.a, args.b, query, [&out](Variant&& v) {
    out << v.uuid << ',' << to_string(v.variant_class) << ',' << to_string(v.field) << ',' << v.a.address << ','
        << v.a.start << ',' << v.a.end << ',' << csv_field(v.a.reading) << ',' << v.b.address << ',' << v.b.start << ','
        << v.b.end << ',' << csv_field(v.b.reading) << ',' << (v.kind ? to_string(*v.kind) : "") << ','
        << (v.kind ? chinese_name(*v.kind) : "") << "\r\n";
  });
}

void run_export_variants(const Globals& g, const VariantArgs& args, const std::string& format, const std::string& file) {
  if (format != "csv" && format != "json") throw UsageError("unknown format '" + format + "' (csv or json)");
  DataOutput output(file);
  Database db = g.open();
  CollationRepository::VariantQuery query{parse_class_list(args.classes, reading_classes()), parse_fields(args.fields),
                                          std::nullopt, 0, std::nullopt, {}, std::nullopt};
  if (format == "json") write_variants_json(db, args, query, output.stream());
  else write_variants_csv(db, args, query, output.stream());
  output.finish();
}

struct ParallelArgs {
  std::string address;
  std::vector<std::string> editions;
  bool json = false;
};

void print_parallel_json(const std::string& address, const std::vector<Passage>& own,
                         const std::vector<ParallelLink>& links) {
  print_json(parallel_json(address, own, links));
}

// The passage text with the variants of one side marked [like this].
void run_parallel(const Globals& g, const ParallelArgs& args) {
  Database db = g.open();
  const Address at = parse_address(args.address);
  const std::vector<Passage> own = PassageRepository(db).get(at);
  const auto links = parallel_of(db, at, args.address, args.editions);
  if (args.json) return print_parallel_json(args.address, own, links);
  if (links.empty()) {
    for (const Passage& p : own) std::cout << format_address(p.siglum, p.seq) << "  " << printable(p.text) << '\n';
    std::cout << (args.editions.empty() ? "(no linked passage: run `jiaozhu align` first)\n"
                                        : "(no linked passage in the editions asked)\n");
    return;
  }
  const bool terminal = colour_allowed(1);
  for (const ParallelLink& pl : links) {
    for (const ParallelPassage& p : pl.passages) {
      std::vector<SpanMark> marks = note_marks(spans_of(p.notes), 1);
      for (const auto& [start, end] : p.spans) marks.push_back({start, end, terminal ? "\033[1m[" : "[", terminal ? "]\033[0m" : "]"});
      std::cout << p.address << "  " << mark_spans(p.passage.text, marks) << '\n';
      print_notes_under(p.notes, std::string(p.address.size() + 2, ' '));
    }
    std::vector<std::vector<std::string>> rows;
    for (const Variant& v : pl.variants) {
      rows.push_back({"", reading_cell(v.a.reading), "→", reading_cell(v.b.reading), std::string(to_string(v.variant_class))});
    }
    print_table(rows, {});
    std::cout << '\n';
  }
}

struct ManualLinkArgs {
  std::string a, b, author;
  bool force = false, json = false;
};

std::string link_line(const Link& l) { return address_runs(l.a) + " ↔ " + address_runs(l.b); }

void run_link_add(const Globals& g, const ManualLinkArgs& args) {
  Database db = g.open();
  const auto made = CollationRepository(db).add_manual_link(args.a, args.b, author_or_unknown(args.author), args.force);
  if (args.json) {
    auto broken = nlohmann::ordered_json::array();
    for (const Link& l : made.broken) broken.push_back(link_json(l));
    print_json({{"link", link_json(made.link)}, {"removed", broken}});
    return;
  }
  for (const Link& l : made.broken) std::cout << "removed the link " << link_line(l) << " (" << l.uuid.substr(0, 8) << ")\n";
  std::cout << "linked " << link_line(made.link) << " by hand\n";
}

void run_link_rm(const Globals& g, const ManualLinkArgs& args) {
  Database db = g.open();
  const int64_t n = CollationRepository(db).remove_link(args.a, args.b, author_or_unknown(args.author));
  if (args.json) return print_json({{"a", args.a}, {"b", args.b}, {"removed", n}});
  std::cout << "removed " << count_of(n, "link") << '\n';
}

}  // namespace

void add_collation_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "align", "Link the passages of two editions and find their variants", [&g](CLI::App* align_cmd) {
    struct PairArgs {
      std::string a, b;
      bool json = false;
    };
    auto align = std::make_shared<PairArgs>();
    align_cmd->add_option("S1", align->a, "The first edition's siglum")->required();
    align_cmd->add_option("S2", align->b, "The second edition's siglum")->required();
    add_json_flag(align_cmd, g, align->json, "Print the summary as JSON");
    align_cmd->callback([&g, align] { run_align(g, align->a, align->b, align->json); });
  });

  add_command(app, g, "links", "List the links between two editions, and their unmatched passages", [&g](CLI::App* links_cmd) {
    auto links = std::make_shared<LinkArgs>();
    links_cmd->add_option("S1", links->a, "The first edition's siglum")->required();
    links_cmd->add_option("S2", links->b, "The second edition's siglum")->required();
    add_page_options(links_cmd, links->page);
    add_json_flag(links_cmd, g, links->json, "Print as JSON");
    links_cmd->callback([&g, links] { run_links(g, *links); });
  });

  add_command(app, g, "variants", "List the variants between two editions", [&g](CLI::App* variants_cmd) {
    auto variants = std::make_shared<VariantArgs>();
    variants_cmd->add_option("S1", variants->a, "The first edition's siglum")->required();
    variants_cmd->add_option("S2", variants->b, "The second edition's siglum")->required();
    variants_cmd->add_option("--class", variants->classes,
                             "Classes to list, comma-separated: substantive, conversion, placeholder, pinyin, glyph, "
                             "script, punct, break, editorial, or all (default: substantive,conversion,placeholder,pinyin,glyph)");
    variants_cmd->add_option("--field", variants->fields,
                             "Only variants of these fields, comma-separated: text, title, author (default: all)");
    variants_cmd->add_option("--passage", variants->passage, "Only the variants of this passage (S:N)");
    variants_cmd->add_option("--kind", variants->kinds,
                             "Only readings of these 校勘 kinds, comma-separated: omission, addition, inversion, graphic, "
                             "phonetic, loan, taboo, other (or 脫, 衍, 倒, 形近, 音近, 通假, 避諱, 異文)");
    add_page_options(variants_cmd, variants->page);
    add_json_flag(variants_cmd, g, variants->json, "Print as JSON");
    variants_cmd->callback([&g, variants] { run_variants(g, *variants); });
  });

  add_command(app, g, "parallel", "Print a passage beside its linked passages, variants marked", [&g](CLI::App* parallel_cmd) {
    auto parallel = std::make_shared<ParallelArgs>();
    parallel_cmd->add_option("ADDRESS", parallel->address, "The passage (S:N)")->required();
    parallel_cmd->add_option("--edition,--with", parallel->editions,
                             "Only the links with this edition (repeat for several)")->take_all()->allow_extra_args(false);
    add_json_flag(parallel_cmd, g, parallel->json, "Print as JSON");
    parallel_cmd->callback([&g, parallel] { run_parallel(g, *parallel); });
  });

  add_command(app, g, "link", "Correct the alignment by hand: link add / link rm", [&g](CLI::App* link) {
    link->require_subcommand(1);
    auto added = std::make_shared<ManualLinkArgs>();
    auto* add = link->add_subcommand("add", "Link passages of two editions by hand (kept when align runs again)");
    add->add_option("A", added->a, "Passages of one edition: S:N or S:N-M")->required();
    add->add_option("B", added->b, "Passages of the other edition")->required();
    add->add_flag("--force", added->force, "Take the passages out of manual links that hold them too");
    add_author_option(add, added->author);
    add_json_flag(add, g, added->json, "Print the link made as JSON");
    add->callback([&g, added] { run_link_add(g, *added); });
    auto removed = std::make_shared<ManualLinkArgs>();
    auto* rm = link->add_subcommand("rm", "Remove the link between two passages");
    rm->add_option("A", removed->a, "A passage (S:N)")->required();
    rm->add_option("B", removed->b, "A passage of the other edition")->required();
    add_author_option(rm, removed->author);
    add_json_flag(rm, g, removed->json, "Print how many links were removed as JSON");
    rm->callback([&g, removed] { run_link_rm(g, *removed); });
  });
}

void add_export_variants_command(CLI::App* exp, const Globals& g) {
  auto args = std::make_shared<VariantArgs>();
  auto format = std::make_shared<std::string>("csv");
  auto file = std::make_shared<std::string>();
  auto* cmd = exp->add_subcommand("variants", "Every variant between two editions: CSV (with a byte-order mark) or JSON");
  cmd->add_option("S1", args->a, "The first edition's siglum")->required();
  cmd->add_option("S2", args->b, "The second edition's siglum")->required();
  cmd->add_option("--format", *format, "csv (default) or json");
  cmd->add_option("--class", args->classes,
                  "Classes, comma-separated, or all (default: substantive,conversion,placeholder,pinyin,glyph)");
  cmd->add_option("--field", args->fields, "Only variants of these fields: text, title, author (default: all)");
  cmd->add_option("-o,--output", *file, "Write to this file (whole, or not at all) instead of standard output");
  cmd->callback([&g, args, format, file] { run_export_variants(g, *args, *format, *file); });
}

}  // namespace jiaozhu::cli
