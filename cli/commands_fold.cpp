// fold add/rm/list/import/suggest/dismiss: the scholar's variant-form rules.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/variant_form_rules.h"
#include "jiaozhu/variant_form_suggestions.h"
#include "jiaozhu/workflow.h"
#include "listing_json.h"
#include "json_output.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

struct FoldArgs {
  FoldRuleDraft draft;
  std::string file, s1, s2, author;
  bool json = false, all = false, undo = false;
};

// "added 1 rule; 12 passages re-indexed" and the alignments to run again.
void print_change(const FoldChange& c, const std::string& verb, bool json) {
  if (json) return print_json(change_json(c));
  std::cout << verb << " " << count_of(c.rules, "rule") << "; " << count_of(c.passages, "passage") << " and "
            << count_of(c.notes, "note") << " re-indexed\n";
  for (const auto& [a, b] : c.to_realign) {
    std::cout << "  variants of " << a << " and " << b << " keep their classes until: jiaozhu align " << a << " " << b
              << '\n';
  }
}

void run_fold_list(const Globals& g, bool json) {
  Database db = g.open();
  const auto rules = FoldRuleRepository(db).list();
  if (json) {
    auto list = nlohmann::ordered_json::array();
    for (const FoldRule& r : rules) list.push_back(rule_json(r));
    const nlohmann::ordered_json builtin = {{"version", fold_table_version()},
                                            {"sources", fold_table_sources()},
                                            {"folds", fold_table_folds()}};
    return print_json({{"total", static_cast<int64_t>(rules.size())}, {"rules", list}, {"builtin", builtin}});
  }
  std::cout << "built-in table " << fold_table_version() << ": " << fold_table_folds() << " characters folded, from "
            << fold_table_sources() << '\n';
  std::vector<std::vector<std::string>> rows;
  for (const FoldRule& r : rules) rows.push_back({r.form + " → " + r.standard, r.source, r.author, r.added_at.substr(0, 10), r.note});
  print_table(rows, {});
  std::cout << count_of(static_cast<int64_t>(rules.size()), "fold rule")
            << (rules.empty() ? " of this database's own (`jiaozhu fold add` adds one)" : " of this database's own")
            << '\n';
}

std::string share(double x) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(0) << x * 100 << "%";
  return out.str();
}

void run_fold_suggest(const Globals& g, const FoldArgs& a) {
  Database db = g.open();
  const auto suggestions = suggest_fold_rules(db, a.s1, a.s2, a.all);
  if (a.json) {
    return print_json(fold_suggestions_json(suggestions));
  }
  if (suggestions.empty()) {
    std::cout << "no variant forms to suggest (align the editions first; a reading seen once is not suggested)\n";
  }
  for (const FoldSuggestion& s : suggestions) {
    std::cout << s.form << " for " << s.standard << ": " << share(s.consistency) << " of the places, would change "
              << count_of(s.count, "reading") << ", kept alike in " << count_of(s.kept, "place")
              << (s.evidence.empty() ? "" : "; ");
    for (std::size_t i = 0; i < s.evidence.size(); ++i) std::cout << (i ? "; " : "") << s.evidence[i];
    std::cout << (s.dismissed ? " (dismissed)" : "") << "\n  at " << s.addresses.front() << (s.addresses.size() > 1 ? " …" : "")
              << "\n  accept: " << s.command << (s.dismissed ? "" : "\n  dismiss: jiaozhu fold dismiss " + s.form + " " + s.standard)
              << '\n';
  }
}

}  // namespace

void add_fold_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "fold", "Variant-form rules: fold add/rm/list/import/suggest/dismiss", [&g](CLI::App* fold) {
    auto args = std::make_shared<FoldArgs>();
    fold->require_subcommand(1);
    auto* add = fold->add_subcommand("add", "Read FORM as a variant of STANDARD in search and collation");
    add->add_option("FORM", args->draft.form, "The variant form (one character)")->required();
    add->add_option("STANDARD", args->draft.standard, "The standard form (one character)")->required();
    add->add_option("--source", args->draft.source, "Where the equivalence is attested, e.g. 漢語大字典");
    add->add_option("--note", args->draft.note, "A note on the rule");
    add_author_option(add, args->author);
    add_json_flag(add, g, args->json, "Print what changed as JSON");
    add->callback([&g, args] {
      Database db = g.open();
      FoldRuleDraft draft = args->draft;
      draft.form = checked_argument(Field::kFoldForm, draft.form, "FORM");
      draft.standard = checked_argument(Field::kFoldForm, draft.standard, "STANDARD");
      draft.source = checked_argument(Field::kSource, draft.source, "--source");
      draft.note = checked_argument(Field::kDecisionNote, draft.note, "--note");
      print_change(add_fold_rules(db, std::span(&draft, 1), author_or_unknown(args->author)), "added", args->json);
    });
    auto* rm = fold->add_subcommand("rm", "Remove the rule FORM → STANDARD (every author's)");
    rm->add_option("FORM", args->draft.form, "The variant form")->required();
    rm->add_option("STANDARD", args->draft.standard, "The standard form")->required();
    add_author_option(rm, args->author);
    add_json_flag(rm, g, args->json, "Print what changed as JSON");
    rm->callback([&g, args] {
      Database db = g.open();
      print_change(remove_fold_rule(db, args->draft.form, args->draft.standard, author_or_unknown(args->author)), "removed", args->json);
    });
    auto* list = fold->add_subcommand("list", "List the rules with their sources and authors");
    add_json_flag(list, g, args->json, "Print as JSON");
    list->callback([&g, args] { run_fold_list(g, args->json); });
    auto* import = fold->add_subcommand("import", "Add the rules of a table: form, tab, standard form[, tab, source[, tab, note]]");
    import->add_option("FILE", args->file, "The table (TSV, one rule per line; # starts a comment)")->required();
    add_author_option(import, args->author);
    add_json_flag(import, g, args->json, "Print what changed as JSON");
    import->callback([&g, args] {
      const auto rules = read_fold_rule_table(args->file);
      Database db = g.open();
      print_change(add_fold_rules(db, rules, author_or_unknown(args->author)), "added", args->json);
    });
    auto* suggest = fold->add_subcommand("suggest", "Propose variant forms from the collation of two editions, with evidence");
    suggest->add_option("S1", args->s1, "An edition")->required();
    suggest->add_option("S2", args->s2, "Another edition of the work, aligned with S1")->required();
    suggest->add_flag("--all", args->all, "List the dismissed suggestions too, marked so");
    add_json_flag(suggest, g, args->json, "Print as JSON");
    suggest->callback([&g, args] { run_fold_suggest(g, *args); });
    auto* dismiss = fold->add_subcommand("dismiss", "Say that FORM is not a variant of STANDARD: `fold suggest` no longer proposes it, in any copy that merges this one");
    dismiss->add_option("FORM", args->draft.form, "The variant form suggested (one character)")->required();
    dismiss->add_option("STANDARD", args->draft.standard, "The standard form suggested (one character)")->required();
    dismiss->add_flag("--undo", args->undo, "Take the dismissal back");
    dismiss->add_option("--note", args->draft.note, "Why");
    add_author_option(dismiss, args->author);
    add_json_flag(dismiss, g, args->json, "Print the decision as JSON");
    dismiss->callback([&g, args] {
      Database db = g.open();
      const std::string form = checked_argument(Field::kFoldForm, args->draft.form, "FORM");
      const std::string standard = checked_argument(Field::kFoldForm, args->draft.standard, "STANDARD");
      const std::string note = checked_argument(Field::kDecisionNote, args->draft.note, "--note");
      dismiss_fold_suggestion(db, form, standard, !args->undo, note, author_or_unknown(args->author));
      print_result(args->json, {{"form", form}, {"standard", standard}, {"dismissed", !args->undo}},
                   std::string(args->undo ? "took back the dismissal of " : "dismissed ") + form + " → " + standard);
    });
  });
}

}  // namespace jiaozhu::cli
