// decide, policy: the editor's judgement on the places of an apparatus and
// the standing policies of the 凡例.
#include <iostream>

#include "app.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/error.h"
#include "jiaozhu/user_config.h"
#include "json_output.h"
#include "listing_json.h"
#include "table.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {
namespace {

struct DecideArgs {
  std::string place, adopt, emend, reason, note, author;
  bool omit = false, record = false, doubt = false, undo = false, json = false;
};

// How many decisions the flags give (--undo counts as one).
int decisions_given(const DecideArgs& a) {
  return a.omit + a.record + a.doubt + a.undo + !a.adopt.empty() + !a.emend.empty();
}

// The one action the flags name; nothing for --undo; UsageError for none or several.
std::optional<DecisionAction> action_of(const DecideArgs& a) {
  if (!a.reason.empty() && a.emend.empty()) throw UsageError("--reason goes with --emend");
  if (decisions_given(a) != 1) throw UsageError("give one decision: --omit, --record, --adopt W, --emend TEXT --reason R, --doubt or --undo");
  if (a.omit) return DecisionAction::kOmit;
  if (a.record) return DecisionAction::kRecord;
  if (a.doubt) return DecisionAction::kDoubt;
  if (!a.adopt.empty()) return DecisionAction::kAdopt;
  if (!a.emend.empty()) return DecisionAction::kEmend;
  return std::nullopt;
}

std::string place_words(const ApparatusPlace& p) {
  return "「" + (p.lemma.empty() ? std::string("∧") : p.lemma) + "」 (passage " + std::to_string(p.seq) +
         (p.field == VariantField::kText ? "" : ", " + std::string(to_string(p.field))) + ")";
}

void print_history(const ApparatusPlace& p, const std::vector<Decision>& history) {
  std::cout << p.uuid << "  " << printable(place_words(p)) << '\n';
  if (history.empty()) std::cout << "  undecided\n";
  for (const Decision& d : history) {
    std::cout << "  " << d.uuid.substr(0, 8) << "  " << d.made_at << "  " << printable(d.author) << "  "
              << printable(decision_label(d)) << (d.note.empty() ? "" : "  " + printable(d.note)) << '\n';
  }
}

void run_decide(const Globals& g, const DecideArgs& a) {
  Database db = g.open();
  DecisionRepository repo(db);
  if (decisions_given(a) == 0 && a.reason.empty()) {  // no decision given: the place and its history
    const ApparatusPlace p = repo.place(a.place);
    const auto history = repo.history(p.uuid);
    if (a.json) return print_json(place_history_json(p, history));
    return print_history(p, history);
  }
  DecisionRequest r;
  r.place = a.place;
  r.action = action_of(a);
  r.witness = a.adopt;
  r.reading = a.emend;
  r.reason = a.reason;
  r.note = a.note;
  r.author = resolve_author(a.author);
  const PlaceDecision d = repo.decide(r);
  print_result(a.json, place_decision_json(d),
               "place " + d.place.uuid.substr(0, 8) + " " + place_words(d.place) + ": " + decision_label(d.current) +
                   (d.conflict() ? " (still in conflict)" : ""));
}

struct PolicyArgs {
  std::string action, classes, witness, note, author, id;
  bool json = false;
};

void run_policy_list(const Globals& g, const PolicyArgs& a) {
  Database db = g.open();
  const auto policies = DecisionRepository(db).policies();
  if (a.json) return print_json(policies_json(policies));
  if (policies.empty()) {
    std::cout << "no policies (凡例): every place is decided one by one\n";
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const Policy& p : policies) {
    rows.push_back({p.uuid.substr(0, 8), std::string(to_string(p.action)), std::string(to_string(p.variant_class)),
                    p.witness.empty() ? "" : "only " + p.witness, policy_sentence(p)});
  }
  print_table(rows, {});
}

}  // namespace

void add_decision_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "decide", "Decide a place of the apparatus: 不出校, 出校, 據W本改, 理校, 存疑 (no decision: its history)",
              [&g](CLI::App* cmd) {
    auto a = std::make_shared<DecideArgs>();
    cmd->add_option("ID", a->place, "The place's id (\"id\" in `apparatus --format json`), or a unique prefix of it")->required();
    cmd->add_flag("--omit", a->omit, "不出校: leave the place out of the 校勘記");
    cmd->add_flag("--record", a->record, "出校: record it, keeping the base's reading");
    cmd->add_option("--adopt", a->adopt, "據W本改: the edited text takes witness W's reading (supplying or deleting words)");
    cmd->add_option("--emend", a->emend, "理校: the edited text reads TEXT here (with --reason)");
    cmd->add_option("--reason", a->reason, "Why the emendation: 據文義改, or the source it follows");
    cmd->add_flag("--doubt", a->doubt, "存疑: record it undecided (未知孰是)");
    cmd->add_flag("--undo", a->undo, "Take the decision back: the place is undecided again (a policy may hold)");
    cmd->add_option("--note", a->note, "A note on the decision");
    add_author_option(cmd, a->author);
    add_json_flag(cmd, g, a->json, "Print the place's decision as JSON");
    cmd->callback([&g, a] { run_decide(g, *a); });
  });
  add_command(app, g, "policy", "The 凡例: standing policies that omit or record whole classes of places", [&g](CLI::App* cmd) {
    cmd->require_subcommand(1);
    auto a = std::make_shared<PolicyArgs>();
    auto* add = cmd->add_subcommand("add", "Add a policy: omit (不出校) or record (出校) every place of these classes");
    add->add_option("ACTION", a->action, "omit or record")->required();
    add->add_option("--class", a->classes, "The classes, comma-separated (glyph, punct, script, conversion…)")->required();
    add->add_option("--witness", a->witness, "Only places where this witness alone differs");
    add->add_option("--note", a->note, "Why (printed nowhere but `policy list --json`)");
    add_author_option(add, a->author);
    add_json_flag(add, g, a->json, "Print the policies added as JSON");
    add->callback([&g, a] {
      const DecisionAction action = parse_decision_action(a->action);
      Database db = g.open();
      DecisionRepository repo(db);
      std::vector<Policy> added;
      for (VariantClass c : parse_class_list(a->classes, {})) {
        added.push_back(repo.add_policy(action, c, a->witness, a->note, resolve_author(a->author)));
      }
      std::string text;
      for (const Policy& p : added) text += (text.empty() ? "" : "\n") + ("policy " + p.uuid.substr(0, 8) + ": " + policy_sentence(p));
      print_result(a->json, policies_json(added), text);
    });
    auto* list = cmd->add_subcommand("list", "The policies in force, as the 凡例 prints them");
    add_json_flag(list, g, a->json);
    list->callback([&g, a] { run_policy_list(g, *a); });
    auto* rm = cmd->add_subcommand("rm", "Take a policy out of force (every copy follows)");
    rm->add_option("ID", a->id, "The policy's id (from `policy list`), or a prefix of at least 4 characters")->required();
    add_author_option(rm, a->author);
    add_json_flag(rm, g, a->json, "Print the policies still in force as JSON");
    rm->callback([&g, a] {
      Database db = g.open();
      DecisionRepository repo(db);
      repo.remove_policy(a->id, resolve_author(a->author));
      print_result(a->json, policies_json(repo.policies()), "policy " + a->id + " is no longer in force");
    });
  });
}

}  // namespace jiaozhu::cli
