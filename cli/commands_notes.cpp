// note, notes, config, export notes, import-notes: annotations.
#include <iostream>

#include "app.h"
#include "jiaozhu/error.h"
#include "jiaozhu/note_exchange.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/user_config.h"
#include "data_output.h"
#include "notes_output.h"
#include "json_output.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

struct NoteArgs {
  std::string id, address, quote, field, text, motivation, author, on_variant, on_character, on_link, take, tag_filter, query, to;
  std::string region, region_page;
  std::vector<std::string> tags;
  int64_t nth = 0, start = -1, end = -1, limit = 20;
  bool json = false, orphaned = false, removed = false;
  bool has_text = false;
  Page page;
};

std::string author_of(const NoteArgs& a) { return resolve_author(a.author); }

void print_note_result(const Note& n, const char* verb, bool json) {
  if (json) {
    print_json(note_json(n));
    return;
  }
  std::cout << verb << " note " << n.uuid.substr(0, 8) << (n.address.empty() ? "" : " on " + n.address) << '\n';
}

NoteRequest request_of(const NoteArgs& a) {
  NoteRequest r;
  const int targets = !a.address.empty() + !a.on_variant.empty() + !a.on_character.empty() + !a.on_link.empty();
  if (targets != 1) throw UsageError("a note needs one target: S:N, --on-variant ID, --on-character NAME or --on-link ID");
  if (!a.quote.empty() && (a.start >= 0 || a.end >= 0)) throw UsageError("give --quote or --start/--end, not both");
  if ((a.start >= 0) != (a.end >= 0)) throw UsageError("--start and --end go together");
  r.address = a.address;
  if (!a.field.empty()) {
    r.field = parse_variant_field(a.field);
    if (r.field != VariantField::kText && a.quote.empty() && a.start < 0) {
      throw UsageError("--field " + a.field + " names where the span is: give --quote or --start/--end too");
    }
  }
  if (!a.address.empty()) {
    r.target = a.quote.empty() && a.start < 0 ? NoteTarget::kPassage : NoteTarget::kSpan;
    if (!a.quote.empty()) r.quote = a.quote;
    if (a.start >= 0) {
      r.start = a.start;
      r.end = a.end;
    }
  } else if (!a.on_variant.empty()) {
    r.target = NoteTarget::kVariant;
    r.target_ref = a.on_variant;
  } else if (!a.on_character.empty()) {
    r.target = NoteTarget::kPerson;
    r.target_ref = a.on_character;
  } else {
    r.target = NoteTarget::kLink;
    r.target_ref = a.on_link;
  }
  if (!a.region_page.empty() && a.region.empty()) throw UsageError("--page names the page of a --region");
  if (!a.region.empty()) {
    if (r.target != NoteTarget::kPassage) throw UsageError("--region is on a passage's page image: give S:N alone, without --quote or --start");
    r.region = a.region;
    r.region_page = a.region_page;
  }
  if (a.nth < 0) throw UsageError("--nth counts from 1");
  r.nth = a.nth;
  r.body = a.text;
  r.tags = a.tags;
  if (!a.motivation.empty()) r.motivation = a.motivation;
  r.author = author_of(a);
  return r;
}

// `note move --to`: S:N (with --quote or --start/--end for a span),
// variant:ID, link:ID or character:NAME.
NoteRequest move_request(NoteArgs a) {
  const auto colon = a.to.find(':');
  const std::string kind = colon == std::string::npos ? "" : a.to.substr(0, colon), rest = a.to.substr(colon + 1);
  if (kind == "variant") a.on_variant = rest;
  else if (kind == "link") a.on_link = rest;
  else if (kind == "character") a.on_character = rest;
  else a.address = a.to;
  if (a.to.empty() || (colon != std::string::npos && rest.empty())) {
    throw UsageError("--to names a passage S:N, variant:ID, link:ID or character:NAME");
  }
  return request_of(a);
}

void run_note_show(const Globals& g, const NoteArgs& a) {
  Database db = g.open();
  NoteRepository repo(db);
  const Note n = repo.get(a.id);
  const auto history = repo.history(n.uuid);
  if (a.json) {
    print_json(note_history_json(n, history));
    return;
  }
  print_note(n, true);
  std::cout << "history (" << history.size() << " revisions):\n";
  for (const NoteRevision& r : history) print_revision(r);
}

void run_notes(const Globals& g, const NoteArgs& a) {
  Database db = g.open();
  NoteFilter f;
  if (!a.address.empty()) f.address = a.address;
  if (!a.tag_filter.empty()) f.tag = a.tag_filter;
  if (!a.author.empty()) f.author = a.author;
  f.orphaned_only = a.orphaned;
  f.include_deleted = a.removed;
  auto notes = NoteRepository(db).list(f);
  const int64_t total = take_page(notes, a.page);
  print_notes(notes, a.json, total > 0 ? "no notes on this page" : "no notes");
  const auto shown = static_cast<int64_t>(notes.size());
  if (!a.json && shown > 0 && shown < total) {
    std::cout << page_prefix(a.page, shown, total) << count_of(total, "note") << '\n';
  }
}

// note add, show, edit, move, rm, restore, resolve.
void configure_note(CLI::App* note, Globals& g) {
  note->require_subcommand(1);
  auto a = std::make_shared<NoteArgs>();

  auto* add = note->add_subcommand("add", "Add a note on a span (--quote or --start/--end), a passage, a variant, a link or a character");
  add->add_option("ADDRESS", a->address, "The passage, S:N");
  add->add_option("--quote", a->quote, "The words the note is on, as they stand in the passage");
  add->add_option("--nth", a->nth, "Which occurrence of the quote, from 1, when it occurs more than once");
  add->add_option("--field", a->field, "Where in the passage the span is: text (default), title or author");
  add->add_option("--start", a->start, "Start of the span, in code points from 0");
  add->add_option("--end", a->end, "End of the span (exclusive)");
  add->add_option("--region", a->region, "X,Y,W,H: a region of the passage's page image, in pixels of the full image");
  add->add_option("--page", a->region_page, "The page whose image --region is on (default: the passage's first page with an image)");
  add->add_option("--on-variant", a->on_variant, "A variant's id (from `variants --json`), or a prefix of it");
  add->add_option("--on-character", a->on_character, "A character's name or alias");
  add->add_option("--on-link", a->on_link, "A link's id (from `links --json`), or a prefix of it");
  add->add_option("--text", a->text, "The note's text");
  add->add_option("--tag", a->tags, "A tag (repeat for several)")->allow_extra_args(false);
  add->add_option("--motivation", a->motivation, "commenting (default), correcting, identifying, linking, questioning, tagging");
  add_author_option(add, a->author);
  add_json_flag(add, g, a->json, "Print the note as JSON");
  add->callback([&g, a] {
    Database db = g.open();
    print_note_result(NoteRepository(db).add(request_of(*a)), "added", a->json);
  });

  auto* show = note->add_subcommand("show", "Print a note with its whole history");
  show->add_option("ID", a->id, "The note's id, or a unique prefix of it")->required();
  add_json_flag(show, g, a->json, "Print as JSON");
  show->callback([&g, a] { run_note_show(g, *a); });

  auto* edit = note->add_subcommand("edit", "Write a new revision of a note: its text, tags or motivation");
  edit->add_option("ID", a->id, "The note's id, or a unique prefix of it")->required();
  auto* text_opt = edit->add_option("--text", a->text, "The new text");
  edit->add_option("--tag", a->tags, "+TAG adds a tag, -TAG removes one (repeat for several)")->allow_extra_args(false);
  edit->add_option("--motivation", a->motivation, "The new motivation");
  add_author_option(edit, a->author);
  add_json_flag(edit, g, a->json, "Print the note as JSON");
  edit->callback([&g, a, text_opt] {
    NoteChange c;
    if (text_opt->count() > 0) c.body = a->text;
    for (const std::string& t : a->tags) {
      if (t.size() < 2 || (t[0] != '+' && t[0] != '-')) throw UsageError("--tag takes +TAG or -TAG, not '" + t + "'");
      (t[0] == '+' ? c.add_tags : c.remove_tags).push_back(t.substr(1));
    }
    if (!a->motivation.empty()) c.motivation = a->motivation;
    c.author = author_of(*a);
    Database db = g.open();
    print_note_result(NoteRepository(db).edit(a->id, c), "edited", a->json);
  });

  auto* rm = note->add_subcommand("rm", "Remove a note (a revision marks it removed; `note restore` undoes it)");
  rm->add_option("ID", a->id, "The note's id, or a unique prefix of it")->required();
  add_author_option(rm, a->author);
  add_json_flag(rm, g, a->json, "Print the note as JSON");
  rm->callback([&g, a] {
    Database db = g.open();
    print_note_result(NoteRepository(db).remove(a->id, author_of(*a)), "removed", a->json);
  });

  auto* restore = note->add_subcommand("restore", "Bring back a removed note");
  restore->add_option("ID", a->id, "The note's id, or a unique prefix of it")->required();
  add_author_option(restore, a->author);
  add_json_flag(restore, g, a->json, "Print the note as JSON");
  restore->callback([&g, a] {
    Database db = g.open();
    print_note_result(NoteRepository(db).restore(a->id, author_of(*a)), "restored", a->json);
  });

  auto* move = note->add_subcommand("move", "Put a note on another target by hand (a revision: every copy follows it)");
  move->add_option("ID", a->id, "The note's id, or a unique prefix of it")->required();
  move->add_option("--to", a->to, "S:N (a passage; with --quote or --start/--end a span), variant:ID, link:ID or character:NAME")
      ->required();
  move->add_option("--quote", a->quote, "The words of S:N the note is on");
  move->add_option("--nth", a->nth, "Which occurrence of the quote (from 1)");
  move->add_option("--field", a->field, "Where in S:N the span is: text (default), title or author");
  move->add_option("--start", a->start, "Span start, in characters from 0");
  move->add_option("--end", a->end, "Span end (exclusive)");
  move->add_option("--region", a->region, "X,Y,W,H: a region of the passage's page image (a note on a region keeps its own when the passage is on its page)");
  move->add_option("--page", a->region_page, "The page whose image --region is on (default: the passage's first page with an image)");
  add_author_option(move, a->author);
  add_json_flag(move, g, a->json, "Print the note as JSON");
  move->callback([&g, a] {
    Database db = g.open();
    const NoteRequest to = move_request(*a);
    print_note_result(NoteRepository(db).move(a->id, to, to.author), "moved", a->json);
  });

  auto* resolve = note->add_subcommand("resolve", "End a conflict: keep one revision (--take) or write a new text");
  resolve->add_option("ID", a->id, "The note's id, or a unique prefix of it")->required();
  resolve->add_option("--take", a->take, "The revision to keep (its id or a prefix, from `note show`)");
  auto* resolve_text = resolve->add_option("--text", a->text, "The text that ends the conflict");
  add_author_option(resolve, a->author);
  add_json_flag(resolve, g, a->json, "Print the note as JSON");
  resolve->callback([&g, a, resolve_text] {
    Database db = g.open();
    const auto take = a->take.empty() ? std::nullopt : std::optional(a->take);
    const auto body = resolve_text->count() ? std::optional(a->text) : std::nullopt;
    print_note_result(NoteRepository(db).resolve(a->id, take, body, author_of(*a)), "resolved", a->json);
  });

  auto* search = note->add_subcommand("search", "Find notes by their text (same query language as `search`)");
  search->add_option("QUERY", a->query, "What to look for")->required();
  search->add_option("--limit", a->limit, "At most this many notes (default 20)");
  add_json_flag(search, g, a->json, "Print as JSON");
  search->callback([&g, a] {
    if (a->limit < 1) throw UsageError("--limit must be at least 1");
    Database db = g.open();
    print_notes(NoteRepository(db).search(a->query, a->limit), a->json, "no note matches");
  });
}

}  // namespace

void add_note_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "note", "Add, show, edit, move, remove, restore or resolve one note",
              [&g](CLI::App* note) { configure_note(note, g); });

  add_command(app, g, "notes", "List notes: of an edition S, a passage S:N, or all", [&g](CLI::App* notes) {
    auto a = std::make_shared<NoteArgs>();
    notes->add_option("ADDRESS", a->address, "S or S:N or S:N-M");
    notes->add_option("--tag", a->tag_filter, "Only notes with this tag");
    notes->add_option("--author", a->author, "Only notes one of whose revisions this author wrote (part of the name)");
    notes->add_flag("--orphaned", a->orphaned, "Only notes whose words are no longer in their passage, or whose link, variant or character is gone");
    notes->add_flag("--removed", a->removed, "Include removed notes");
    add_page_options(notes, a->page);
    add_json_flag(notes, g, a->json, "Print as JSON");
    notes->callback([&g, a] { run_notes(g, *a); });
  });

  add_command(app, g, "config", "Show or set a per-user setting: author \"Name <mail>\"", [&g](CLI::App* config) {
    struct ConfigArgs {
      std::string key, value;
      bool json = false;
    };
    auto cfg = std::make_shared<ConfigArgs>();
    config->add_option("KEY", cfg->key, "The setting (author)")->required();
    auto* value = config->add_option("VALUE", cfg->value, "Its new value");
    add_json_flag(config, g, cfg->json, "Print as JSON");
    config->callback([cfg, value] {
      const std::string file = user_config_path().string();
      if (value->count()) {
        write_user_setting(cfg->key, cfg->value);
        print_result(cfg->json, {{"key", cfg->key}, {"value", cfg->value}, {"file", file}}, cfg->key + " set in " + file);
        return;
      }
      const auto v = read_user_setting(cfg->key);
      if (!v) throw NotFound(cfg->key + " is not set (in " + file + ")");
      print_result(cfg->json, {{"key", cfg->key}, {"value", *v}, {"file", file}}, *v);
    });
  });

  add_command(app, g, "export", "Write data out in other tools' formats", [&g](CLI::App* exp) {
    auto fmt = std::make_shared<std::string>("w3c");
    auto include_removed = std::make_shared<bool>(false);
    auto file = std::make_shared<std::string>();
    exp->require_subcommand(1);
    auto* exp_notes = exp->add_subcommand("notes", "Every note with its history: W3C Web Annotation JSON-LD, or CSV");
    exp_notes->add_option("--format", *fmt, "w3c (default) or csv");
    exp_notes->add_flag("--include-removed", *include_removed, "Removed notes too (left out by default)");
    exp_notes->add_option("-o,--output", *file, "Write to this file (whole, or not at all) instead of standard output");
    exp_notes->callback([&g, fmt, include_removed, file] {
      const NoteFormat f = parse_note_format(*fmt);
      DataOutput output(*file);
      Database db = g.open();
      export_notes(db, f, *include_removed, output.stream());
      output.finish();
    });
    add_export_variants_command(exp, g);
  });

  add_command(app, g, "import-notes",
              "Read notes from a W3C Web Annotation file (as `export notes`, Recogito or Hypothesis write)",
              [&g](CLI::App* imp) {
    struct ImportArgs {
      std::string file;
      std::string edition;
      std::vector<std::string> maps;
      bool json = false;
    };
    auto imported = std::make_shared<ImportArgs>();
    imp->add_option("FILE", imported->file, "The JSON-LD file, or Hypothesis's API export")->required();
    imp->add_option("--edition", imported->edition,
                    "The edition that annotations on a web page or file annotate (their quotes are placed in it)");
    imp->add_option("--map", imported->maps, "URL=S: annotations on URL annotate edition S (repeat for several)")
        ->allow_extra_args(false);  // one value per flag: the file after it stays a file
    add_json_flag(imp, g, imported->json, "Print the summary as JSON");
    imp->callback([&g, imported] {
      NotesImportOptions options;
      if (!imported->edition.empty()) options.edition = imported->edition;
      for (const std::string& m : imported->maps) {
        const auto eq = m.rfind('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == m.size()) {
          throw UsageError("--map " + m + " is not URL=S (a source and the siglum of its edition)");
        }
        options.sources.emplace_back(m.substr(0, eq), m.substr(eq + 1));
      }
      Database db = g.open();
      const NotesImportReport r = import_notes(db, imported->file, options);
      std::string summary = "read " + count_of(r.annotations, "annotation") + ": " + count_of(r.notes_added, "new note") +
                            ", " + count_of(r.revisions_added, "new revision");
      if (r.placed) summary += "; " + count_of(r.placed, "quote") + " of other tools placed";
      for (const std::string& o : r.orphaned) summary += "\norphaned: " + o;
      if (!r.orphaned.empty()) summary += "\n(see `jiaozhu notes --orphaned`)";
      print_result(imported->json,
                   {{"file", imported->file}, {"annotations", r.annotations}, {"notes_added", r.notes_added},
                    {"revisions_added", r.revisions_added}, {"placed", r.placed}, {"orphaned", r.orphaned}},
                   summary);
    });
  });
}

}  // namespace jiaozhu::cli
