// character, alias, characters, mentions: the persons of the text.
#include <fstream>
#include <iostream>

#include <sstream>
#include "app.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/people.h"
#include "jiaozhu/workflow.h"
#include "listing_json.h"
#include "json_output.h"
#include "text_format.h"
#include "terminal_guard.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

// The versions of a record set apart in two copies, under its line.
void print_versions(const std::vector<FieldVersion>& versions, const std::string& settle) {
  if (versions.empty()) return;
  std::cout << "    in conflict, set apart in two copies (" << settle << " settles it):\n";
  for (const FieldVersion& v : versions) std::cout << "      " << version_line(v) << '\n';
}

std::string counts_text(const std::vector<std::pair<std::string, int64_t>>& per_edition) {
  std::string out;
  for (const auto& [siglum, n] : per_edition) out += (out.empty() ? "" : ", ") + siglum + " " + with_commas(n);
  return out.empty() ? "no mentions" : out;
}

void print_character(const Person& c, const std::vector<Mention>& first) {
  std::cout << printable(c.name) << (c.note.empty() ? "" : "  — " + printable(c.note))
            << (c.cbdb_id ? "  (CBDB " + *c.cbdb_id + ")" : "") << '\n';
  print_versions(c.conflict, "`jiaozhu character edit`");
  std::vector<std::vector<std::string>> rows;
  for (const Alias& a : c.aliases) rows.push_back({"  " + a.form, a.kind, with_commas(a.mentions), a.note});
  print_table(rows, {2});
  for (const Alias& a : c.aliases) {
    if (a.conflict.empty()) continue;
    std::cout << "  alias " << printable(a.form) << ":\n";
    print_versions(a.conflict, "`jiaozhu alias edit`");
  }
  std::cout << "mentions: " << counts_text(c.per_edition) << '\n';
  for (const Mention& m : first) std::cout << "  " << m.address << "  …" << printable(m.context) << "…\n";
}

struct PeopleArgs {
  std::string who, form, other, kind, note, edition, author;
  std::string format = "names";
  Page page;
  bool json = false, rebuild = false, all = false, undo = false, ambiguous = false;
  std::optional<int64_t> at;
  CLI::Option* kind_given = nullptr;
  CLI::Option* note_given = nullptr;
  CLI::Option* name_given = nullptr;
};

std::optional<std::string> given(const CLI::Option* option, const std::string& value) {
  if (option == nullptr || option->count() == 0) return std::nullopt;
  return value;
}

void run_mentions(const Globals& g, const PeopleArgs& a) {
  Database db = g.open();
  PersonRepository repo(db);
  if (a.rebuild) {
    repo.rebuild_mentions();
    if (a.who.empty()) return print_result(a.json, {{"rebuilt", true}}, "mentions rebuilt");
    if (!a.json) std::cout << "mentions rebuilt\n";
  }
  if (a.who.empty()) throw UsageError("mentions needs a character's name (or --rebuild)");
  // Rejected mentions are kept apart: listed with the others only with --all.
  auto [mentions, rejected] =
      split_rejected(repo.mentions(a.who, a.edition.empty() ? std::nullopt : std::optional(a.edition), true), a.all);
  const int64_t total = take_page(mentions, a.page);
  if (a.json) {
    print_json(mentions_json(repo.get(a.who).name, total, mentions, rejected));
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const Mention& m : mentions) {
    rows.push_back({m.address, std::to_string(m.start) + "-" + std::to_string(m.end), m.text,
                    m.form == m.text ? "" : "(" + m.form + ", " + m.kind + ")", "…" + m.context + "…",
                    m.status == "confirmed" ? "" : m.status});
  }
  print_table(rows, {});
  std::cout << page_prefix(a.page, static_cast<int64_t>(mentions.size()), total) << count_of(total, "mention")
            << (rejected.empty() ? "" : "; " + count_of(static_cast<int64_t>(rejected.size()), "rejected mention") +
                                            " left out (--all lists them)")
            << '\n';
}

void run_suggest(const Globals& g, const PeopleArgs& a) {
  Database db = g.open();
  const auto suggestions = PersonRepository(db).suggest(a.who, a.other, a.all);
  if (a.json) {
    print_json(alias_suggestions_json(suggestions));
    return;
  }
  if (suggestions.empty()) std::cout << "no aliases to suggest (align the editions first, and add the characters you know)\n";
  for (const AliasSuggestion& s : suggestions) {
    std::cout << printable(s.form) << " for " << printable(s.character) << " (" << s.kind << "): " << printable(s.evidence)
              << "; at " << s.addresses.front() << (s.addresses.size() > 1 ? " and " + std::to_string(s.addresses.size() - 1) + " more" : "")
              << (s.dismissed ? " (dismissed)" : "") << "\n  accept: " << printable(s.command)
              << (s.dismissed ? "" : "\n  dismiss: jiaozhu alias dismiss " + printable(s.character) + " " + printable(s.form)) << '\n';
  }
}

void import_cbdb(const Globals& g, const std::string& file, bool json, const std::string& author) {
  std::vector<std::string> warnings;
  const std::vector<PersonRecord> persons = read_cbdb_alternate_names(file, warnings);
  Database db = g.open();
  PersonImportReport r = PersonRepository(db, author_or_unknown(author)).import_persons(persons);
  for (const std::string& w : warnings) std::cerr << "jiaozhu: warning: " << printable(w) << '\n';
  print_result(json,
               {{"file", file}, {"persons", r.persons}, {"added", r.persons_added}, {"aliases_added", r.aliases_added},
                {"cbdb_ids", r.ids_recorded}, {"warnings", warnings}},
               "read " + count_of(r.persons, "person") + ": " + count_of(r.persons_added, "new character") + ", " +
                   count_of(r.aliases_added, "new alias", "new aliases") + ", " + count_of(r.ids_recorded, "CBDB id") +
                   " recorded; mentions found");
}

}  // namespace

void add_people_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "character", "Record persons of the text: character add/show/edit/merge/rename", [&g](CLI::App* character) {
    auto args = std::make_shared<PeopleArgs>();
    character->require_subcommand(1);
    auto* add = character->add_subcommand("add", "Add a character under its name");
    add->add_option("NAME", args->who, "The name (also its first alias)")->required();
    add->add_option("--note", args->note, "A note on the person");
    add_author_option(add, args->author);
    add_json_flag(add, g, args->json, "Print the character as JSON");
    add->callback([&g, args] {
      Database db = g.open();
      const Person c = PersonRepository(db, author_or_unknown(args->author)).add(args->who, args->note);
      print_result(args->json, character_json(c), "added " + c.name + ": " + counts_text(c.per_edition));
    });
    auto* import = character->add_subcommand(
        "import", "Add characters from a file: a name per line, or CBDB's alternate names (--format cbdb)");
    import->add_option("FILE", args->form, "A UTF-8 file of names, or a CBDB alternate-name table (TSV or CSV)")->required();
    import->add_option("--format", args->format, "names (one per line) or cbdb (c_personid, c_name_chn, c_alt_name_chn, c_alt_name_type)")
        ->check(CLI::IsMember({"names", "cbdb"}));
    add_author_option(import, args->author);
    add_json_flag(import, g, args->json, "Print the summary as JSON");
    import->callback([&g, args] {
      if (args->format == "cbdb") return import_cbdb(g, args->form, args->json, args->author);
      std::istringstream in(read_named_file(args->form, 64ull << 20, "a list of names"));
      std::vector<std::string> names;
      for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (!line.empty()) names.push_back(line);
      }
      Database db = g.open();
      const int64_t added = PersonRepository(db, author_or_unknown(args->author)).add_all(names);
      const auto read = static_cast<int64_t>(names.size());
      print_result(args->json, {{"file", args->form}, {"names", read}, {"added", added}},
                   "added " + count_of(added, "character") + " of " + count_of(read, "name") + "; mentions found");
    });
    auto* show = character->add_subcommand("show", "Show a character: aliases, mention counts, first mentions");
    show->add_option("NAME", args->who, "Its name or any alias")->required();
    add_json_flag(show, g, args->json, "Print as JSON");
    show->callback([&g, args] {
      Database db = g.open();
      PersonRepository repo(db);
      const Person c = repo.get(args->who);
      auto mentions = repo.mentions(args->who, std::nullopt);
      if (args->json) {
        auto doc = character_json(c);
        print_json(doc);
        return;
      }
      if (mentions.size() > 5) mentions.resize(5);
      print_character(c, mentions);
    });
    auto* merge = character->add_subcommand("merge", "Two entries are one person: move B's aliases and note into A");
    merge->add_option("A", args->who, "The character kept")->required();
    merge->add_option("B", args->other, "The character merged into it")->required();
    add_author_option(merge, args->author);
    add_json_flag(merge, g, args->json, "Print the character as JSON");
    merge->callback([&g, args] {
      Database db = g.open();
      const Person c = merge_persons(db, args->who, args->other, author_or_unknown(args->author));
      print_result(args->json, character_json(c),
                   "merged into " + c.name + ": " + count_of(static_cast<int64_t>(c.aliases.size()), "alias", "aliases") +
                       ", " + counts_text(c.per_edition));
    });
    auto* rename = character->add_subcommand("rename", "Give a character another name (the old one stays an alias)");
    rename->add_option("NAME", args->who, "Its name or any alias")->required();
    rename->add_option("NEW", args->other, "The new name")->required();
    add_author_option(rename, args->author);
    add_json_flag(rename, g, args->json, "Print the character as JSON");
    rename->callback([&g, args] {
      Database db = g.open();
      PersonRepository repo(db, author_or_unknown(args->author));
      repo.rename(args->who, args->other);
      print_result(args->json, args->json ? character_json(repo.get(args->other)) : nullptr, "renamed to " + args->other);
    });

    auto edit_args = std::make_shared<PeopleArgs>();
    auto* edit = character->add_subcommand("edit", "Set a character's name or note (also settles a conflict)");
    edit->add_option("NAME", edit_args->who, "Its name, any alias or the start of its uuid")->required();
    edit_args->name_given = edit->add_option("--name", edit_args->other, "The new name (the old one stays an alias)");
    edit_args->note_given = edit->add_option("--note", edit_args->note, "The note (empty to clear it)");
    add_author_option(edit, edit_args->author);
    add_json_flag(edit, g, edit_args->json, "Print the character as JSON");
    edit->callback([&g, edit_args] {
      Database db = g.open();
      PersonRepository repo(db, author_or_unknown(edit_args->author));
      repo.edit(edit_args->who, given(edit_args->name_given, edit_args->other), given(edit_args->note_given, edit_args->note));
      const std::string now = given(edit_args->name_given, edit_args->other).value_or(edit_args->who);
      print_result(edit_args->json, edit_args->json ? character_json(repo.get(now)) : nullptr, "edited " + now);
    });
  });

  add_command(app, g, "characters", "List the characters with their mentions per edition", [&g](CLI::App* characters) {
    auto args = std::make_shared<PeopleArgs>();
    add_page_options(characters, args->page);
    add_json_flag(characters, g, args->json, "Print as JSON");
    characters->callback([&g, args] {
      Database db = g.open();
      auto list = PersonRepository(db).list();
      const int64_t total = take_page(list, args->page);
      if (args->json) {
        auto out = nlohmann::ordered_json::array();
        for (const Person& c : list) out.push_back(character_json(c));
        print_json({{"total", total}, {"characters", out}});
        return;
      }
      std::vector<std::vector<std::string>> rows{{"name", "aliases", "mentions"}};
      for (const Person& c : list) {
        std::string aliases;
        for (const Alias& a : c.aliases) if (a.form != c.name) aliases += (aliases.empty() ? "" : " ") + a.form;
        rows.push_back({c.name, aliases, counts_text(c.per_edition)});
      }
      print_table(rows, {});
      const auto shown = static_cast<int64_t>(list.size());
      if (shown < total) std::cout << page_prefix(args->page, shown, total) << count_of(total, "character") << '\n';
    });
  });

  add_command(app, g, "alias", "Aliases of a character: alias add/edit/rm/suggest/dismiss", [&g](CLI::App* alias) {
    auto args = std::make_shared<PeopleArgs>();
    alias->require_subcommand(1);
    auto* alias_add = alias->add_subcommand("add", "Add a form a character is written under");
    alias_add->add_option("NAME", args->who, "The character (its name or any alias)")->required();
    alias_add->add_option("FORM", args->form, "The form")->required();
    alias_add->add_option("--kind", args->kind,
                          "name, courtesy, style, temple, posthumous, title, error, variant, or free text (default variant)");
    alias_add->add_option("--note", args->note, "A note on the alias");
    alias_add->add_flag("--ambiguous", args->ambiguous,
                        "The form names other things too (太白: a mountain, a planet): its mentions stay unconfirmed "
                        "until `mention confirm` or `mention reject`");
    add_author_option(alias_add, args->author);
    add_json_flag(alias_add, g, args->json, "Print the alias as JSON");
    alias_add->callback([&g, args] {
      Database db = g.open();
      const Alias a = PersonRepository(db, author_or_unknown(args->author))
                          .add_alias(args->who, args->form, args->kind, args->note, args->ambiguous);
      print_result(args->json, alias_json(a), "added " + a.form + " (" + a.kind + (a.ambiguous ? ", ambiguous" : "") +
                                                  ") to " + args->who + ": " + count_of(a.mentions, "mention"));
    });
    auto* ambiguous = alias->add_subcommand("ambiguous", "Mark an alias ambiguous: its mentions are unconfirmed until judged");
    ambiguous->add_option("NAME", args->who, "The character")->required();
    ambiguous->add_option("FORM", args->form, "The alias")->required();
    ambiguous->add_flag("--undo", args->undo, "No longer ambiguous");
    ambiguous->add_option("--note", args->note, "Why");
    add_author_option(ambiguous, args->author);
    add_json_flag(ambiguous, g, args->json, "Print as JSON");
    ambiguous->callback([&g, args] {
      Database db = g.open();
      const std::string note = checked_argument(Field::kDecisionNote, args->note, "--note");
      PersonRepository(db, author_or_unknown(args->author)).set_ambiguous(args->who, args->form, !args->undo, note);
      print_result(args->json, {{"character", args->who}, {"form", args->form}, {"ambiguous", !args->undo}},
                   args->form + (args->undo ? " is no longer marked ambiguous" : " is marked ambiguous"));
    });
    auto* alias_rm = alias->add_subcommand("rm", "Remove an alias, and exactly its mentions");
    alias_rm->add_option("NAME", args->who, "The character")->required();
    alias_rm->add_option("FORM", args->form, "The alias")->required();
    add_author_option(alias_rm, args->author);
    add_json_flag(alias_rm, g, args->json, "Print as JSON");
    alias_rm->callback([&g, args] {
      Database db = g.open();
      PersonRepository(db, author_or_unknown(args->author)).remove_alias(args->who, args->form);
      print_result(args->json, {{"character", args->who}, {"removed", args->form}}, "removed " + args->form);
    });
    auto alias_args = std::make_shared<PeopleArgs>();
    auto* alias_edit = alias->add_subcommand("edit", "Set an alias's kind or note (also settles a conflict)");
    alias_edit->add_option("NAME", alias_args->who, "The character")->required();
    alias_edit->add_option("FORM", alias_args->form, "The alias")->required();
    alias_args->kind_given = alias_edit->add_option("--kind", alias_args->kind, "The kind");
    alias_args->note_given = alias_edit->add_option("--note", alias_args->note, "The note (empty to clear it)");
    add_author_option(alias_edit, alias_args->author);
    add_json_flag(alias_edit, g, alias_args->json, "Print the character as JSON");
    alias_edit->callback([&g, alias_args] {
      Database db = g.open();
      PersonRepository repo(db, author_or_unknown(alias_args->author));
      repo.edit_alias(alias_args->who, alias_args->form, given(alias_args->kind_given, alias_args->kind),
                      given(alias_args->note_given, alias_args->note));
      print_result(alias_args->json, alias_args->json ? character_json(repo.get(alias_args->who)) : nullptr,
                   "edited alias " + alias_args->form);
    });
    auto* suggest = alias->add_subcommand("suggest", "Propose aliases from the collation of two editions, with evidence");
    suggest->add_option("S1", args->who, "An edition")->required();
    suggest->add_option("S2", args->other, "Another edition of the work")->required();
    suggest->add_flag("--all", args->all, "List the dismissed suggestions too, marked so");
    add_json_flag(suggest, g, args->json, "Print as JSON");
    suggest->callback([&g, args] { run_suggest(g, *args); });
    auto* dismiss = alias->add_subcommand("dismiss", "Say that FORM is not an alias of NAME: `alias suggest` no longer proposes it, in any copy that merges this one");
    dismiss->add_option("NAME", args->who, "The character")->required();
    dismiss->add_option("FORM", args->form, "The form suggested")->required();
    dismiss->add_flag("--undo", args->undo, "Take the dismissal back");
    dismiss->add_option("--note", args->note, "Why");
    add_author_option(dismiss, args->author);
    add_json_flag(dismiss, g, args->json, "Print the decision as JSON");
    dismiss->callback([&g, args] {
      Database db = g.open();
      const std::string note = checked_argument(Field::kDecisionNote, args->note, "--note");
      PersonRepository(db).dismiss_suggestion(args->who, args->form, !args->undo, note, author_or_unknown(args->author));
      print_result(args->json, {{"character", args->who}, {"form", args->form}, {"dismissed", !args->undo}},
                   std::string(args->undo ? "took back the dismissal of " : "dismissed ") + args->form + " as an alias of " + args->who);
    });
  });

  add_command(app, g, "mentions", "Every mention of a character, under any alias, in every edition", [&g](CLI::App* mentions) {
    auto args = std::make_shared<PeopleArgs>();
    mentions->add_option("NAME", args->who, "The character (its name or any alias)");
    mentions->add_option("--edition", args->edition, "Only this edition");
    mentions->add_flag("--rebuild", args->rebuild, "Recompute every mention first");
    mentions->add_flag("--all", args->all, "List the rejected mentions too, marked so");
    add_page_options(mentions, args->page);
    add_json_flag(mentions, g, args->json, "Print as JSON");
    mentions->callback([&g, args] { run_mentions(g, *args); });
  });

  add_command(app, g, "mention", "Judge a mention under an ambiguous alias: mention confirm/reject/clear", [&g](CLI::App* mention) {
    auto args = std::make_shared<PeopleArgs>();
    mention->require_subcommand(1);
    for (const auto& [name, state, help] : {std::tuple("confirm", "confirmed", "Say that the mention names the person"),
                                            std::tuple("reject", "rejected", "Say that the mention does not name the person "
                                                                             "(太白 the mountain, not 李白)"),
                                            std::tuple("clear", "", "Take the judgement back")}) {
      auto* cmd = mention->add_subcommand(name, help);
      cmd->add_option("ADDRESS", args->form, "The passage, S:N")->required();
      cmd->add_option("--person", args->who, "The character (its name or any alias)")->required();
      cmd->add_option("--at", args->at, "The mention's start, in code points, when the passage holds several");
      cmd->add_option("--note", args->note, "Why");
      add_author_option(cmd, args->author);
      add_json_flag(cmd, g, args->json, "Print the mention as JSON");
      const std::string value = state;
      cmd->callback([&g, args, value] {
        Database db = g.open();
        const std::string note = checked_argument(Field::kDecisionNote, args->note, "--note");
        const Mention m = PersonRepository(db, author_or_unknown(args->author))
                              .choose_mention(args->form, args->who, args->at,
                                              value.empty() ? std::nullopt : std::optional(value), note);
        print_result(args->json, mentions_json(args->who, 1, {m}),
                     m.address + " at " + std::to_string(m.start) + " (" + m.text + "): " + m.status);
      });
    }
  });
}

}  // namespace jiaozhu::cli
