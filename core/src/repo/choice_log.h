// A log of a scholar's choices about one kind of subject (a variant's kind,
// an edition's dynasty): every setting is a row, never changed or deleted,
// and what holds for a subject is its newest row (set_at, then uuid). Merge
// is a union of rows, so no one's choice is lost and every copy with the
// same rows agrees. A row's uuid derives from its content.
//
// The table and column names are the caller's constants (never user input).
// Calls run in the caller's transaction; record and merge_row write.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

struct Choice {
  std::string uuid;
  std::string subject;               // the uuid of what the choice is about
  std::optional<std::string> value;  // nothing: the choice withdrawn (back to the default)
  std::string note;
  std::string author;
  std::string set_at;  // ISO 8601 UTC with milliseconds
};

struct ChoiceTable {
  const char* table;           // "variant_kind_choice"
  const char* subject_column;  // "variant_uuid"
  const char* value_column;    // "kind"
  const char* note_column;     // "note", or nullptr when the table has none
};

class ChoiceLog {
 public:
  ChoiceLog(Database& db, ChoiceTable t) : db_(db), t_(t) {}

  static std::string uuid_of(const ChoiceTable& t, const Choice& c);

  // Appends a choice made now.
  Choice record(const std::string& subject, const std::optional<std::string>& value, const std::string& note,
                const std::string& author);
  // The newest choice about `subject`, and the newest about every subject.
  std::optional<Choice> current(const std::string& subject) const;
  std::map<std::string, Choice> all_current() const;
  // Every choice about `subject`, oldest first.
  std::vector<Choice> history(const std::string& subject) const;
  // Every row, for merge and check.
  std::vector<Choice> all() const;
  // Adds a row from another copy; false when it is here already.
  bool merge_row(const Choice& c);
  // Rows whose uuid does not derive from their content (edited by hand, or
  // a copy that lies): each as one sentence, for `check`.
  std::vector<std::string> faults() const;

 private:
  Database& db_;
  ChoiceTable t_;
};

}  // namespace jiaozhu::detail
