// The history of the fields a scholar edits on characters (name, note) and
// aliases (kind, note): record_revision and record_revision_parent at row
// level (migrations/0008_record_history.sql says why they exist). Written by
// the character and alias commands, `character merge` and merge; the caller
// holds the write transaction.
//
// Invariants kept here and verified by `check` (faults()):
//   * every character and alias has at least one revision;
//   * record_revision.head = 1 exactly for the revisions of a record that no
//     revision names as parent;
//   * a parent belongs to the same record as its child;
//   * the record's own columns hold its winning head: the newest by made_at,
//     then by uuid, so that every copy shows the same value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jiaozhu/people.h"

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

enum class RecordKind { kPerson, kAlias };

// A revision as it travels between copies: parents by uuid.
struct RecordRevision {
  FieldVersion version;
  std::string written_for;
  std::vector<std::string> parents;
};

class RecordHistory {
 public:
  RecordHistory(Database& db, RecordKind kind) : db_(db), kind_(kind) {}

  // The first revision of a record just inserted: it takes the record's
  // uuid as its own, and the record's current fields.
  void start(int64_t record, const std::string& record_uuid, const std::string& author, const std::string& at);
  // An edit: a revision whose parents are all the heads (so it also ends a
  // conflict), shown from now on. Unchanged values still make a revision
  // when the record is in conflict: choosing one side is a decision.
  void revise(int64_t record, const std::string& label, const std::string& note, const std::string& author,
              const std::string& at);
  // The revisions of `from` become `into`'s (two records found to be one);
  // `into` is settled, `from` keeps none.
  void move(int64_t from, int64_t into);

  bool known(const std::string& uuid) const;
  // Stores a revision made in another copy under local `record`, without
  // its parents; link_parents() adds them once every revision of the batch
  // is stored. Then settle() the records concerned.
  void absorb(int64_t record, const RecordRevision& r);
  // Returns false when a parent is not a stored revision of the same record.
  bool link_parents(const RecordRevision& r);
  // Recomputes the heads of `record` and shows its winning head.
  void settle(int64_t record);

  std::vector<FieldVersion> heads(int64_t record) const;
  // Every uuid the record has had (its own and those of records joined into it).
  std::vector<std::string> identities(int64_t record) const;
  // Records (local ids) with more than one head whose values differ.
  std::vector<int64_t> in_conflict() const;

  std::vector<std::string> faults() const;

 private:
  const char* owner() const { return kind_ == RecordKind::kPerson ? "character_id" : "alias_id"; }
  const char* table() const { return kind_ == RecordKind::kPerson ? "character" : "alias"; }
  const char* label() const { return kind_ == RecordKind::kPerson ? "name" : "kind"; }
  int64_t insert(int64_t record, const RecordRevision& r);

  Database& db_;
  RecordKind kind_;
};

}  // namespace jiaozhu::detail
