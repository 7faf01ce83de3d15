#include "jiaozhu/variant_form_rules.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <fstream>
#include <sstream>

#include "jiaozhu/csv.h"
#include "jiaozhu/database.h"
#include "jiaozhu/decode.h"
#include "jiaozhu/error.h"
#include "util/bounded_input.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"
#include "repo/deletion_store.h"
#include "util/columns.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace {

constexpr const char* kColumns = "uuid, form, standard, coalesce(source, ''), coalesce(note, ''), author, added_at";

FoldRule read_rule(SQLite::Statement& q) {
  return {q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
          q.getColumn(3).getString(), q.getColumn(4).getString(), q.getColumn(5).getString(),
          q.getColumn(6).getString()};
}

// The one Han character `text` is, or 0.
char32_t single_han(const std::string& text) {
  const std::u32string cps = to_code_points(text);
  return cps.size() == 1 && is_han(cps[0]) ? cps[0] : 0;
}

}  // namespace

std::vector<FoldRuleDraft> read_fold_rule_table(const std::filesystem::path& path) {
  const std::string name = path.string();
  const std::string text = decode(detail::read_bounded(path, detail::kMaxDocumentBytes, "a table of fold rules"), Encoding::kAuto, name).utf8;
  std::vector<FoldRuleDraft> out;
  std::size_t line_number = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields = split_tsv(line);
    const std::string where = name + ":" + std::to_string(line_number) + ": ";
    if (fields.size() < 2 || fields.size() > 4) {
      throw UsageError(where + "a rule is form, standard form and optionally source and note, separated by tabs");
    }
    fields.resize(4);
    FoldRuleDraft draft{to_nfc(fields[0]), to_nfc(fields[1]), to_nfc(fields[2]), to_nfc(fields[3])};
    FoldRuleRepository::validate(draft, where);
    out.push_back(std::move(draft));
  }
  if (out.empty()) throw InputError(name + " holds no rules (one per line: form, tab, standard form)");
  return out;
}

std::string FoldRuleRepository::uuid_of(const std::string& form, const std::string& standard,
                                        const std::string& author) {
  return detail::uuid_from_name("fold_rule\n" + form + "\n" + standard + "\n" + author);
}

std::vector<FoldRule> FoldRuleRepository::list() const {
  SQLite::Statement q(db_.sql(), std::string("SELECT ") + kColumns + " FROM fold_rule ORDER BY form, standard, author");
  std::vector<FoldRule> out;
  while (q.executeStep()) out.push_back(read_rule(q));
  return out;
}

Folding FoldRuleRepository::folding() const {
  SQLite::Statement q(db_.sql(), "SELECT form, standard FROM fold_rule");
  std::vector<FoldPairRule> rules;
  while (q.executeStep()) {
    const char32_t form = single_han(q.getColumn(0).getString());
    const char32_t standard = single_han(q.getColumn(1).getString());
    if (form && standard) rules.push_back({form, standard});  // a malformed row is check's to report
  }
  return Folding(std::move(rules));
}

void FoldRuleRepository::validate(const FoldRuleDraft& draft, const std::string& where) {
  for (const auto& [value, name] : {std::pair(&draft.form, "the form"), std::pair(&draft.standard, "the standard form")}) {
    if (auto fault = field_fault(Field::kFoldForm, *value)) throw UsageError(where + name + " " + *fault);
    if (!single_han(*value)) {
      throw UsageError(where + name + " '" + *value + "' is not one Han character (a rule folds one character into another)");
    }
  }
  if (draft.form == draft.standard) throw UsageError(where + "'" + draft.form + "' is its own standard form: no rule needed");
  for (const auto& [value, field] : {std::pair(&draft.source, Field::kSource), std::pair(&draft.note, Field::kDecisionNote)}) {
    if (auto fault = field_fault(field, *value)) throw UsageError(where + std::string(field_name(field)) + " " + *fault);
  }
}

bool FoldRuleRepository::put(const FoldRuleDraft& draft, const std::string& author, const std::string& at) {
  validate(draft);
  const std::string uuid = uuid_of(draft.form, draft.standard, author);
  SQLite::Statement same(db_.sql(), "SELECT 1 FROM fold_rule WHERE uuid = ? AND coalesce(source, '') = ? AND "
                                    "coalesce(note, '') = ?");
  same.bind(1, uuid);
  same.bind(2, draft.source);
  same.bind(3, draft.note);
  if (same.executeStep()) return false;
  write(FoldRule{uuid, draft.form, draft.standard, draft.source, draft.note, author, at});
  return true;
}

void FoldRuleRepository::write(const FoldRule& row) {
  SQLite::Statement q(db_.sql(),
                      "INSERT INTO fold_rule (uuid, form, standard, source, note, author, added_at) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (uuid) DO UPDATE SET "
                      "source = excluded.source, note = excluded.note, added_at = excluded.added_at");
  q.bind(1, row.uuid);
  q.bind(2, row.form);
  q.bind(3, row.standard);
  detail::bind_text_or_null(q, 4, row.source);
  detail::bind_text_or_null(q, 5, row.note);
  q.bind(6, row.author);
  q.bind(7, row.added_at);
  q.exec();
  detail::DeletionStore(db_).revive(row.uuid);
}

int64_t FoldRuleRepository::remove(const std::string& form, const std::string& standard, const std::string& remover,
                                   const std::string& at) {
  SQLite::Statement q(db_.sql(), "SELECT id, uuid FROM fold_rule WHERE form = ? AND standard = ?");
  q.bind(1, form);
  q.bind(2, standard);
  std::vector<std::pair<int64_t, std::string>> rows;
  while (q.executeStep()) rows.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
  if (rows.empty()) throw NotFound("there is no fold rule " + form + " → " + standard + " (see `jiaozhu fold list`)");
  detail::DeletionStore deletions(db_);
  SQLite::Statement del(db_.sql(), "DELETE FROM fold_rule WHERE id = ?");
  for (const auto& [id, uuid] : rows) {
    deletions.bury_latest("fold_rule", uuid, remover, at);
    del.bind(1, id);
    del.exec();
    del.reset();
  }
  return static_cast<int64_t>(rows.size());
}

bool FoldRuleRepository::merge_row(const FoldRule& row) {
  if (row.uuid != uuid_of(row.form, row.standard, row.author)) return false;  // foreign_database refuses these first
  SQLite::Statement removed(db_.sql(), "SELECT removed_at FROM tombstone WHERE uuid = ? AND kind = 'fold_rule'");
  removed.bind(1, row.uuid);
  if (removed.executeStep() && removed.getColumn(0).getString() >= row.added_at) return false;
  SQLite::Statement here(db_.sql(), "SELECT added_at FROM fold_rule WHERE uuid = ?");
  here.bind(1, row.uuid);
  if (here.executeStep() && here.getColumn(0).getString() >= row.added_at) return false;
  write(row);
  return true;
}

bool FoldRuleRepository::merge_removal(const std::string& uuid, const std::string& author,
                                       const std::string& removed_at) {
  SQLite::Statement here(db_.sql(), "SELECT added_at FROM fold_rule WHERE uuid = ?");
  here.bind(1, uuid);
  const bool live = here.executeStep();
  if (live && here.getColumn(0).getString() > removed_at) return false;  // stated again after that removal
  here.reset();
  if (live) {
    SQLite::Statement del(db_.sql(), "DELETE FROM fold_rule WHERE uuid = ?");
    del.bind(1, uuid);
    del.exec();
  }
  detail::DeletionStore(db_).bury_latest("fold_rule", uuid, author, removed_at);
  return live;
}

std::vector<std::string> FoldRuleRepository::faults() const {
  std::vector<std::string> out;
  SQLite::Statement q(db_.sql(), std::string("SELECT ") + kColumns +
                                     ", EXISTS (SELECT 1 FROM tombstone t WHERE t.uuid = fold_rule.uuid) FROM fold_rule");
  while (q.executeStep()) {
    const FoldRule r = read_rule(q);
    const std::string name = "fold rule " + r.form + " → " + r.standard + " (" + r.uuid + ")";
    if (!single_han(r.form) || !single_han(r.standard)) out.push_back(name + " does not fold one Han character into another");
    if (r.uuid != uuid_of(r.form, r.standard, r.author)) out.push_back(name + " has a uuid not derived from its rule and author");
    if (q.getColumn(7).getInt() != 0) out.push_back(name + " is live but has a tombstone");
  }
  return out;
}

}  // namespace jiaozhu
