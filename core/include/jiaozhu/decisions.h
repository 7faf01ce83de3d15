// The editor's judgement on the places of an apparatus: 不出校 (omit), 出校
// keeping the base (record), 據W本改 (adopt a witness's reading, which
// supplies or deletes words when that reading is an addition or an
// omission), 理校 (emend, with the reason), 存疑 (doubt); and the standing
// policies of the 凡例 that decide whole classes of places at once. A
// decision on a place overrides every policy.
//
// A place is named by a uuid derived from its content (the base edition,
// passage, field, span and the base's words there): the "id" of an
// apparatus entry. An apparatus records the places it lists, so that
// `decide ID` can name them by that id or a prefix of it.
//
// Decisions are never changed: deciding again adds a decision whose parents
// are the place's current heads. Two copies that decided one place apart
// leave two heads; when they say different things the place is in conflict
// until it is decided again. Each call that writes runs in one transaction
// of its own; DatabaseError when the file cannot be read or written.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/collation.h"
#include "jiaozhu/passage.h"

namespace jiaozhu {

class Database;

enum class DecisionAction { kOmit, kRecord, kAdopt, kEmend, kDoubt };
std::string_view to_string(DecisionAction a);
// Throws UsageError naming `name` when it is not one of omit, record, adopt, emend, doubt.
DecisionAction parse_decision_action(std::string_view name);

// A place of a base text (see above).
struct ApparatusPlace {
  std::string uuid;
  std::string edition_uuid;  // the base
  int64_t seq = 0;
  VariantField field = VariantField::kText;
  int64_t start = 0, end = 0;  // code points of that field
  std::string lemma;           // the base's words there
  bool lacuna = false;         // the place is the whole passage, lacking in a witness
};

// The uuid of a place with these contents.
std::string place_uuid(const ApparatusPlace& p);

struct Decision {
  std::string uuid;
  std::string place_uuid;
  std::optional<DecisionAction> action;  // nothing: undone, the place undecided again
  std::optional<std::string> reading;    // adopt, emend: what the edited text reads there
  std::string witness_uuid;              // adopt: whose reading
  std::string witness;                   // adopt: that witness's siglum here (empty when not held)
  std::string reason;                    // emend: why (據文義改, 據《群書治要》改…)
  std::string note;
  std::string author;
  std::string made_at;                   // UTC, milliseconds
  std::vector<std::string> parents;      // uuids, sorted
};

// What a place stands at: its current decision, and the other heads when
// two copies decided it differently (then in conflict).
struct PlaceDecision {
  ApparatusPlace place;
  Decision current;                // the newest head
  std::vector<Decision> rivals;    // other heads saying something else: in conflict
  bool conflict() const { return !rivals.empty(); }
};

// What `decide` asks.
struct DecisionRequest {
  std::string place;                      // a place uuid or a prefix of at least 4 characters
  std::optional<DecisionAction> action;   // nothing: undo
  std::string witness;                    // adopt: the witness's siglum
  std::string reading;                    // adopt: the witness's reading there (the apparatus's); emend: the text
  std::string reason;                     // emend
  std::string note;
  std::string author;
};

// A standing policy of the 凡例.
struct Policy {
  std::string uuid;
  DecisionAction action = DecisionAction::kOmit;  // omit or record
  VariantClass variant_class = VariantClass::kGlyph;
  std::string witness_uuid;  // only places where this witness alone differs; empty: any
  std::string witness;       // its siglum here
  std::string note;
  std::string author;
  std::string set_at;
};

// Its words in a 凡例: 異體字，不出校。 僅B本之標點，不出校。
std::string policy_sentence(const Policy& p);
// A decision's short name, as the reading room and `decide` print it:
// 不出校, 出校, 據B本改, 改作「嶠」（據文義改）, 存疑; 撤銷 when undone.
std::string decision_label(const Decision& d);

class DecisionRepository {
 public:
  explicit DecisionRepository(Database& db) : db_(db) {}

  // Records that an apparatus listed these places (new ones are added;
  // those here already are left), in a write transaction of its own only
  // when some place is new.
  void remember_places(const std::vector<ApparatusPlace>& places);

  // Decides a place, after its current heads. Throws UsageError for a
  // request without author, an adopt without witness or reading, an emend
  // without text or reason, a prefix too short or ambiguous; NotFound for
  // a place no apparatus of this copy has listed; ConflictError when the
  // base no longer reads the place's words (its text was replaced since).
  PlaceDecision decide(const DecisionRequest& request);

  // The place a uuid or prefix names; throws as decide does.
  ApparatusPlace place(const std::string& id) const;
  // Every decision on the place, oldest first.
  std::vector<Decision> history(const std::string& id) const;
  // The current decision of every decided place of base edition
  // `edition_uuid` (undone ones too: their action is empty), by place uuid order.
  std::vector<PlaceDecision> of_edition(const std::string& edition_uuid) const;
  // Places whose heads disagree.
  std::vector<PlaceDecision> conflicts() const;
  int64_t conflict_count() const;

  // Policies: add (or put back in force), remove, list those in force.
  // Throws UsageError for an action other than omit or record, NotFound for
  // an unknown witness or a policy not in force.
  Policy add_policy(DecisionAction action, VariantClass c, const std::string& witness, const std::string& note,
                    const std::string& author);
  void remove_policy(const std::string& id, const std::string& author);
  std::vector<Policy> policies() const;

  // Faults of the tables' invariants (derived uuids, parents of the same
  // place, decisions on places of no edition here), each one sentence.
  std::vector<std::string> faults() const;

 private:
  Database& db_;
};

// The text of a field of a base passage with the adopted and emended
// readings put in; `map` turns a base offset into the edited text's.
struct EditedText {
  struct Change {
    int64_t base_start = 0, base_end = 0;      // the base's words replaced
    int64_t edited_start = 0, edited_end = 0;  // the reading put in their place
  };
  std::string text;
  std::vector<Change> changes;  // in text order, none overlapping
  // An offset inside replaced words maps into the reading, clamped to its end.
  int64_t map(int64_t base_offset) const;
};
// `decisions` are the edition's (of_edition); those not on passage `seq`
// and field `field`, undone or not changing the text are ignored, as is
// one whose place no longer reads its lemma (`check` lists it).
EditedText edited_text(const std::string& base, int64_t seq, VariantField field, const std::vector<PlaceDecision>& decisions);

// Passages as the edited text (定本) reads them: each field with the
// adopted and emended readings of its edition's decisions put in, and the
// edits, to map offsets of the base (a note, a mention) into it.
struct EditedPassage {
  Passage passage;
  EditedText text, title, author;
  const EditedText& of(VariantField f) const { return f == VariantField::kTitle ? title : f == VariantField::kAuthor ? author : text; }
};
std::vector<EditedPassage> edited_passages(Database& db, std::vector<Passage> passages);
// The same for one passage, given the decisions on its places: those of
// its edition (of_edition) sorted by passage with decisions_by_passage.
EditedPassage edited_passage(Passage p, const std::vector<PlaceDecision>& of_passage);
std::map<int64_t, std::vector<PlaceDecision>> decisions_by_passage(std::vector<PlaceDecision> decisions);

}  // namespace jiaozhu
