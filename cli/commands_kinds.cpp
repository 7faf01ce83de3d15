// variant kind, edition set --dynasty, taboo: the 校勘 kinds a scholar
// decides, and the dating that 避諱 needs.
#include <algorithm>
#include <iostream>

#include "app.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/user_config.h"
#include "jiaozhu/variant_kind.h"
#include "jiaozhu/variant_kind_choices.h"
#include "listing_json.h"
#include "json_output.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

struct KindArgs {
  std::string id, kind, note, author;
  bool clear = false, json = false;
};

void run_variant_kind(const Globals& g, const KindArgs& a) {
  if (a.clear == !a.kind.empty()) throw UsageError("give a KIND, or --clear to go back to the proposed kind");
  const std::optional<VariantKind> kind = a.clear ? std::nullopt : std::optional(parse_variant_kind(a.kind));
  const std::string note = checked_argument(Field::kDecisionNote, a.note, "--note");
  Database db = g.open();
  const KindChoice c = VariantKindChoices(db).set(a.id, kind, note, author_or_unknown(a.author));
  const std::string shown = c.kind ? std::string(to_string(*c.kind)) + " (" + std::string(chinese_name(*c.kind)) + ")" : "the proposed kind";
  print_result(a.json, kind_choice_json(c),
               "variant " + c.variant_uuid.substr(0, 8) + " is " + shown + " now; align keeps it for the same variant");
}

struct DatingArgs {
  std::string siglum, dynasty, dated, year, note, author;
  bool partial = false, whole = false;  // the edition's extent (edition_extent)
  bool json = false;
  std::vector<CLI::Option*> given;  // --dynasty, --dated, --year
};

std::string dating_words(const EditionDate& d) {
  if (!d.year) return d.dynasty;
  return std::to_string(*d.year) + (d.reign.empty() && d.dynasty.empty() ? "" : " (" + d.dynasty + d.reign + ")");
}

std::string known_dynasties() {
  std::string out;
  for (const std::string& d : taboo_dynasties()) out += (out.empty() ? "" : ", ") + d;
  return out;
}

// --partial or --whole: what part of the work the edition holds.
void run_edition_extent(const Globals& g, const DatingArgs& a, const std::string& note) {
  if (a.partial && a.whole) throw UsageError("give --partial or --whole, not both");
  Database db = g.open();
  db.write([&] {
    EditionRepository editions(db);
    editions.set_partial(editions.get(a.siglum).uuid, a.partial, note, author_or_unknown(a.author));
  });
  print_result(a.json, {{"edition", a.siglum}, {"partial", a.partial}},
               a.partial ? a.siglum + " is a partial witness: collated where it has the text, its lack of the rest no entry"
                         : a.siglum + " holds the whole work: a passage it lacks is an entry (無此首)");
}

void run_edition_set(const Globals& g, const DatingArgs& a) {
  const std::string note = checked_argument(Field::kDecisionNote, a.note, "--note");
  std::size_t given = 0;
  for (const CLI::Option* o : a.given) given += o->count();
  if ((a.partial || a.whole) && given == 0) return run_edition_extent(g, a, note);
  if (given != 1 || a.partial || a.whole) {
    throw UsageError("give one of --dynasty, --dated and --year ('' for none), or one of --partial and --whole");
  }
  const std::string dated = !a.year.empty() ? a.year : !a.dated.empty() ? a.dated : a.dynasty;
  if (!a.year.empty() && !read_dating(a.year).year) throw UsageError("--year '" + a.year + "' is not a year (1705, -221)");
  Database db = g.open();
  const EditionDating d = EditionDatingRepository(db).set(a.siglum, dated, note, author_or_unknown(a.author));
  std::string text = d.dated ? a.siglum + " is dated to " + dating_words(d.date) : a.siglum + " is not dated now";
  if (d.dated && !dating_known(*d.dated)) {
    text += " (the taboo table knows " + known_dynasties() + " and the reigns of 明 and 清: 避諱 is proposed for those only)";
  }
  print_result(a.json, dating_json(a.siglum, d), text);
}

void run_taboo_list(bool json) {
  if (json) {
    auto list = nlohmann::ordered_json::array();
    for (const TabooEntry& e : taboo_table()) {
      list.push_back({{"dynasty", e.dynasty}, {"emperor", e.emperor}, {"name", e.name},
                      {"avoided", to_utf8(std::u32string(1, e.avoided))}, {"substitutes", to_utf8(e.substitutes)},
                      {"source", e.source}});
    }
    return print_json({{"total", static_cast<int64_t>(list.size())}, {"entries", list}});
  }
  std::vector<std::vector<std::string>> rows;
  for (const TabooEntry& e : taboo_table()) {
    rows.push_back({e.dynasty, e.emperor + " " + e.name, to_utf8(std::u32string(1, e.avoided)) + " → " + to_utf8(e.substitutes), e.source});
  }
  print_table(rows, {});
  std::cout << count_of(static_cast<int64_t>(rows.size()), "entry") << " (core/data/taboo.tsv)\n";
}

}  // namespace

void add_kind_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "variant", "A variant's 校勘 kind set by hand: variant kind", [&g](CLI::App* variant) {
    variant->require_subcommand(1);
    auto args = std::make_shared<KindArgs>();
    auto* kind = variant->add_subcommand("kind", "Set a variant's kind (脫 衍 倒 形近 音近 通假 避諱 異文), kept across align");
    kind->add_option("ID", args->id, "The variant's id (from `variants --json`), or a prefix of it")->required();
    kind->add_option("KIND", args->kind, "omission, addition, inversion, graphic, phonetic, loan, taboo, other, or 脫 … 異文");
    kind->add_flag("--clear", args->clear, "Go back to the proposed kind");
    kind->add_option("--note", args->note, "Why (shown as the kind's evidence)");
    add_author_option(kind, args->author);
    add_json_flag(kind, g, args->json, "Print the choice as JSON");
    kind->callback([&g, args] { run_variant_kind(g, *args); });
  });
  add_command(app, g, "taboo", "The taboo table (避諱) that kinds are proposed from", [&g](CLI::App* taboo) {
    auto json = std::make_shared<bool>(false);
    add_json_flag(taboo, g, *json, "Print as JSON");
    taboo->callback([json] { run_taboo_list(*json); });
  });
}

void add_edition_set_command(CLI::App* edition, Globals& g) {
  auto dating = std::make_shared<DatingArgs>();
  auto* set = edition->add_subcommand(
      "set", "Date an edition (for 避諱): edition set S --dynasty 唐 | --dated 康熙 | --year 1705; or its extent: --partial | --whole");
  set->add_option("SIGLUM", dating->siglum, "The edition")->required();
  auto* dynasty = set->add_option("--dynasty", dating->dynasty, "The dynasty its text is dated to (唐, 宋, 清 …); '' for none");
  auto* dated = set->add_option("--dated", dating->dated, "The reign (era name) it is dated to: 康熙, 道光 …");
  auto* year = set->add_option("--year", dating->year, "The year it is dated to (1705; negative before the common era)");
  dating->given = {dynasty, dated, year};
  set->add_flag("--partial", dating->partial, "It holds only part of the work (an anthology, a fragment): no entry for what it lacks");
  set->add_flag("--whole", dating->whole, "It holds the whole work again");
  set->add_option("--note", dating->note, "On what evidence");
  add_author_option(set, dating->author);
  add_json_flag(set, g, dating->json, "Print the dating as JSON");
  set->callback([&g, dating] { run_edition_set(g, *dating); });
}

}  // namespace jiaozhu::cli
