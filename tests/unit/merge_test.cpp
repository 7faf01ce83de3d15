// Merge: a property test over three replicas edited apart, and the files
// merge must refuse.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <iterator>
#include <random>
#include <span>
#include <set>

#include "jiaozhu/workflow.h"
#include "jiaozhu/check.h"
#include "jiaozhu/collation.h"
#include "jiaozhu/conflicts.h"
#include "jiaozhu/corrections.h"
#include "jiaozhu/database.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/decisions.h"
#include "jiaozhu/variant_form_suggestions.h"
#include "jiaozhu/variant_kind_choices.h"
#include "jiaozhu/edition_dating.h"
#include "jiaozhu/error.h"
#include "jiaozhu/import.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/notes.h"
#include "jiaozhu/people.h"
#include "repo/deletion_store.h"
#include "support.h"

using namespace jiaozhu;

namespace {

// What a replica holds, by identity: every note revision with its parents,
// tags and state; characters; aliases; links. Local ids are left out.
std::set<std::string> logical_state(Database& db) {
  std::set<std::string> out;
  auto rows = [&](const char* sql) {
    SQLite::Statement q(db.sql(), sql);
    while (q.executeStep()) {
      std::string row;
      for (int c = 0; c < q.getColumnCount(); ++c) row += q.getColumn(c).getString() + "|";
      out.insert(row);
    }
  };
  // An orphaned note's offsets are only the last place this copy knew
  // (schema.sql): where it stands, not where it stood, must agree.
  rows("SELECT 'note', n.uuid, n.target, e.uuid, n.passage_seq, iif(n.orphaned, NULL, n.span_start), "
       "iif(n.orphaned, NULL, n.span_end), n.quote_exact, n.passage_opening, n.orphaned, n.region_page, n.region "
       "FROM note n LEFT JOIN edition e ON e.id = n.edition_id");
  rows("SELECT 'revision', r.uuid, n.uuid, r.author, r.created_at, r.body, r.deleted, r.head, r.moved_to, "
       "(SELECT group_concat(p.uuid) FROM (SELECT p.uuid FROM note_revision_parent x "
       " JOIN note_revision p ON p.id = x.parent_id WHERE x.revision_id = r.id ORDER BY p.uuid) p), "
       "(SELECT group_concat(tag) FROM (SELECT tag FROM note_tag t WHERE t.revision_id = r.id ORDER BY tag)) "
       "FROM note_revision r JOIN note n ON n.id = r.note_id");
  rows("SELECT 'character', uuid, name, note FROM character");
  rows("SELECT 'alias', a.uuid, c.uuid, a.form, a.kind, a.note FROM alias a JOIN character c ON c.id = a.character_id");
  rows("SELECT 'field revision', r.uuid, coalesce(c.uuid, a.uuid), r.written_for, coalesce(r.name, r.kind), r.note, "
       "r.author, r.made_at, r.head, (SELECT group_concat(p.uuid) FROM (SELECT p.uuid FROM record_revision_parent x "
       " JOIN record_revision p ON p.id = x.parent_id WHERE x.revision_id = r.id ORDER BY p.uuid) p) "
       "FROM record_revision r LEFT JOIN character c ON c.id = r.character_id LEFT JOIN alias a ON a.id = r.alias_id");
  rows("SELECT 'version', edition_uuid, content_hash, parent_hash FROM edition_version");
  rows("SELECT 'link', uuid, origin FROM link");
  rows("SELECT 'passage revision', uuid, edition_uuid, version_hash, seq, text, reason, author, made_at, "
       "(SELECT group_concat(parent_uuid) FROM (SELECT parent_uuid FROM passage_revision_parent x "
       " WHERE x.revision_uuid = r.uuid ORDER BY parent_uuid)) FROM passage_revision r");
  rows("SELECT 'passage', e.uuid, p.seq, p.text FROM passage p JOIN edition e ON e.id = p.edition_id");
  rows("SELECT 'edition', uuid, siglum, content_hash, script FROM edition");
  rows("SELECT 'choice', edition_uuid, dropped_hash, kept_hash FROM edition_choice");
  rows("SELECT 'tombstone', uuid, kind FROM tombstone");
  rows("SELECT 'fold rule', uuid, form, standard, source, note, author, added_at FROM fold_rule");
  rows("SELECT 'kind choice', uuid, variant_uuid, kind, note, author, set_at FROM variant_kind_choice");
  rows("SELECT 'dating', uuid, edition_uuid, dated, note, author, set_at FROM edition_dating");
  rows("SELECT 'extent', uuid, edition_uuid, extent, note, author, set_at FROM edition_extent");
  rows("SELECT 'cbdb id', uuid, character_uuid, cbdb_id, note, author, set_at FROM character_cbdb_id");
  rows("SELECT 'dismissal', uuid, suggestion_uuid, decision, note, author, set_at FROM suggestion_dismissal");
  rows("SELECT 'ambiguity', uuid, alias_uuid, state, note, author, set_at FROM alias_ambiguity");
  rows("SELECT 'mention choice', uuid, mention_uuid, state, note, author, set_at FROM mention_choice");
  rows("SELECT 'page image', uuid, page_uuid, image, edition_uuid, author, set_at FROM page_image");
  // Places travel with the decisions on them; those an apparatus only listed stay in their copy.
  rows("SELECT 'place', uuid, edition_uuid, seq, field, start_at, end_at, lemma, lacuna FROM apparatus_place p "
       "WHERE EXISTS (SELECT 1 FROM decision d WHERE d.place_uuid = p.uuid)");
  rows("SELECT 'decision', uuid, place_uuid, action, reading, witness_uuid, reason, note, author, made_at, "
       "(SELECT group_concat(parent_uuid) FROM (SELECT parent_uuid FROM decision_parent x WHERE x.decision_uuid = d.uuid "
       " ORDER BY parent_uuid)) FROM decision d");
  rows("SELECT 'policy', uuid, action, class, witness_uuid FROM policy");
  rows("SELECT 'policy choice', uuid, policy_uuid, state, note, author, set_at FROM policy_choice");
  // Which character each merged-away one became: the redirects a copy
  // recorded may differ (merges are a union), where they lead may not.
  SQLite::Statement redirects(db.sql(), "SELECT from_uuid FROM character_redirect");
  while (redirects.executeStep()) {
    const std::string from = redirects.getColumn(0).getString();
    out.insert("redirect|" + from + "|" + detail::DeletionStore(db).final_person(from) + "|");
  }
  return out;
}

// Rows in one state and not the other, marked < or >: empty when equal.
std::vector<std::string> differences(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::vector<std::string> out;
  for (const auto& r : a) if (!b.count(r)) out.push_back("< " + r);
  for (const auto& r : b) if (!a.count(r)) out.push_back("> " + r);
  return out;
}

std::set<std::string> revision_uuids(Database& db) {
  std::set<std::string> out;
  SQLite::Statement q(db.sql(), "SELECT uuid FROM note_revision");
  while (q.executeStep()) out.insert(q.getColumn(0).getString());
  return out;
}

bool sound(Database& db) { return jz_test::passes_check(db); }

// Replaces edition A's text by the fixture's with `first_line` put before
// it, written to `path`: a correction made in one copy.
void import_corrected_a(Database& db, const std::filesystem::path& path, const std::string& first_line) {
  jz_test::write_file(path, first_line + "\n" + jz_test::read_file(jz_test::corpus("songjin/hant.txt")));
  ImportOptions o;
  o.work = "songjin";
  o.siglum = "A";
  o.replace = true;
  import_edition(db, {&path, 1}, o, nullptr);
}

// How many edition conflicts the random operations resolved (some must).
int editions_resolved = 0;

// One random operation on replica `db`, as a scholar would do it.
void random_operation(Database& db, std::mt19937& rng, int replica, std::set<std::string>& written) {
  NoteRepository notes(db);
  const std::string author = "replica" + std::to_string(replica);
  // Most operations touch no note: the listing of every note, a fifth of
  // the test's time when made before each one, is made only for those that
  // pick a note.
  std::vector<Note> existing;
  auto pick = [&]() -> const Note& {
    if (existing.empty()) {
      NoteFilter all;
      all.include_deleted = true;
      existing = notes.list(all);
    }
    return existing[std::uniform_int_distribution<std::size_t>(0, existing.size() - 1)(rng)];
  };
  const bool no_notes = db.sql().execAndGet("SELECT NOT EXISTS (SELECT 1 FROM note_revision WHERE head = 1)").getInt() == 1;
  const int op = std::uniform_int_distribution<int>(0, 30)(rng);
  try {
    if (op <= 2 || no_notes) {
      NoteRequest r;
      r.address = std::string(rng() % 2 ? "A:" : "B:") + std::to_string(1 + rng() % 20);
      if (rng() % 2) {
        r.target = NoteTarget::kSpan;
        r.start = rng() % 5;
        r.end = *r.start + 1 + rng() % 4;
      }
      r.body = "note " + std::to_string(rng() % 1000) + " by " + author;
      r.tags = {"t" + std::to_string(rng() % 4)};
      r.author = author;
      written.insert(notes.add(r).current.uuid);
    } else if (op <= 5) {
      const Note& n = pick();
      NoteChange c;
      c.body = "edit " + std::to_string(rng() % 100000) + " by " + author;
      c.author = author;
      written.insert(n.conflict() ? notes.resolve(n.uuid, std::nullopt, c.body, author).current.uuid
                                  : notes.edit(n.uuid, c).current.uuid);
    } else if (op == 6) {
      const Note& n = pick();
      written.insert(n.current.deleted ? notes.restore(n.uuid, author).current.uuid : notes.remove(n.uuid, author).current.uuid);
    } else if (op == 7) {
      PersonRepository(db, jz_test::kTestAuthor).add("人物" + std::to_string(rng() % 30), "");
    } else if (op == 8) {
      PersonRepository people(db, jz_test::kTestAuthor);
      const auto all_people = people.list();
      if (!all_people.empty()) {
        const auto& c = all_people[rng() % all_people.size()];
        people.add_alias(c.uuid.substr(0, 0) + c.name, "別名" + std::to_string(rng() % 50), "variant", "");
      }
    } else if (op == 9) {
      const std::string a = "A:" + std::to_string(1 + rng() % 20), b = "B:" + std::to_string(1 + rng() % 60);
      CollationRepository(db).add_manual_link(a, b, jz_test::kTestAuthor, rng() % 4 != 0);
    } else if (op == 10) {  // an alias removed
      PersonRepository people(db, jz_test::kTestAuthor);
      const auto all_people = people.list();
      if (all_people.empty()) return;
      const Person c = people.get(all_people[rng() % all_people.size()].uuid.substr(0, 8));
      std::vector<std::string> forms;
      for (const Alias& a : c.aliases) {
        if (a.kind != "name") forms.push_back(a.form);
      }
      if (!forms.empty()) people.remove_alias(c.uuid.substr(0, 8), forms[rng() % forms.size()]);
    } else if (op == 11) {  // a link removed
      CollationRepository collation(db);
      const auto links = collation.links("A", "B");
      if (links.empty()) return;
      const Link& l = links[rng() % links.size()];
      collation.remove_link(l.a.front(), l.b.front(), jz_test::kTestAuthor);
    } else if (op == 12) {  // two characters found to be one person
      PersonRepository people(db, jz_test::kTestAuthor);
      const auto all_people = people.list();
      if (all_people.size() < 2) return;
      const auto& into = all_people[rng() % all_people.size()];
      const auto& from = all_people[rng() % all_people.size()];
      merge_persons(db, into.uuid.substr(0, 8), from.uuid.substr(0, 8), jz_test::kTestAuthor);
    } else if (op == 13) {  // an alias's kind and note set (the same alias may be set in another copy)
      PersonRepository people(db, jz_test::kTestAuthor);
      const auto all_people = people.list();
      if (all_people.empty()) return;
      const Person& c = all_people[rng() % all_people.size()];
      if (c.aliases.empty()) return;  // its name was given another kind, then removed
      const Alias& a = c.aliases[rng() % c.aliases.size()];
      people.edit_alias(c.uuid.substr(0, 8), a.form, rng() % 2 ? "style" : "title", "說 " + std::to_string(rng() % 3) + " " + author);
    } else if (op == 14) {  // a character's note set, or renamed
      PersonRepository people(db, jz_test::kTestAuthor);
      const auto all_people = people.list();
      if (all_people.empty()) return;
      const Person& c = all_people[rng() % all_people.size()];
      std::optional<std::string> name;
      if (rng() % 3 == 0) name = "人物" + std::to_string(rng() % 30);
      people.edit(c.uuid.substr(0, 8), name, "按 " + std::to_string(rng() % 3) + " " + author);
    } else if (op == 15) {  // a note put on another passage by hand
      NoteRequest to;
      to.address = std::string(rng() % 2 ? "A:" : "B:") + std::to_string(1 + rng() % 20);
      written.insert(notes.move(pick().uuid, to, author).current.uuid);
    } else if (op == 16) {  // a variant-form rule stated (the same rule may be stated in another copy)
      static const char* const kForms[][2] = {{"邉", "邊"}, {"眀", "明"}, {"靣", "面"}, {"夛", "多"}, {"肰", "然"}, {"兵", "士"}};
      const auto& pair = kForms[rng() % std::size(kForms)];
      setenv("JIAOZHU_AUTHOR", author.c_str(), 1);
      const FoldRuleDraft draft{pair[0], pair[1], "src " + std::to_string(rng() % 2), ""};
      add_fold_rules(db, std::span(&draft, 1), jz_test::kTestAuthor);
      unsetenv("JIAOZHU_AUTHOR");
    } else if (op == 17) {  // a variant-form rule removed
      const auto rules = FoldRuleRepository(db).list();
      if (rules.empty()) return;
      const FoldRule& r = rules[rng() % rules.size()];
      remove_fold_rule(db, r.form, r.standard, jz_test::kTestAuthor);
    } else if (op == 18) {  // a variant's kind set by hand, or cleared (the same variant may be set in another copy)
      const auto readings = CollationRepository(db).variants("A", "B", {VariantClass::kSubstantive}, std::nullopt);
      if (readings.empty()) return;
      const Variant& v = readings[rng() % readings.size()];
      const std::optional<VariantKind> kind =
          rng() % 4 ? std::optional(static_cast<VariantKind>(rng() % kVariantKindCount)) : std::nullopt;
      VariantKindChoices(db).set(v.uuid, kind, "按 " + std::to_string(rng() % 3), author);
    } else if (op == 19) {  // an edition dated, or undated
      static const char* const kDynasties[] = {"唐", "宋", "清", ""};
      EditionDatingRepository(db).set(rng() % 2 ? "A" : "B", std::string(kDynasties[rng() % 4]), "", author);
    } else if (op == 20) {  // persons from CBDB: a person, a courtesy name and an id (another copy may give another)
      const std::string n = std::to_string(rng() % 30);
      PersonRepository(db, jz_test::kTestAuthor).import_persons({{"人物" + n, std::to_string(1000 + rng() % 3), {{"字" + n, "courtesy"}}}});
    } else if (op == 21) {  // a suggestion dismissed, or the dismissal taken back (another copy may decide otherwise)
      static const char* const kForms[] = {"張着麟", "张着麟", "張若林"};
      if (rng() % 2) {  // of a person some copy added (op 7): NotFound where none is here yet
        PersonRepository(db, jz_test::kTestAuthor).dismiss_suggestion("人物" + std::to_string(rng() % 30), kForms[rng() % 3], rng() % 3 != 0, "", author);
      } else {
        dismiss_fold_suggestion(db, rng() % 2 ? "着" : "著", "若", rng() % 3 != 0, "", author);
      }
    } else if (op == 22) {  // a place of the apparatus decided (another copy may decide it otherwise)
      ApparatusRequest r;
      r.base = "A";
      r.witnesses = {"B"};
      r.passages = "A:1-20";
      const Apparatus a = make_apparatus(db, r, nullptr);
      std::vector<const ApparatusEntry*> entries;
      for (const ApparatusPassage& p : a.passages) {
        for (const ApparatusEntry& e : p.entries) entries.push_back(&e);
      }
      if (entries.empty()) return;
      static const std::optional<DecisionAction> kActions[] = {DecisionAction::kOmit, DecisionAction::kRecord,
                                                               DecisionAction::kDoubt, DecisionAction::kAdopt, std::nullopt};
      DecisionRequest d;
      d.place = entries[rng() % entries.size()]->id;
      d.action = kActions[rng() % std::size(kActions)];
      if (d.action == DecisionAction::kAdopt) d.witness = "B";
      d.author = author;
      DecisionRepository(db).decide(d);
    } else if (op == 23) {  // a policy put in force, or taken out (the same may be done in another copy)
      DecisionRepository decisions(db);
      const auto policies = decisions.policies();
      if (!policies.empty() && rng() % 3 == 0) {
        decisions.remove_policy(policies[rng() % policies.size()].uuid, author);
      } else {
        decisions.add_policy(rng() % 2 ? DecisionAction::kOmit : DecisionAction::kRecord,
                             rng() % 2 ? VariantClass::kGlyph : VariantClass::kPunct, rng() % 3 ? "" : "B", "", author);
      }
    } else if (op == 24 || op == 25) {  // a passage corrected (another copy may correct it otherwise), or restored
      CorrectionRepository corrections(db);
      const auto open = corrections.conflicts();
      const std::string address = !open.empty() && rng() % 2 ? open.front().address
                                                               : std::string(rng() % 2 ? "A:" : "B:") + std::to_string(1 + rng() % 6);
      const PassageHistory h = corrections.history(address);
      if (op == 25 && !h.revisions.empty()) {
        corrections.restore(address, h.revisions[rng() % h.revisions.size()].uuid, "", author);
      } else {
        static const char* const kReadings[] = {"甲", "乙", "丙"};
        const Passage p = PassageRepository(db).get(parse_address(address)).front();
        corrections.correct(address, p.text + kReadings[rng() % 3], rng() % 2 ? "據原書" : "", author);
      }
    } else if (op == 26 || op == 27) {  // an alias marked ambiguous or not; a mention confirmed, rejected or cleared
      PersonRepository people(db, jz_test::kTestAuthor);
      const auto persons = people.list();
      if (persons.empty()) return;
      const Person& p = persons[rng() % persons.size()];
      if (op == 26) {
        if (p.aliases.empty()) return;  // every alias of it removed
        people.set_ambiguous(p.uuid, p.aliases[rng() % p.aliases.size()].form, rng() % 3 != 0, "");
        return;
      }
      const auto mentions = people.mentions(p.uuid, std::nullopt, true);
      if (mentions.empty()) return;
      const Mention& m = mentions[rng() % mentions.size()];
      static const char* const kStates[] = {"confirmed", "rejected", ""};
      const std::string state = kStates[rng() % 3];
      people.choose_mention(m.address, p.uuid, m.start, state.empty() ? std::nullopt : std::optional(state), "");
    } else if (op == 28) {  // a page given an image, another one, or none (another copy may map it otherwise)
      const Edition e = EditionRepository(db).get(rng() % 2 ? "A" : "B");
      const std::string page = std::to_string(1 + rng() % 4);
      if (rng() % 4 == 0) {
        FacsimileRepository(db).remove(e.siglum, page, author);  // NotFound when it has none
        return;
      }
      PageImage image;
      image.page = page;
      image.order = std::stoi(page);
      if (rng() % 2) image.file = "scans/p" + std::to_string(rng() % 50) + ".png";
      else image.url = "https://iiif.example.org/" + std::to_string(rng() % 50) + "/full/max/0/default.jpg";
      db.write([&] { FacsimileRepository(db).record(e.uuid, {image}, author); });
    } else if (op == 29) {  // an edition marked partial, or whole again (another copy may say otherwise)
      const Edition e = EditionRepository(db).get(rng() % 2 ? "A" : "B");
      db.write([&] { EditionRepository(db).set_partial(e.uuid, rng() % 2 == 0, "", author); });
    } else if (const auto open = list_conflicts(db).editions; !open.empty() && !open.front().rivals.front().empty() && rng() % 2) {
      // a text chosen between two replacements made apart
      resolve_edition(db, "A", rng() % 2 ? "A" : open.front().rivals.front(), jz_test::kTestAuthor);
      ++editions_resolved;
    } else {  // a corrected text of A, replaced in any copy
      jz_test::TempDir tmp;
      // Each correction a new text: a return to an earlier text is not
      // modelled (edition versions are named by content; see issue 15's note).
      static int corrections = 0;
      import_corrected_a(db, tmp / "a.txt", "校本 " + std::to_string(++corrections));
    }
  } catch (const ConflictError&) {
    // a note in conflict edited, an alias or link that exists: refused, as it should be
  } catch (const UsageError&) {
  } catch (const NotFound&) {
  }
}

// a.db holding the fixture, and a check that merging a file into it is
// refused with a message and leaves a.db byte for byte as it was.
struct RefusalFixture {
  RefusalFixture() {
    Database start = open_database(dir / "a.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
  }
  void refused(const std::filesystem::path& other, const std::string& message) {
    const std::string before = jz_test::file_sha256(dir / "a.db");
    Database a = open_database(dir / "a.db", OpenMode::kExisting);
    CHECK_THROWS_WITH(merge_database(a, other, false), Catch::Contains(message));
    CHECK(jz_test::file_sha256(dir / "a.db") == before);
  }
  jz_test::TempDir dir;
};

}  // namespace

TEST_CASE("three replicas edited apart and merged in random orders converge, losing no revision") {
  const unsigned seed = GENERATE(1u, 2u, 3u);
  INFO("seed " << seed);
  std::mt19937 rng(seed);
  jz_test::TempDir dir;
  {
    Database start = open_database(dir / "r0.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
    align_editions(start, "A", "B");
  }
  std::vector<std::filesystem::path> paths;
  for (int i = 0; i < 3; ++i) {
    paths.push_back(dir / ("r" + std::to_string(i + 1) + ".db"));
    std::filesystem::copy_file(dir / "r0.db", paths.back());
  }
  std::vector<Database> replicas;
  for (const auto& p : paths) replicas.push_back(open_database(p, OpenMode::kExisting));
  std::set<std::string> written;
  for (int round = 0; round < 6; ++round) {
    for (int i = 0; i < 3; ++i) {
      for (int k = 0; k < 40; ++k) random_operation(replicas[i], rng, i, written);
    }
    // A merge in a random direction between two random replicas.
    for (int k = 0; k < 2; ++k) {
      const int into = static_cast<int>(rng() % 3), from = (into + 1 + static_cast<int>(rng() % 2)) % 3;
      merge_database(replicas[into], paths[from], false);
      CHECK(sound(replicas[into]));
    }
  }
  // Every removal made anywhere, to be found in every replica at the end.
  std::set<std::string> removals;
  for (Database& r : replicas) {
    // (A fold rule's removal is undone by stating it again: check's "fold
    // rules" holds that no rule is live with a tombstone.)
    SQLite::Statement q(r.sql(), "SELECT uuid FROM tombstone WHERE kind <> 'fold_rule' "
                                 "UNION ALL SELECT from_uuid FROM character_redirect");
    while (q.executeStep()) removals.insert(q.getColumn(0).getString());
  }
  CHECK(removals.size() > 5);
  // A fold rule removed last of all, so that the exchange below carries at
  // least one removal of a rule whatever the random rounds left standing.
  {
    const FoldRuleDraft draft{"靣", "面", "src last", ""};
    add_fold_rules(replicas[1], std::span(&draft, 1), jz_test::kTestAuthor);
    remove_fold_rule(replicas[1], "靣", "面", jz_test::kTestAuthor);
  }
  // Everyone gets everyone's work: 1 <- 2, 1 <- 3, then 2 and 3 <- 1. Twice:
  // a merge can derive records (the other identities of an alias removed by
  // one of them are tombstoned too) that the replicas merged before lack.
  for (int exchange = 0; exchange < 2; ++exchange) {
    merge_database(replicas[0], paths[1], false);
    merge_database(replicas[0], paths[2], false);
    merge_database(replicas[1], paths[0], false);
    merge_database(replicas[2], paths[0], false);
  }
  const auto state = logical_state(replicas[0]);
  CHECK(differences(logical_state(replicas[1]), state) == std::vector<std::string>{});
  CHECK(differences(logical_state(replicas[2]), state) == std::vector<std::string>{});
  const auto revisions = revision_uuids(replicas[0]);
  for (const std::string& r : written) CHECK(revisions.count(r) == 1);
  for (const std::string& uuid : removals) {
    // Deletions stick: recorded everywhere, and the row is nowhere (check's
    // "deletions" fault would name it). A character merged away is gone
    // unless it is the survivor of its group (two copies each merged one of
    // two characters into the other: one of them stays, the same in all).
    const bool buried = state.count("tombstone|" + uuid + "|alias|") + state.count("tombstone|" + uuid + "|link|") == 1;
    const bool merged = std::any_of(state.begin(), state.end(), [&](const std::string& row) {
      return row.rfind("redirect|" + uuid + "|", 0) == 0 && row != "redirect|" + uuid + "|" + uuid + "|";
    });
    const bool survivor = state.count("redirect|" + uuid + "|" + uuid + "|") == 1;
    CHECK((buried || merged || survivor));
    for (const std::string& row : state) {
      const bool live = row.rfind("alias|" + uuid + "|", 0) == 0 || row.rfind("link|" + uuid + "|", 0) == 0 ||
                        (!survivor && row.rfind("character|" + uuid + "|", 0) == 0);
      CHECK_FALSE(live);
    }
  }
  CHECK(written.size() > 100);
  CHECK(std::count_if(state.begin(), state.end(), [](const std::string& row) {  // fold rules were removed, too
          return row.find("|fold_rule|") != std::string::npos;
        }) > 0);
  CHECK(editions_resolved > 0);
  for (const char* kind : {"decision|", "policy choice|", "passage revision|"}) {  // judgements and corrections travelled too
    INFO(kind);
    CHECK(std::count_if(state.begin(), state.end(), [&](const std::string& row) { return row.rfind(kind, 0) == 0; }) > 3);
  }
  // Merging again changes nothing.
  merge_database(replicas[0], paths[1], false);
  CHECK(differences(logical_state(replicas[0]), state) == std::vector<std::string>{});
  for (Database& r : replicas) {
    CHECK(sound(r));
    CHECK(count_conflicts(r) == static_cast<int64_t>(list_conflicts(r).size()));
  }
}

TEST_CASE("merge order does not matter: B then C into A equals C then B") {
  jz_test::TempDir dir;
  {
    Database start = open_database(dir / "a.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
  }
  for (const char* name : {"b.db", "c.db", "a2.db"}) std::filesystem::copy_file(dir / "a.db", dir / name);
  for (const char* name : {"b.db", "c.db"}) {
    Database db = open_database(dir / name, OpenMode::kExisting);
    NoteRepository notes(db);
    NoteRequest r;
    r.address = "B:3";
    r.body = std::string("from ") + name;
    r.author = name;
    const Note n = notes.add(r);
    NoteChange c;
    c.body = std::string("edited in ") + name;
    c.author = name;
    notes.edit(n.uuid, c);
    PersonRepository(db, jz_test::kTestAuthor).add(std::string("人") + name, "");
  }
  Database a = open_database(dir / "a.db", OpenMode::kExisting), a2 = open_database(dir / "a2.db", OpenMode::kExisting);
  merge_database(a, dir / "b.db", false);
  merge_database(a, dir / "c.db", false);
  merge_database(a2, dir / "c.db", false);
  merge_database(a2, dir / "b.db", false);
  CHECK(differences(logical_state(a), logical_state(a2)) == std::vector<std::string>{});
  CHECK(NoteRepository(a).list({}).size() == 2);
}

TEST_CASE("a dry run reports and writes nothing") {
  jz_test::TempDir dir;
  {
    Database start = open_database(dir / "a.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
  }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  {
    Database b = open_database(dir / "b.db", OpenMode::kExisting);
    NoteRequest r;
    r.address = "A:1";
    r.body = "x";
    r.author = "b";
    NoteRepository(b).add(r);
  }
  const std::string before = jz_test::file_sha256(dir / "a.db");
  {
    Database a = open_database(dir / "a.db", OpenMode::kExisting);
    const MergeReport r = merge_database(a, dir / "b.db", true);
    CHECK(r.dry_run);
    CHECK(r.notes_added == 1);
  }
  CHECK(jz_test::file_sha256(dir / "a.db") == before);
}

TEST_CASE("merge refuses files that are not sound jiaozhu databases of this schema") {
  RefusalFixture f;
  const auto& dir = f.dir;
  const std::string good = jz_test::read_file(dir / "a.db");
  auto refused = [&](const std::filesystem::path& other, const std::string& message) { f.refused(other, message); };
  jz_test::write_file(dir / "truncated.db", good.substr(0, 5000));
  refused(dir / "truncated.db", "truncated");
  jz_test::write_file(dir / "text.db", "just some text, not a database at all; long enough to have a header");
  refused(dir / "text.db", "not a SQLite database");
  {
    SQLite::Database other((dir / "other.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    other.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
  }
  refused(dir / "other.db", "another application");
  auto tampered = [&](const char* name, const std::string& sql) {
    jz_test::write_file(dir / name, good);
    SQLite::Database db((dir / name).string(), SQLite::OPEN_READWRITE);
    db.exec(sql);
    return dir / name;
  };
  refused(tampered("newer.db", "PRAGMA user_version = 99"), "newer jiaozhu");
  refused(tampered("trigger.db", "CREATE TRIGGER evil AFTER INSERT ON work BEGIN SELECT 1; END"), "trigger evil");
  refused(tampered("view.db", "CREATE VIEW evil_v AS SELECT 1"), "view evil_v");
  refused(tampered("dangling.db", "PRAGMA foreign_keys = OFF; INSERT INTO note (uuid, target, edition_id, passage_seq, created_at) "
                                  "VALUES ('x', 'passage', 999, 1, 'now')"), "refers to nothing");
  refused(dir / "absent.db", "no database file");
  refused(dir / "a.db", "this database itself");
}

namespace {

// Adds `count` notes on passage A:1 to `path` with raw SQL (one revision
// each, uuids n00000000-..., in that order), as many as the reader of the
// other file hands over in several batches.
void add_raw_notes(const std::filesystem::path& path, int count) {
  SQLite::Database db(path.string(), SQLite::OPEN_READWRITE);
  SQLite::Statement q(db,
                      "WITH RECURSIVE i(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM i WHERE k + 1 < ?) "
                      "INSERT INTO note (uuid, target, edition_id, passage_seq, created_at) "
                      "SELECT printf('%08d-0000-4000-8000-0000000000aa', k), 'passage', "
                      "(SELECT id FROM edition WHERE siglum = 'A'), 1, '2026-01-01T00:00:00.000Z' FROM i");
  q.bind(1, count);
  q.exec();
  db.exec("INSERT INTO note_revision (uuid, note_id, author, created_at, motivation, body, deleted) "
          "SELECT substr(uuid, 1, 34) || 'bb', id, 'raw', created_at, 'commenting', 'body of ' || uuid, 0 FROM note "
          "WHERE uuid LIKE '%aa'");
}

}  // namespace

TEST_CASE("merge refuses a file whose content is damaged, or faulty deep inside its notes, changing nothing") {
  RefusalFixture f;
  const auto& dir = f.dir;
  const std::string good = jz_test::read_file(dir / "a.db");
  auto refused = [&](const std::filesystem::path& other, const std::string& message) { f.refused(other, message); };
  auto copy = [&](const char* name) {
    jz_test::write_file(dir / name, good);
    return dir / name;
  };

  SECTION("an index that disagrees with its table (schema unchanged)") {
    const auto bad = copy("index.db");
    auto exec = [&](const std::string& sql) { SQLite::Database(bad.string(), SQLite::OPEN_READWRITE).exec(sql); };
    exec("INSERT INTO character (uuid, name, created_at) VALUES ('c1', '甲', 'now'), ('c2', '乙', 'now')");
    // Hide the index from one update, then show it again: its entry for the
    // row is stale.
    exec("PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = sql || ' WHERE 0' WHERE name = 'character_name'");
    exec("UPDATE character SET name = '丙' WHERE uuid = 'c1'");
    exec("PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = substr(sql, 1, length(sql) - 8) "
         "WHERE name = 'character_name'");
    refused(bad, "is damaged (row 1 missing from index character_name)");
  }
  SECTION("a note body that is not UTF-8, after several batches of good notes") {
    const auto bad = copy("utf8.db");
    add_raw_notes(bad, 1500);
    SQLite::Database(bad.string(), SQLite::OPEN_READWRITE)
        .exec("UPDATE note_revision SET body = CAST(x'e5bca0ff' AS TEXT) WHERE uuid LIKE '00001400%'");
    refused(bad, "the note's text is not valid UTF-8 at byte 3");
  }
  SECTION("a revision whose parent is another note's, found while the reader runs far ahead") {
    const auto bad = copy("parent.db");
    add_raw_notes(bad, 4000);
    SQLite::Database(bad.string(), SQLite::OPEN_READWRITE)
        .exec("INSERT INTO note_revision_parent (revision_id, parent_id) "
              "SELECT (SELECT id FROM note_revision WHERE uuid LIKE '00000000%'), "
              "(SELECT id FROM note_revision WHERE uuid LIKE '00003999%')");
    refused(bad, "which is not a revision of its note");
  }
}

TEST_CASE("merge brings in thousands of notes handed over in batches, all of them") {
  jz_test::TempDir dir;
  {
    Database start = open_database(dir / "a.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
  }
  std::filesystem::copy_file(dir / "a.db", dir / "b.db");
  add_raw_notes(dir / "b.db", 3000);
  Database a = open_database(dir / "a.db", OpenMode::kExisting);
  const MergeReport r = merge_database(a, dir / "b.db", false);
  CHECK(r.notes_added == 3000);
  CHECK(r.revisions_added == 3000);
  CHECK(r.conflicts.empty());
  CHECK(sound(a));
  CHECK(NoteRepository(a).list({}).size() == 3000);
  CHECK(merge_database(a, dir / "b.db", false).revisions_added == 0);
}

TEST_CASE("two copies that resolve an edition's conflict apart, each keeping another text, show one text once merged") {
  jz_test::TempDir dir;
  {
    Database start = open_database(dir / "x.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
  }
  std::filesystem::copy_file(dir / "x.db", dir / "y.db");
  Database x = open_database(dir / "x.db", OpenMode::kExisting);
  Database y = open_database(dir / "y.db", OpenMode::kExisting);
  // A corrected apart in each copy: after merging both ways, each holds
  // both texts, A and a rival.
  auto correct = [&](Database& db, const std::string& first_line) { import_corrected_a(db, dir / (first_line + ".txt"), first_line); };
  correct(x, "甲本校");
  correct(y, "乙本校");
  merge_database(x, dir / "y.db", false);
  merge_database(y, dir / "x.db", false);
  const auto rivals_x = list_conflicts(x).editions;
  REQUIRE(rivals_x.size() == 1);
  // x keeps the text it shows; y keeps its rival: every head is now dropped
  // by one choice or the other.
  resolve_edition(x, "A", "A", jz_test::kTestAuthor);
  resolve_edition(y, "A", list_conflicts(y).editions.front().rivals.front(), jz_test::kTestAuthor);
  for (int round = 0; round < 2; ++round) {
    merge_database(x, dir / "y.db", false);
    merge_database(y, dir / "x.db", false);
  }
  CHECK(EditionRepository(x).get("A").content_hash == EditionRepository(y).get("A").content_hash);
  CHECK(list_conflicts(x).editions.empty());
  CHECK(sound(x));
  CHECK(sound(y));
}

TEST_CASE("a merge whose versions make a rival's text the shown one takes it in, though the other copy holds that rival too") {
  jz_test::TempDir dir;
  {
    Database start = open_database(dir / "x.db", OpenMode::kCreate);
    jz_test::import_songjin(start);
  }
  std::filesystem::copy_file(dir / "x.db", dir / "y.db");
  auto correct = [&](Database& db, const std::string& first_lines) {
    import_corrected_a(db, dir / (std::to_string(std::hash<std::string>{}(first_lines)) + ".txt"), first_lines);
  };
  // Stamps A's current version, as a clock running ahead would have.
  auto stamp = [](Database& db, const std::string& made_at) {
    SQLite::Statement q(db.sql(), "UPDATE edition_version SET made_at = ? WHERE content_hash = "
                                  "(SELECT content_hash FROM edition WHERE siglum = 'A')");
    q.bind(1, made_at);
    REQUIRE(q.exec() == 1);
  };
  std::string x_text;
  {
    Database x = open_database(dir / "x.db", OpenMode::kExisting);
    Database y = open_database(dir / "y.db", OpenMode::kExisting);
    correct(x, "甲本校");
    stamp(x, "2091-01-01T00:00:00Z");
    x_text = EditionRepository(x).get("A").content_hash;
    correct(y, "乙本校");
    stamp(y, "2090-01-01T00:00:00Z");
    merge_database(x, dir / "y.db", false);
    merge_database(y, dir / "x.db", false);
    // Both show x's text, the newer, and hold y's as a rival; then y
    // corrects A again on a clock that is right: its new text is older than
    // the rival's version, which is therefore the newest head.
    REQUIRE(EditionRepository(y).get("A").content_hash == x_text);
    REQUIRE(list_conflicts(y).editions.size() == 1);
    correct(y, "丙本校\n丙本又校");  // one passage more: a new version, not a correction of one passage
    stamp(y, "2026-01-01T00:00:00Z");
  }
  // x's rival holds y's first text; merging y's versions makes it x's
  // shown text, so reconciling A empties the rival edition that y also
  // holds (and that this merge visits after A).
  Database x = open_database(dir / "x.db", OpenMode::kExisting);
  const auto before = list_conflicts(x).editions;
  REQUIRE(before.size() == 1);
  const std::string rival_uuid = EditionRepository(x).get(before.front().rivals.front()).uuid;
  REQUIRE(rival_uuid > EditionRepository(x).get("A").uuid);
  merge_database(x, dir / "y.db", false);
  CHECK(sound(x));
  CHECK_FALSE(EditionRepository(x).find_by_uuid(rival_uuid));
}

TEST_CASE("the same choice between two texts made in two copies keeps the later time in both") {
  jz_test::TempDir dir;
  Database x = open_database(dir / "x.db", OpenMode::kCreate);
  jz_test::import_songjin(x);
  const std::string uuid = EditionRepository(x).get("A").uuid;
  const std::string dropped(64, 'a'), kept(64, 'b');
  x.write([&] { EditionRepository(x).record_choice(uuid, dropped, kept, "X <x@x>", "2026-01-01T00:00:00Z"); });
  x.sql().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  std::filesystem::copy_file(dir / "x.db", dir / "y.db");
  Database y = open_database(dir / "y.db", OpenMode::kExisting);
  y.write([&] { EditionRepository(y).record_choice(uuid, dropped, kept, "Y <y@y>", "2026-02-01T00:00:00Z"); });
  const auto row = [](Database& db) {
    return db.sql().execAndGet("SELECT author || ' ' || made_at FROM edition_choice").getString();
  };
  CHECK(row(y) == "Y <y@y> 2026-02-01T00:00:00Z");  // the later choice, not the first
  x.write([&] { EditionRepository(x).record_choice(uuid, dropped, kept, "Y <y@y>", "2026-02-01T00:00:00Z"); });
  y.write([&] { EditionRepository(y).record_choice(uuid, dropped, kept, "X <x@x>", "2026-01-01T00:00:00Z"); });
  CHECK(row(x) == row(y));
}

