#include "repo/choice_log.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "util/clock.h"
#include "util/uuid.h"

namespace jiaozhu::detail {
namespace {

Choice read_choice(SQLite::Statement& q) {
  Choice c;
  c.uuid = q.getColumn(0).getString();
  c.subject = q.getColumn(1).getString();
  if (!q.getColumn(2).isNull()) c.value = q.getColumn(2).getString();
  c.note = q.getColumn(3).getString();
  c.author = q.getColumn(4).getString();
  c.set_at = q.getColumn(5).getString();
  return c;
}

std::string columns(const ChoiceTable& t) {
  return std::string("uuid, ") + t.subject_column + ", " + t.value_column + ", " +
         (t.note_column ? std::string("coalesce(") + t.note_column + ", '')" : std::string("''")) + ", author, set_at";
}

std::vector<Choice> run(SQLite::Statement& q) {
  std::vector<Choice> out;
  while (q.executeStep()) out.push_back(read_choice(q));
  return out;
}

}  // namespace

std::string ChoiceLog::uuid_of(const ChoiceTable& t, const Choice& c) {
  return uuid_from_name(std::string(t.table) + "\n" + c.subject + "\n" + (c.value ? "=" + *c.value : "-") + "\n" + c.note +
                        "\n" + c.author + "\n" + c.set_at);
}

Choice ChoiceLog::record(const std::string& subject, const std::optional<std::string>& value, const std::string& note,
                         const std::string& author) {
  Choice c{"", subject, value, t_.note_column ? note : "", author, utc_now_ms()};
  c.uuid = uuid_of(t_, c);
  merge_row(c);
  return c;
}

std::optional<Choice> ChoiceLog::current(const std::string& subject) const {
  SQLite::Statement q(db_.sql(), "SELECT " + columns(t_) + " FROM " + t_.table + " WHERE " + t_.subject_column +
                                     " = ? ORDER BY set_at DESC, uuid DESC LIMIT 1");
  q.bind(1, subject);
  if (!q.executeStep()) return std::nullopt;
  return read_choice(q);
}

std::map<std::string, Choice> ChoiceLog::all_current() const {
  std::map<std::string, Choice> out;
  for (Choice& c : all()) out[c.subject] = std::move(c);  // all() is oldest first: the newest stays
  return out;
}

std::vector<Choice> ChoiceLog::history(const std::string& subject) const {
  SQLite::Statement q(db_.sql(), "SELECT " + columns(t_) + " FROM " + t_.table + " WHERE " + t_.subject_column +
                                     " = ? ORDER BY set_at, uuid");
  q.bind(1, subject);
  return run(q);
}

std::vector<Choice> ChoiceLog::all() const {
  SQLite::Statement q(db_.sql(), "SELECT " + columns(t_) + " FROM " + t_.table + " ORDER BY set_at, uuid");
  return run(q);
}

std::vector<std::string> ChoiceLog::faults() const {
  std::vector<std::string> out;
  for (const Choice& c : all()) {
    if (c.uuid != uuid_of(t_, c)) out.push_back(std::string(t_.table) + " row " + c.uuid + " has a uuid not derived from its content");
  }
  return out;
}

bool ChoiceLog::merge_row(const Choice& c) {
  SQLite::Statement q(db_.sql(), std::string("INSERT INTO ") + t_.table + " (uuid, " + t_.subject_column + ", " +
                                     t_.value_column + (t_.note_column ? std::string(", ") + t_.note_column : "") +
                                     ", author, set_at) VALUES (?, ?, ?" + (t_.note_column ? ", ?" : "") + ", ?, ?) ON CONFLICT DO NOTHING");
  int i = 1;
  q.bind(i++, c.uuid);
  q.bind(i++, c.subject);
  if (c.value) q.bind(i++, *c.value);
  else q.bind(i++);
  if (t_.note_column) {
    if (c.note.empty()) q.bind(i++);
    else q.bind(i++, c.note);
  }
  q.bind(i++, c.author);
  q.bind(i++, c.set_at);
  return q.exec() > 0;
}

}  // namespace jiaozhu::detail
