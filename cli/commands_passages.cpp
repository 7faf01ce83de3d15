// passage set, edit, log, restore: correcting a transcription passage by
// passage, each correction a revision with its author and reason.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/user_config.h"
#include "json_output.h"
#include "listing_json.h"
#include "terminal_guard.h"
#include "text_format.h"

namespace jiaozhu::cli {
namespace {

struct PassageArgs {
  std::string address, text, file, reason, author, to;
  bool json = false;
};

// A file's bytes as one passage's text: UTF-8, without the line break an
// editor leaves at its end.
std::string text_of_file(const std::string& path) {
  // A passage holds at most kMaxPassageCodePoints, of at most 4 bytes each.
  std::string text = read_named_file(path, 4 * kMaxPassageCodePoints + 2, "a passage's text");
  if (const auto bad = first_invalid_utf8(text)) {
    throw InputError(path + ": not valid UTF-8 at byte " + std::to_string(*bad) + " (a passage is read as UTF-8)");
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

// What a scholar wrote in the editor: the lines that are not comments
// (starting with '#'), joined, without the blank lines around them.
std::string edited_text(const std::string& written) {
  std::string out;
  std::istringstream lines(written);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with('#')) continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out += (out.empty() ? "" : "\n") + line;
  }
  while (!out.empty() && (out.back() == '\n')) out.pop_back();
  const auto first = out.find_first_not_of('\n');
  return first == std::string::npos ? "" : out.substr(first);
}

// The shell-quoted form of a path we made (mkstemp's), for $EDITOR.
std::string shell_quoted(const std::string& path) {
  std::string out = "'";
  for (char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Opens $VISUAL or $EDITOR on the passage's text, as `git commit` does, and
// returns what was saved.
std::string text_from_editor(const Passage& p, const std::string& address) {
  const char* editor = std::getenv("VISUAL");
  if (!editor || !*editor) editor = std::getenv("EDITOR");
  const std::string command = editor && *editor ? editor : "vi";
  std::string path = (std::filesystem::temp_directory_path() / "jiaozhu-passage-XXXXXX.txt").string();
  const int fd = mkstemps(path.data(), 4);
  if (fd < 0) throw DatabaseError("cannot make a temporary file to edit " + address + " in");
  const std::string body = p.text + "\n\n# Correct the text of " + address +
                           " above and save; lines starting with '#' are left out.\n"
                           "# An empty text, or the same text, writes nothing.\n";
  const bool written = ::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
  ::close(fd);
  struct Removed {
    std::string path;
    ~Removed() { std::filesystem::remove(path); }
  } removed{path};
  if (!written) throw DatabaseError("cannot write the temporary file " + path);
  if (std::system((command + " " + shell_quoted(path)).c_str()) != 0) {
    throw UsageError("the editor (" + command + ") failed; nothing was written");
  }
  return edited_text(text_of_file(path));
}

// The changed stretch between two texts, with a little context each side:
// "…玄太黃…" and "…玄大黃…".
std::pair<std::string, std::string> changed_words(const std::string& before, const std::string& after) {
  constexpr std::size_t kContext = 4;
  const std::u32string a = to_code_points(before), b = to_code_points(after);
  std::size_t prefix = 0, suffix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  auto cut = [&](const std::u32string& t) {
    const std::size_t from = prefix > kContext ? prefix - kContext : 0;
    const std::size_t to = std::min(t.size(), t.size() - suffix + kContext);
    return (from > 0 ? "…" : "") + to_utf8(t.substr(from, to - from)) + (to < t.size() ? "…" : "");
  };
  return {cut(a), cut(b)};
}

void print_history(const PassageHistory& h) {
  if (h.revisions.empty()) {
    std::cout << h.address << " has not been corrected: it reads as imported\n";
    return;
  }
  std::cout << h.address << "  " << h.revisions.size() << " revisions" << (h.conflict ? "  (in conflict: `jiaozhu conflicts`)" : "")
            << '\n';
  const PassageRevision* previous = nullptr;
  for (const PassageRevision& r : h.revisions) {
    const bool head = std::find(h.heads.begin(), h.heads.end(), r.uuid) != h.heads.end();
    std::cout << "  " << r.uuid.substr(0, 8) << "  " << r.made_at << "  "
              << (r.imported ? std::string("(as imported)") : printable(r.author))
              << (r.reason.empty() ? "" : "  " + printable(r.reason)) << (head && h.heads.size() > 1 ? "  [head]" : "") << '\n';
    // Each revision against its parent (its first, when it joins several).
    const PassageRevision* parent = previous;
    for (const PassageRevision& p : h.revisions) {
      if (!r.parents.empty() && p.uuid == r.parents.front()) parent = &p;
    }
    if (r.imported || !parent) {
      std::cout << "      " << printable(one_line(r.text)) << '\n';
    } else {
      const auto [before, after] = changed_words(parent->text, r.text);
      std::cout << "    - " << printable(one_line(before)) << "\n    + " << printable(one_line(after)) << '\n';
    }
    previous = &r;
  }
}

void print_correction(bool json, const CorrectionReport& r, Database& db) {
  if (!r.written) {
    if (json) return print_json({{"passage", r.address}, {"written", false}});
    std::cout << r.address << " already reads so (white space aside); nothing was written\n";
    return;
  }
  if (json) {
    auto doc = passage_history_json(CorrectionRepository(db).history(r.address));
    doc["written"] = r.revision;
    doc["links_recollated"] = r.links_recollated;
    doc["links_made"] = r.links_made;
    doc["notes_orphaned"] = r.notes_orphaned;
    return print_json(doc);
  }
  std::cout << "corrected " << r.address << " (revision " << r.revision.substr(0, 8) << "): " << r.links_recollated
            << (r.links_recollated == 1 ? " link" : " links") << " collated again";
  if (r.links_made) std::cout << ", " << r.links_made << (r.links_made == 1 ? " link" : " links") << " made (it says the same as another edition now)";
  if (r.notes_orphaned) std::cout << ", " << r.notes_orphaned << " notes orphaned (`jiaozhu notes --orphaned`)";
  if (r.kinds_carried) std::cout << ", " << r.kinds_carried << " kinds set by hand moved";
  if (r.places_carried) std::cout << ", " << r.places_carried << " decided places moved";
  std::cout << '\n';
}

// Who corrects: a correction is signed, as a note is.
std::string author_of(const PassageArgs& a) {
  std::string who = resolve_author(a.author);
  if (who.empty()) throw NoAuthor();
  return who;
}

void run_set(const Globals& g, const PassageArgs& a, bool from_editor) {
  Database db = g.open();
  std::string text = a.text;
  if (from_editor) {
    const auto passages = PassageRepository(db).get(parse_address(a.address));
    if (passages.size() != 1) throw UsageError("'" + a.address + "' names more than one passage; edit one (S:N)");
    text = text_from_editor(passages.front(), a.address);
    if (is_blank(text)) throw UsageError("the text is empty; nothing was written");
  } else if (!a.file.empty()) {
    if (!a.text.empty()) throw UsageError("give the text with --text or --file, not both");
    text = text_of_file(a.file);
  } else if (a.text.empty()) {
    throw UsageError("give the new text: --text T, --file F, or `jiaozhu passage edit " + a.address + "`");
  }
  const CorrectionReport r = CorrectionRepository(db).correct(a.address, text, a.reason, author_of(a));
  print_correction(a.json, r, db);
}

}  // namespace

void add_passage_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "passage", "Correct a passage's text, each correction a revision: set, edit, log, restore",
              [&g](CLI::App* cmd) {
    cmd->require_subcommand(1);
    auto a = std::make_shared<PassageArgs>();
    auto* set = cmd->add_subcommand("set", "Correct a passage: its new text, with the reason (據原書卷三頁十二)");
    set->add_option("PASSAGE", a->address, "The passage, S:N")->required();
    set->add_option("--text", a->text, "The corrected text");
    set->add_option("--file", a->file, "Read the corrected text from this file (UTF-8)");
    set->add_option("--reason", a->reason, "Why: the witness or page checked against");
    add_author_option(set, a->author);
    add_json_flag(set, g, a->json, "Print the passage's revisions as JSON");
    set->callback([&g, a] { run_set(g, *a, false); });

    auto* edit = cmd->add_subcommand("edit", "Correct a passage in $VISUAL or $EDITOR, as `git commit` does");
    edit->add_option("PASSAGE", a->address, "The passage, S:N")->required();
    edit->add_option("--reason", a->reason, "Why: the witness or page checked against");
    add_author_option(edit, a->author);
    add_json_flag(edit, g, a->json, "Print the passage's revisions as JSON");
    edit->callback([&g, a] { run_set(g, *a, true); });

    auto* log = cmd->add_subcommand("log", "A passage's corrections, oldest first, each with what it changed");
    log->add_option("PASSAGE", a->address, "The passage, S:N")->required();
    add_json_flag(log, g, a->json, "Print the revisions as JSON: id, author, time, reason, text");
    log->callback([&g, a] {
      Database db = g.open();
      const PassageHistory h = CorrectionRepository(db).history(a->address);
      if (a->json) return print_json(passage_history_json(h));
      print_history(h);
    });

    auto* restore = cmd->add_subcommand("restore", "Go back to an earlier revision's text (as a new revision)");
    restore->add_option("PASSAGE", a->address, "The passage, S:N")->required();
    restore->add_option("--to", a->to, "The revision's id (from `passage log`), or a prefix of at least 4 characters")->required();
    restore->add_option("--reason", a->reason, "Why (default: \"restored ID\")");
    add_author_option(restore, a->author);
    add_json_flag(restore, g, a->json, "Print the passage's revisions as JSON");
    restore->callback([&g, a] {
      Database db = g.open();
      const CorrectionReport r = CorrectionRepository(db).restore(a->address, a->to, a->reason, author_of(*a));
      print_correction(a->json, r, db);
    });
  });
}

}  // namespace jiaozhu::cli
