// align, links, variants, parallel, link add/rm: collating two editions.
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>

#include "app.h"
#include "jiaozhu/address.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "notes_output.h"
#include "output.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

// Classes `variants` shows when --class is not given: the readings.
const std::vector<VariantClass> kReadingClasses = {VariantClass::kSubstantive, VariantClass::kPinyin,
                                                   VariantClass::kGlyph};

nlohmann::ordered_json link_json(const Link& l) {
  return {{"id", l.id}, {"uuid", l.uuid}, {"origin", l.manual ? "manual" : "auto"}, {"moved", l.moved},
          {"kind", std::to_string(l.a.size()) + ":" + std::to_string(l.b.size())}, {"a", l.a}, {"b", l.b}};
}

nlohmann::ordered_json span_json(const PassageSpan& s) {
  return {{"address", s.address}, {"start", s.start}, {"end", s.end}, {"reading", s.reading}};
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

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

void run_links(const Globals& g, const std::string& a, const std::string& b, bool json) {
  Database db = g.open();
  CollationRepository repo(db);
  const auto links = repo.links(a, b);
  const auto ua = repo.unmatched(a, b), ub = repo.unmatched(b, a);
  if (json) {
    auto list = nlohmann::ordered_json::array();
    for (const Link& l : links) list.push_back(link_json(l));
    print_json({{"a", a}, {"b", b}, {"links", list},
                {"unmatched", nlohmann::ordered_json::array({{{"edition", a}, {"passages", ua}},
                                                             {{"edition", b}, {"passages", ub}}})}});
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const Link& l : links) {
    rows.push_back({join(l.a, " "), "↔", join(l.b, " "), std::string(l.manual ? "manual" : "") + (l.moved ? " moved" : "")});
  }
  print_table(rows, {});
  std::cout << links.size() << " links; unmatched " << a << ": " << (ua.empty() ? "none" : join(ua, " ")) << "; "
            << b << ": " << ub.size() << "\n";
}

struct VariantArgs {
  std::string a, b, classes, passage;
  bool json = false;
};

std::vector<VariantClass> parse_classes(const std::string& list) {
  if (list.empty()) return kReadingClasses;
  std::vector<VariantClass> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (item == "all") return {};
    out.push_back(parse_variant_class(item));
  }
  return out;
}

void run_variants(const Globals& g, const VariantArgs& args) {
  Database db = g.open();
  CollationRepository repo(db);
  const auto classes = parse_classes(args.classes);
  const auto variants = repo.variants(args.a, args.b, classes,
                                      args.passage.empty() ? std::nullopt : std::optional(args.passage));
  std::map<std::string, int64_t> summary;
  for (const Variant& v : variants) ++summary[std::string(to_string(v.variant_class))];
  if (args.json) {
    auto list = nlohmann::ordered_json::array();
    for (const Variant& v : variants) {
      list.push_back({{"uuid", v.uuid}, {"class", to_string(v.variant_class)}, {"link", v.link_id},
                      {"a", span_json(v.a)}, {"b", span_json(v.b)}});
    }
    nlohmann::ordered_json counts = nlohmann::ordered_json::object();
    for (const auto& [c, n] : summary) counts[c] = n;
    print_json({{"a", args.a}, {"b", args.b}, {"summary", counts}, {"variants", list}});
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const Variant& v : variants) {
    rows.push_back({v.a.address, v.a.reading.empty() ? "—" : v.a.reading, v.b.address,
                    v.b.reading.empty() ? "—" : v.b.reading, std::string(to_string(v.variant_class))});
  }
  print_table(rows, {});
  std::string line;
  for (const auto& [c, n] : summary) line += (line.empty() ? "" : ", ") + c + " " + with_commas(n);
  std::cout << with_commas(static_cast<int64_t>(variants.size())) << " variants" << (line.empty() ? "" : ": " + line)
            << (args.classes.empty() ? " (script, punct and break hidden: --class all shows them)" : "") << '\n';
}

// The passage text with the variants of one side marked [like this].
void run_parallel(const Globals& g, const std::string& address, const std::string& with) {
  Database db = g.open();
  CollationRepository repo(db);
  PassageRepository passages(db);
  const Address at = parse_address(address);
  const auto links = repo.links_of(address);
  if (links.empty()) {
    for (const Passage& p : passages.get(at)) std::cout << format_address(p.siglum, p.seq) << "  " << printable(p.text) << '\n';
    std::cout << "(no linked passage: run `jiaozhu align` first)\n";
    return;
  }
  const bool terminal = colour_allowed(1);
  for (const Link& l : links) {
    const std::string other = parse_address(l.b.empty() ? l.a.front() : l.b.front()).siglum;
    if (!with.empty() && other != with) continue;
    std::vector<std::string> side_addresses = l.a;
    side_addresses.insert(side_addresses.end(), l.b.begin(), l.b.end());
    // The link's variants, asked passage by passage: the edition pair may hold millions.
    std::vector<Variant> variants;
    std::set<std::string> seen;
    for (const std::string& addr : side_addresses) {
      for (Variant& v : repo.variants(at.siglum, other, kReadingClasses, addr)) {
        if (v.link_id == l.id && seen.insert(v.uuid).second) variants.push_back(std::move(v));
      }
    }
    std::sort(variants.begin(), variants.end(), [](const Variant& x, const Variant& y) {
      return std::tie(x.a.address, x.a.start) < std::tie(y.a.address, y.a.start);
    });
    for (const std::string& addr : side_addresses) {
      std::vector<std::pair<int64_t, int64_t>> spans;
      for (const Variant& v : variants) {
        if (v.link_id != l.id) continue;
        const PassageSpan& s = v.a.address == addr ? v.a : v.b;
        if (s.address == addr) spans.emplace_back(s.start, s.end);
      }
      const std::vector<Passage> shown = passages.get(parse_address(addr));
      const NotesOf notes = notes_of(db, addr, shown)[addr];
      std::vector<SpanMark> marks = note_marks(spans_of(notes), 1);
      for (const auto& [start, end] : spans) marks.push_back({start, end, terminal ? "\033[1m[" : "[", terminal ? "]\033[0m" : "]"});
      std::cout << addr << "  " << mark_spans(shown.front().text, marks) << '\n';
      print_notes_under(notes, std::string(addr.size() + 2, ' '));
    }
    std::vector<std::vector<std::string>> rows;
    for (const Variant& v : variants) {
      if (v.link_id != l.id) continue;
      rows.push_back({"", v.a.reading.empty() ? "—" : v.a.reading, "→", v.b.reading.empty() ? "—" : v.b.reading,
                      std::string(to_string(v.variant_class))});
    }
    print_table(rows, {});
    std::cout << '\n';
  }
}

}  // namespace

void add_collation_commands(CLI::App& app, Globals& g) {
  struct PairArgs {
    std::string a, b;
    bool json = false, force = false;
  };
  auto align = std::make_shared<PairArgs>();
  auto* align_cmd = app.add_subcommand("align", "Link the passages of two editions and find their variants");
  align_cmd->add_option("S1", align->a, "The first edition's siglum")->required();
  align_cmd->add_option("S2", align->b, "The second edition's siglum")->required();
  align_cmd->add_flag("--json", align->json, "Print the summary as JSON");
  align_cmd->callback([&g, align] { run_align(g, align->a, align->b, align->json); });

  auto links = std::make_shared<PairArgs>();
  auto* links_cmd = app.add_subcommand("links", "List the links between two editions, and their unmatched passages");
  links_cmd->add_option("S1", links->a, "The first edition's siglum")->required();
  links_cmd->add_option("S2", links->b, "The second edition's siglum")->required();
  links_cmd->add_flag("--json", links->json, "Print as JSON");
  links_cmd->callback([&g, links] { run_links(g, links->a, links->b, links->json); });

  auto variants = std::make_shared<VariantArgs>();
  auto* variants_cmd = app.add_subcommand("variants", "List the variants between two editions");
  variants_cmd->add_option("S1", variants->a, "The first edition's siglum")->required();
  variants_cmd->add_option("S2", variants->b, "The second edition's siglum")->required();
  variants_cmd->add_option("--class", variants->classes,
                           "Classes to list, comma-separated: substantive, pinyin, glyph, script, punct, break, or "
                           "all (default: substantive,pinyin,glyph)");
  variants_cmd->add_option("--passage", variants->passage, "Only the variants of this passage (S:N)");
  variants_cmd->add_flag("--json", variants->json, "Print as JSON");
  variants_cmd->callback([&g, variants] { run_variants(g, *variants); });

  struct ParallelArgs {
    std::string address, with;
  };
  auto parallel = std::make_shared<ParallelArgs>();
  auto* parallel_cmd = app.add_subcommand("parallel", "Print a passage beside its linked passages, variants marked");
  parallel_cmd->add_option("ADDRESS", parallel->address, "The passage (S:N)")->required();
  parallel_cmd->add_option("--with", parallel->with, "Only the links with this edition");
  parallel_cmd->callback([&g, parallel] { run_parallel(g, parallel->address, parallel->with); });

  auto link = app.add_subcommand("link", "Correct the alignment by hand: link add / link rm");
  link->require_subcommand(1);
  auto manual = std::make_shared<PairArgs>();
  auto* add = link->add_subcommand("add", "Link passages of two editions by hand (kept when align runs again)");
  add->add_option("A", manual->a, "Passages of one edition: S:N or S:N-M")->required();
  add->add_option("B", manual->b, "Passages of the other edition")->required();
  add->add_flag("--force", manual->force, "Take the passages out of manual links that hold them too");
  add->callback([&g, manual] {
    Database db = g.open();
    const auto made = CollationRepository(db).add_manual_link(manual->a, manual->b, manual->force);
    for (const Link& l : made.broken) {
      std::cout << "removed the link " << join(l.a, " ") << " ↔ " << join(l.b, " ") << " (" << l.uuid.substr(0, 8) << ")\n";
    }
    std::cout << "linked " << join(made.link.a, " ") << " ↔ " << join(made.link.b, " ") << " by hand\n";
  });
  auto* rm = link->add_subcommand("rm", "Remove the link between two passages");
  rm->add_option("A", manual->a, "A passage (S:N)")->required();
  rm->add_option("B", manual->b, "A passage of the other edition")->required();
  rm->callback([&g, manual] {
    Database db = g.open();
    const int64_t n = CollationRepository(db).remove_link(manual->a, manual->b);
    std::cout << "removed " << n << (n == 1 ? " link\n" : " links\n");
  });
}

}  // namespace jiaozhu::cli
