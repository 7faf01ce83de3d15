// merge, snapshot, sync: combining collaborators' copies of the database.
#include <iostream>

#include "app.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/merge.h"
#include "notes_output.h"
#include "json_output.h"
#include "text_format.h"
#include "terminal_guard.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

// The first kShown lines of a list that may run to thousands (a merge of two
// busy copies), then how many more and where to see them all.
constexpr std::size_t kShown = 10;

template <typename Line>
void print_some(const std::vector<std::string>& items, const char* what, const char* where, Line line) {
  for (std::size_t i = 0; i < items.size() && i < kShown; ++i) std::cout << "  " << line(items[i]) << '\n';
  if (items.size() > kShown) {
    std::cout << "  ... and " << with_commas(static_cast<int64_t>(items.size() - kShown)) << " more " << what << " (" << where << ")\n";
  }
}

void print_report(const MergeReport& r) {
  std::cout << (r.dry_run ? "would merge " : "merged ") << printable(r.other) << ": " << r.editions_added
            << " editions (" << with_commas(r.passages_added) << " passages), " << r.characters_added << " characters, "
            << r.aliases_added << " aliases, " << r.links_added << " links, " << r.notes_added << " notes, "
            << r.revisions_added << " note revisions" << (r.dry_run ? " (nothing was written)" : "") << '\n';
  if (r.editions_replaced > 0) std::cout << "  " << r.editions_replaced << " editions now hold the newer text the other copy imported\n";
  if (r.kind_choices + r.datings + r.extents + r.cbdb_ids + r.dismissals > 0) {
    std::cout << "  " << r.kind_choices << " kinds set by hand, " << r.datings << " datings of editions, " << r.extents << " extents of editions, " << r.cbdb_ids
              << " CBDB ids of persons and " << r.dismissals << " decisions on suggestions came in\n";
  }
  if (r.ambiguities + r.mention_choices > 0) {
    std::cout << "  " << r.ambiguities << " markings of ambiguous aliases and " << r.mention_choices
              << " confirmations or rejections of mentions came in\n";
  }
  if (r.decisions + r.policies > 0) {
    std::cout << "  " << r.decisions << " decisions on apparatus places and " << r.policies << " settings of policies came in\n";
  }
  if (r.page_images > 0) std::cout << "  " << r.page_images << " settings of page images came in\n";
  if (r.passages_corrected > 0) std::cout << "  " << r.passages_corrected << " passages now show the other copy's corrections\n";
  if (r.removed > 0) std::cout << "  removed " << r.removed << " aliases, links or characters the other copy removed or merged\n";
  for (const std::string& s : r.renamed) std::cout << "  renamed incoming edition " << printable(s) << '\n';
  print_some(r.conflicts, "conflicts", "`jiaozhu conflicts` lists them", [](const std::string& c) {
    return "conflict: note " + c.substr(0, 8) + " was edited in both copies (`jiaozhu note resolve " + c.substr(0, 8) +
           "`)";
  });
  print_some(r.possible_duplicates, "possible duplicates", "--json lists them all",
             [](const std::string& d) { return "possible duplicate: " + printable(d); });
  print_some(r.differences, "differences", "--json lists them all", [](const std::string& d) { return "differs: " + printable(d); });
}

// Like `git merge`: a merge that leaves anything to resolve exits 1.
void exit_if_conflicts(int64_t remaining, bool json) {
  if (remaining == 0) return;
  if (!json) {
    std::cerr << "jiaozhu: " << with_commas(remaining) << (remaining == 1 ? " conflict remains" : " conflicts remain")
              << "; see `jiaozhu conflicts`\n";
  }
  throw ExitStatus{kExitConflictsRemain};
}

// Keeps the page asked of the conflicts listed in their order (notes,
// records, links, editions, decisions, passages); returns how many there were in all.
int64_t take_conflict_page(Conflicts& c, const Page& page) {
  const auto total = static_cast<int64_t>(c.size());
  int64_t skip = page.offset, room = page.limit.value_or(total);
  auto cut = [&](auto& items) {
    const auto skipped = std::min<int64_t>(skip, static_cast<int64_t>(items.size()));
    items.erase(items.begin(), items.begin() + skipped);
    skip -= skipped;
    const auto kept = std::min<int64_t>(room, static_cast<int64_t>(items.size()));
    items.erase(items.begin() + kept, items.end());
    room -= kept;
  };
  cut(c.notes);
  cut(c.records);
  cut(c.links);
  cut(c.editions);
  cut(c.decisions);
  cut(c.passages);
  return total;
}

void print_conflicts(const Conflicts& c) {
  if (c.size() == 0) {
    std::cout << "no conflicts\n";
    return;
  }
  for (const Note& n : c.notes) print_note(n, false);
  for (const RecordConflict& r : c.records) {
    const bool person = r.record == "character";
    std::cout << (person ? "character " + printable(r.character) : "alias " + printable(r.form) + " of " + printable(r.character))
              << " (" << r.uuid.substr(0, 8) << ") was set apart in two copies:\n";
    for (const FieldVersion& v : r.versions) std::cout << "  " << version_line(v) << '\n';
    std::cout << "  settle it: jiaozhu " << (person ? "character edit " + printable(r.uuid.substr(0, 8)) + " --name … --note …"
                                                    : "alias edit " + printable(r.character) + " " + printable(r.form) +
                                                          " --kind … --note …")
              << '\n';
  }
  for (const LinkConflict& l : c.links) {
    std::cout << "passage " << l.passage << " is in " << l.links.size() << " links to one edition:\n";
    for (const auto& [uuid, passages] : l.links) {
      std::string joined;
      for (const std::string& p : passages) joined += (joined.empty() ? "" : " ") + p;
      std::cout << "  " << uuid.substr(0, 8) << "  " << joined << '\n';
    }
    std::cout << "  keep one: jiaozhu link rm on the others\n";
  }
  for (const EditionConflict& e : c.editions) {
    std::cout << "edition " << e.siglum << " was replaced in two copies from one text; it shows the newer text, beside it:";
    for (const std::string& r : e.rivals) std::cout << ' ' << (r.empty() ? "(a text another copy holds)" : r);
    std::cout << "\n  keep one: jiaozhu edition resolve " << e.siglum << " --keep " << e.siglum << "|"
              << (e.rivals.empty() || e.rivals.front().empty() ? "RIVAL" : e.rivals.front()) << '\n';
  }
  for (const PlaceDecision& d : c.decisions) {
    std::cout << "place " << d.place.uuid.substr(0, 8) << " 「" << printable(d.place.lemma) << "」 was decided differently in two copies:\n";
    std::cout << "  " << printable(decision_label(d.current)) << "  " << printable(d.current.author) << "  " << d.current.made_at << '\n';
    for (const Decision& v : d.rivals) std::cout << "  " << printable(decision_label(v)) << "  " << printable(v.author) << "  " << v.made_at << '\n';
    std::cout << "  settle it: jiaozhu decide " << d.place.uuid.substr(0, 8) << " --omit|--record|--adopt W|--emend T --reason R|--doubt\n";
  }
  for (const PassageConflict& p : c.passages) {
    std::cout << "passage " << p.address << " was corrected differently in two copies; it shows the first:\n";
    for (const PassageRevision& r : p.heads) {
      std::cout << "  " << r.uuid.substr(0, 8) << "  " << printable(r.author) << "  " << r.made_at << "  「"
                << printable(one_line(r.text)) << "」\n";
    }
    std::cout << "  settle it: jiaozhu passage set " << p.address << " --text …  (or passage restore " << p.address
              << " --to ID)\n";
  }
}

}  // namespace

void add_merge_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "conflicts", 
              "List what copies edited apart and waits for a decision: notes, characters, aliases, links, decisions, corrections",
              [&g](CLI::App* conflicts) {
    struct ConflictArgs {
      Page page;
      bool json = false;
    };
    auto conflict_args = std::make_shared<ConflictArgs>();
    add_page_options(conflicts, conflict_args->page);
    add_json_flag(conflicts, g, conflict_args->json, "Print as JSON");
    conflicts->callback([&g, conflict_args] {
      Database db = g.open();
      Conflicts c = list_conflicts(db);
      const int64_t total = take_conflict_page(c, conflict_args->page);
      if (conflict_args->json) {
        auto doc = conflicts_json(c);
        doc["total"] = total;
        return print_json(doc);
      }
      if (total > 0 && c.size() == 0) std::cout << "no conflicts on this page\n";
      else print_conflicts(c);
      const auto shown = static_cast<int64_t>(c.size());
      if (shown > 0 && shown < total) std::cout << page_prefix(conflict_args->page, shown, total) << count_of(total, "conflict") << '\n';
    });
  });

  add_command(app, g, "edition", "An edition's versions and dating: edition resolve, edition set", [&g](CLI::App* edition) {
    struct ResolveArgs {
      std::string siglum, keep, author;
    };
    auto resolve_args = std::make_shared<ResolveArgs>();
    edition->require_subcommand(1);
    auto* resolve = edition->add_subcommand("resolve", "Keep one text of an edition replaced in two copies");
    resolve->add_option("SIGLUM", resolve_args->siglum, "The edition")->required();
    resolve->add_option("--keep", resolve_args->keep, "The edition itself or its rival edition (S-<hash>)")->required();
    add_author_option(resolve, resolve_args->author);
    auto resolve_json = std::make_shared<bool>(false);
    add_json_flag(resolve, g, *resolve_json, "Print as JSON");
    resolve->callback([&g, resolve_args, resolve_json] {
      Database db = g.open();
      resolve_edition(db, resolve_args->siglum, resolve_args->keep, author_or_unknown(resolve_args->author));
      print_result(*resolve_json, {{"edition", resolve_args->siglum}, {"kept", resolve_args->keep}},
                   "edition " + resolve_args->siglum + " now holds the text of " + resolve_args->keep);
    });
    add_edition_set_command(edition, g);
  });

  add_command(app, g, "merge", "Bring in everything a collaborator's copy of the database holds", [&g](CLI::App* merge) {
    struct MergeArgs {
      std::string other;
      bool dry_run = false, json = false;
    };
    auto a = std::make_shared<MergeArgs>();
    merge->add_option("OTHER", a->other, "The other copy (.db); it is only read")->required();
    merge->add_flag("--dry-run", a->dry_run, "Report what would change, write nothing");
    add_json_flag(merge, g, a->json, "Print the report as JSON");
    merge->callback([&g, a] {
      Database db = g.open();
      const MergeReport r = merge_database(db, a->other, a->dry_run);
      if (a->json) print_json(merge_report_json(r));
      else print_report(r);
      if (!r.dry_run) exit_if_conflicts(r.conflicts_remaining, a->json);  // a dry run leaves nothing to resolve
    });
  });

  add_command(app, g, "snapshot", "Write a consistent, compact copy of the database to send", [&g](CLI::App* snap) {
    auto out = std::make_shared<std::string>();
    snap->add_option("OUT", *out, "The new file")->required();
    auto snap_json = std::make_shared<bool>(false);
    add_json_flag(snap, g, *snap_json, "Print as JSON");
    snap->callback([&g, out, snap_json] {
      Database db = g.open();
      snapshot(db, *out);
      print_result(*snap_json, {{"written", *out}}, "wrote " + *out);
    });
  });

  add_command(app, g, "sync", "Merge the other replicas in a shared folder, then write this one's copy there", [&g](CLI::App* sync) {
    struct SyncArgs {
      std::string dir;
      bool json = false;
    };
    auto s = std::make_shared<SyncArgs>();
    sync->add_option("DIR", s->dir, "A folder shared by git, Syncthing, Dropbox...")->required();
    add_json_flag(sync, g, s->json, "Print the report as JSON");
    sync->callback([&g, s] {
      Database db = g.open();
      const SyncReport r = sync_folder(db, s->dir);
      if (s->json) {
        auto merged = nlohmann::ordered_json::array();
        for (const MergeReport& m : r.merged) merged.push_back(merge_report_json(m));
        print_json({{"replica", r.replica}, {"written", r.written.string()}, {"merged", merged}, {"refused", r.refused}});
      } else {
        for (const MergeReport& m : r.merged) print_report(m);
        for (const std::string& why : r.refused) std::cout << "refused: " << printable(why) << '\n';
        std::cout << "wrote " << printable(r.written.string()) << " (replica " << r.replica << ")\n";
      }
      if (!r.refused.empty()) throw ExitStatus{kExitDatabase};
      exit_if_conflicts(r.merged.empty() ? 0 : r.merged.back().conflicts_remaining, s->json);
    });
  });
}

}  // namespace jiaozhu::cli
