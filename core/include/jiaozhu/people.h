// Characters (the persons of a text), their aliases, and their mentions in
// every edition. Any alias form names its character in every call (太宗
// names 皇太极), matched on folded text (張若麟 names 张若麟); so does the
// start (4 or more hex digits) of its uuid or of one of its aliases' uuids,
// which tells apart two characters of one name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace jiaozhu {

class Database;

// One value of a character's editable fields (name, note) or an alias's
// (kind, note), as one author set it: a revision of the record's history.
struct FieldVersion {
  std::string uuid;
  std::string label;  // a character's name, an alias's kind
  std::string note;
  std::string author;
  std::string made_at;
};

struct Alias {
  int64_t id = 0;
  std::string uuid;
  std::string form;
  std::string kind;
  std::string note;
  int64_t mentions = 0;
  // Marked ambiguous (太白: a person, a mountain, a planet): its mentions
  // are unconfirmed until confirmed or rejected one by one.
  bool ambiguous = false;
  // Kind and note set apart in two copies: every head, newest (shown) first;
  // empty when there is no conflict. `alias edit` ends it.
  std::vector<FieldVersion> conflict;
};

struct Person {
  int64_t id = 0;
  std::string uuid;
  std::string name;
  std::string note;
  std::vector<Alias> aliases;                                 // the name first
  std::vector<std::pair<std::string, int64_t>> per_edition;  // siglum, mentions
  // Name and note set apart in two copies (see Alias::conflict);
  // `character edit` ends it.
  std::vector<FieldVersion> conflict;
  std::optional<std::string> cbdb_id;  // the person's id in the China Biographical Database
};

// A person as a biographical database lists it (CBDB's ALTNAME_DATA):
// its name, its id there, and its alternate names with jiaozhu's kinds.
struct PersonRecord {
  std::string name;
  std::string cbdb_id;
  std::vector<std::pair<std::string, std::string>> aliases;  // form, kind
};

struct PersonImportReport {
  int64_t persons = 0, persons_added = 0;
  int64_t aliases_added = 0;
  int64_t ids_recorded = 0;
  std::vector<std::string> warnings;  // e.g. an alternate-name type jiaozhu has no kind for
};

// Reads a CBDB alternate-name table, tab- or comma-separated, with a header
// naming c_personid, c_name_chn, c_alt_name_chn and c_alt_name_type (CBDB's
// label: 字, 號, 諡號 …) or c_alt_name_type_code. Types become alias kinds
// (字 courtesy, 號 and 室名 style, 諡號 posthumous, 廟號 temple, 封爵 and
// 封號 title, 小名 childhood, 本名 name); a type with no kind is kept as
// its label. Throws InputError naming the file and line at fault.
std::vector<PersonRecord> read_cbdb_alternate_names(const std::filesystem::path& file, std::vector<std::string>& warnings);

// A character or alias whose fields were set apart in two copies.
struct RecordConflict {
  std::string record;     // "character" or "alias"
  std::string uuid;       // the record's
  std::string character;  // the character's name as shown
  std::string form;       // the alias's form; empty for a character
  std::vector<FieldVersion> versions;  // the heads, newest (shown) first
};

struct Mention {
  std::string address;  // S:N
  int64_t start = 0;    // code points into the passage
  int64_t end = 0;
  std::string form;     // the alias matched, as recorded
  std::string kind;
  std::string text;     // the span as it stands in the passage
  std::string context;  // some text around it
  std::string person;   // the name of the character it names
  // confirmed (an alias not ambiguous, or a scholar's confirmation),
  // unconfirmed (under an ambiguous alias, not yet judged) or rejected.
  std::string status = "confirmed";
};

struct AliasSuggestion {
  std::string character;
  std::string form;
  std::string kind;      // proposed kind
  std::string evidence;  // one sentence
  std::vector<std::string> addresses;
  std::string command;   // the command that accepts it
  bool dismissed = false;  // a scholar dismissed it (listed only when asked for)
};

// What follows, in the same transaction, when the identity of character
// `from_uuid` passes to `to_uuid` (joined into it, or its row taking the
// group survivor's uuid): the layers above move what points at it.
using PersonMoved = std::function<void(Database& db, const std::string& from_uuid, const std::string& to_uuid)>;

// The persons of the text and their aliases. Each call that writes runs in
// one transaction of its own (with the mentions it changes); reads run in
// the caller's transaction when there is one. `who` names a person by name,
// any alias (folded: 張若麟 finds 张若麟) or uuid prefix: NotFound when it
// names none, ConflictError listing them when it names several. A name,
// form, kind or note that breaks its field's rules (field.h) is UsageError.
// Holds `db` by reference: the Database must outlive it, and, like the
// Database, it is used by one thread at a time. Every revision, removal and
// history it writes is by `author` ("Name <mail>", given by the caller:
// the command line's --author, $JIAOZHU_AUTHOR or the configuration); a
// write without one is UsageError. Any call may also throw
// DatabaseError naming the file when SQLite cannot read or write it
// (database.h); the errors each call names are the others.
class PersonRepository {
 public:
  explicit PersonRepository(Database& db, std::string author = {}) : db_(db), author_(std::move(author)) {}

  // Adds a character named `name` (its first alias, kind 'name').
  Person add(const std::string& name, const std::string& note);
  // Adds a character for each name not yet a character's name, then finds
  // the mentions of all of them in one scan; returns how many were added.
  // One transaction: a list of thousands of persons costs one pass over the
  // text, not one per person.
  int64_t add_all(const std::vector<std::string>& names);
  // Adds each person not yet a character's name, the aliases it lacks, and
  // its CBDB id where it has none or another, in one transaction, then finds
  // the mentions of all in one scan.
  PersonImportReport import_persons(const std::vector<PersonRecord>& persons);

  // Adds `form` as an alias of the character `who` names, and finds its
  // mentions. Throws ConflictError when the character has it already.
  // With `ambiguous`, marks it so in the same transaction.
  Alias add_alias(const std::string& who, const std::string& form, const std::string& kind, const std::string& note,
                  bool ambiguous = false);
  // Marks the alias `form` of `who` ambiguous, or with false no longer, in
  // one transaction of its own (a log that merges as a union). Throws
  // NotFound when `who` has no such alias.
  void set_ambiguous(const std::string& who, const std::string& form, bool ambiguous, const std::string& note);
  // Confirms or rejects (state "confirmed", "rejected"; nothing takes the
  // choice back) the mention of `who` in passage `address`, the one at
  // code point `at` when given, in one transaction of its own. Throws
  // NotFound when the passage holds no mention of `who` (at `at`), and
  // UsageError naming the offsets when it holds several and `at` is not
  // given, unless only one of them is unconfirmed or rejected.
  Mention choose_mention(const std::string& address, const std::string& who, std::optional<int64_t> at,
                         const std::optional<std::string>& state, const std::string& note);
  // Removes the alias `form` of `who`, and exactly its mentions.
  void remove_alias(const std::string& who, const std::string& form);
  // Moves every alias and the note of `from` to `into`, then removes `from`,
  // in one transaction of its own; `moved` runs in it for each character
  // whose identity passes to another. Scholars' callers use merge_persons
  // (workflow.h), which moves the notes on the characters.
  Person merge(const std::string& into, const std::string& from, const PersonMoved& moved);
  // Renames; the old name stays an alias and the new one becomes one.
  void rename(const std::string& who, const std::string& new_name);
  // Sets the character's note, and its name when given (as rename does).
  // Either way a revision of its history, which ends a conflict.
  void edit(const std::string& who, const std::optional<std::string>& name, const std::optional<std::string>& note);
  // Sets an alias's kind and note; what is not given stays as shown. A
  // revision of its history, which ends a conflict.
  void edit_alias(const std::string& who, const std::string& form, const std::optional<std::string>& kind,
                  const std::optional<std::string>& note);
  // Characters and aliases whose fields were set apart in two copies.
  std::vector<RecordConflict> conflicts() const;

  std::vector<Person> list() const;
  // The character `who` names (a name or any alias form, folded). Throws
  // NotFound, or ConflictError listing them when it names several.
  Person get(const std::string& who) const;

  // Every mention of the character, in passage order; of one edition when
  // `siglum` is given. Rejected mentions only with `include_rejected`.
  std::vector<Mention> mentions(const std::string& who, const std::optional<std::string>& siglum,
                                bool include_rejected = false) const;

  // Every mention of any character in passages first..last of edition
  // `siglum`, in passage order then by start: what a page of the text
  // marks. Throws NotFound for an unknown siglum.
  std::vector<Mention> mentions_in(const std::string& siglum, int64_t first, int64_t last) const;
  // Recomputes every mention.
  void rebuild_mentions();

  // Aliases the collation of s1 and s2 suggests, with their evidence;
  // those a scholar dismissed only with `include_dismissed`.
  std::vector<AliasSuggestion> suggest(const std::string& s1, const std::string& s2, bool include_dismissed = false) const;
  // Dismisses the suggestion of `form` as an alias of `who` (or, with
  // `dismissed` false, takes the dismissal back), in one transaction of its
  // own: a decision in a log that merges as a union, so that no copy
  // suggests it again. Throws NotFound or ConflictError for `who` as get().
  void dismiss_suggestion(const std::string& who, const std::string& form, bool dismissed, const std::string& note,
                          const std::string& author);

 private:
  const std::string& writer() const;  // author_, or UsageError when there is none

  Database& db_;
  std::string author_;
};

}  // namespace jiaozhu
