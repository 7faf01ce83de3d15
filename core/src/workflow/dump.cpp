// dump: a database's scholarly content as stable, sorted text, one record a
// line, for git's textconv (`git diff` and `git log -p` on a .db) and for a
// reader comparing two copies. Identity is by uuid (its first 8 digits),
// never by local id; large texts appear as their hash and opening. What
// derives from the texts (variants, mentions, search indexes) is left out.
#include <SQLiteCpp/Statement.h>

#include <unistd.h>

#include <filesystem>
#include <ostream>

#include "db/file_header.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/workflow.h"
#include "util/sha256.h"

namespace jiaozhu {
namespace {

constexpr std::size_t kShownCodePoints = 120;

// A text on one line: line breaks and tabs shown as \n and \t; a long one
// as its opening, its length and its hash, so that a change shows without
// the whole text.
std::string shown(const std::string& text) {
  std::string line;
  for (char c : text) {
    if (c == '\n') line += "\\n";
    else if (c == '\t') line += "\\t";
    else if (c != '\r') line += c;
  }
  const std::u32string cps = to_code_points(line);
  if (cps.size() <= kShownCodePoints) return line;
  return to_utf8(cps.substr(0, 40)) + "… (" + std::to_string(cps.size()) + " characters, sha256:" +
         detail::sha256_hex(text).substr(0, 16) + ")";
}

std::string id8(const std::string& uuid) { return uuid.substr(0, 8); }

std::string col(SQLite::Statement& q, int i) { return q.getColumn(i).isNull() ? std::string() : q.getColumn(i).getString(); }

// Runs `sql` (no parameters) and writes `line(q)` for each row.
template <class Line>
void each(Database& db, const char* sql, std::ostream& out, Line line) {
  SQLite::Statement q(db.sql(), sql);
  while (q.executeStep()) out << line(q) << '\n';
}

void dump_notes(Database& db, std::ostream& out) {
  SQLite::Statement notes(db.sql(),
                          "SELECT n.id, n.uuid, n.target, e.siglum, n.passage_seq, coalesce(n.quote_exact, ''), "
                          "coalesce(n.target_uuid, ''), coalesce(n.region_page, ''), coalesce(n.region, '') "
                          "FROM note n LEFT JOIN edition e ON e.id = n.edition_id ORDER BY n.uuid");
  SQLite::Statement revisions(db.sql(),
                              "SELECT r.uuid, r.author, r.created_at, r.motivation, r.body, r.deleted, r.head, "
                              "(SELECT group_concat(tag, ' ') FROM (SELECT tag FROM note_tag t WHERE t.revision_id = r.id ORDER BY tag)) "
                              "FROM note_revision r WHERE r.note_id = ? ORDER BY r.created_at, r.uuid");
  while (notes.executeStep()) {
    const std::string target = col(notes, 2);
    std::string on = target == "span" || target == "passage" ? col(notes, 3) + ":" + col(notes, 4) : target + " " + id8(col(notes, 6));
    if (target == "span") on += " 「" + shown(col(notes, 5)) + "」";
    if (!col(notes, 8).empty()) on += " page " + col(notes, 7) + " region " + col(notes, 8);
    out << "note " << id8(col(notes, 1)) << " on " << on << '\n';
    revisions.bind(1, notes.getColumn(0).getInt64());
    while (revisions.executeStep()) {
      out << "  revision " << id8(col(revisions, 0)) << " by " << col(revisions, 1) << " at " << col(revisions, 2) << " ("
          << col(revisions, 3) << (revisions.getColumn(5).getInt() ? ", removed" : "")
          << (revisions.getColumn(6).getInt() ? ", head" : "") << ")"
          << (col(revisions, 7).empty() ? "" : " #" + col(revisions, 7)) << ": " << shown(col(revisions, 4)) << '\n';
    }
    revisions.reset();
  }
}

// The logs of choices: subject, value, note, author, time.
void dump_choices(Database& db, std::ostream& out) {
  static const char* const kLogs[][3] = {
      {"kind", "variant_kind_choice", "variant_uuid, coalesce(kind, '(proposed)')"},
      {"dating", "edition_dating", "edition_uuid, coalesce(dated, '(none)')"},
      {"extent", "edition_extent", "edition_uuid, coalesce(extent, '(whole)')"},
      {"cbdb id", "character_cbdb_id", "character_uuid, coalesce(cbdb_id, '(none)')"},
      {"dismissal", "suggestion_dismissal", "suggestion_uuid, coalesce(decision, '(taken back)')"},
      {"ambiguous alias", "alias_ambiguity", "alias_uuid, coalesce(state, '(not)')"},
      {"mention", "mention_choice", "mention_uuid, coalesce(state, '(cleared)')"},
      {"policy", "policy_choice", "policy_uuid, coalesce(state, '(not in force)')"},
      {"page image", "page_image", "page_uuid, coalesce(image, '(withdrawn)')"},
  };
  for (const auto& log : kLogs) {
    // The table and column names are the constants above, never input.
    const std::string note = std::string(log[1]) == "page_image" ? "''" : "coalesce(note, '')";
    SQLite::Statement q(db.sql(), std::string("SELECT ") + log[2] + ", " + note + ", author, set_at FROM " + log[1] +
                                      " ORDER BY 1, set_at, uuid");
    while (q.executeStep()) {
      out << log[0] << ' ' << id8(col(q, 0)) << " = " << shown(col(q, 1)) << " by " << col(q, 3) << " at " << col(q, 4)
          << (col(q, 2).empty() ? "" : ": " + shown(col(q, 2))) << '\n';
    }
  }
}

}  // namespace

void dump_database(Database& db, std::ostream& out) {
  db.read([&] {
    // No file name: git hands textconv a temporary file, whose name would show as a change.
    out << "# jiaozhu database, schema " << db.schema_version() << '\n';
    each(db,
         "SELECT e.siglum, w.name, coalesce(e.title, ''), e.script, e.content_hash, e.uuid, "
         "(SELECT count(*) FROM passage p WHERE p.edition_id = e.id) FROM edition e JOIN work w ON w.id = e.work_id ORDER BY e.uuid",
         out, [](SQLite::Statement& q) {
           return "edition " + col(q, 0) + " of " + col(q, 1) + (col(q, 2).empty() ? "" : " 「" + shown(col(q, 2)) + "」") + ", " +
                  col(q, 3) + ", " + col(q, 6) + " passages, text sha256:" + col(q, 4).substr(0, 16) + ", id " + id8(col(q, 5));
         });
    each(db,
         "SELECT coalesce(e.siglum, r.edition_uuid), r.seq, r.uuid, r.author, r.made_at, coalesce(r.reason, ''), r.text "
         "FROM passage_revision r LEFT JOIN edition e ON e.uuid = r.edition_uuid ORDER BY r.edition_uuid, r.seq, r.made_at, r.uuid",
         out, [](SQLite::Statement& q) {
           return "correction " + col(q, 0) + ":" + col(q, 1) + " " + id8(col(q, 2)) + " by " + col(q, 3) + " at " + col(q, 4) +
                  (col(q, 5).empty() ? "" : " (" + shown(col(q, 5)) + ")") + ": 「" + shown(col(q, 6)) + "」";
         });
    dump_notes(db, out);
    each(db,
         "SELECT c.uuid, c.name, coalesce(c.note, ''), coalesce((SELECT group_concat(form || ' (' || kind || ')', ', ') FROM "
         "(SELECT form, kind FROM alias a WHERE a.character_id = c.id ORDER BY form)), '') FROM character c ORDER BY c.uuid",
         out, [](SQLite::Statement& q) {
           return "person " + col(q, 1) + " " + id8(col(q, 0)) + (col(q, 3).empty() ? "" : ", aliases " + col(q, 3)) +
                  (col(q, 2).empty() ? "" : ": " + shown(col(q, 2)));
         });
    each(db,
         "SELECT l.uuid, l.moved, (SELECT group_concat(a, ' ~ ') FROM (SELECT e.siglum || ':' || p.seq AS a FROM link_passage lp "
         "JOIN passage p ON p.id = lp.passage_id JOIN edition e ON e.id = p.edition_id WHERE lp.link_id = l.id ORDER BY a)) "
         "FROM link l WHERE l.origin = 'manual' ORDER BY l.uuid",
         out, [](SQLite::Statement& q) {
           return "link " + id8(col(q, 0)) + " by hand" + (q.getColumn(1).getInt() ? ", moved" : "") + ": " + col(q, 2);
         });
    each(db,
         "SELECT ea.siglum, eb.siglum, count(DISTINCT l.id) FROM link l JOIN link_passage la ON la.link_id = l.id "
         "JOIN passage pa ON pa.id = la.passage_id JOIN edition ea ON ea.id = pa.edition_id JOIN link_passage lb ON lb.link_id = l.id "
         "JOIN passage pb ON pb.id = lb.passage_id JOIN edition eb ON eb.id = pb.edition_id "
         "WHERE l.origin = 'auto' AND ea.siglum < eb.siglum GROUP BY ea.siglum, eb.siglum ORDER BY 1, 2",
         out, [](SQLite::Statement& q) { return "alignment " + col(q, 0) + " " + col(q, 1) + ": " + col(q, 2) + " links"; });
    dump_choices(db, out);
    each(db,
         "SELECT d.uuid, coalesce(e.siglum, p.edition_uuid), p.seq, p.field, p.start_at, p.end_at, p.lemma, coalesce(d.action, '(undone)'), "
         "coalesce(d.reading, ''), coalesce(d.reason, ''), coalesce(d.note, ''), d.author, d.made_at FROM decision d "
         "JOIN apparatus_place p ON p.uuid = d.place_uuid LEFT JOIN edition e ON e.uuid = p.edition_uuid "
         "ORDER BY p.edition_uuid, p.seq, p.start_at, d.made_at, d.uuid",
         out, [](SQLite::Statement& q) {
           return "decision " + id8(col(q, 0)) + " at " + col(q, 1) + ":" + col(q, 2) + " " + col(q, 3) + " [" + col(q, 4) + "," +
                  col(q, 5) + ") 「" + shown(col(q, 6)) + "」: " + col(q, 7) + (col(q, 8).empty() ? "" : " 「" + shown(col(q, 8)) + "」") +
                  (col(q, 9).empty() ? "" : " " + shown(col(q, 9))) + " by " + col(q, 11) + " at " + col(q, 12) +
                  (col(q, 10).empty() ? "" : ": " + shown(col(q, 10)));
         });
    each(db, "SELECT uuid, action, class, coalesce(witness_uuid, '') FROM policy ORDER BY uuid", out, [](SQLite::Statement& q) {
      return "policy " + id8(col(q, 0)) + ": " + col(q, 1) + " " + col(q, 2) + (col(q, 3).empty() ? "" : " of " + id8(col(q, 3)));
    });
    each(db, "SELECT form, standard, coalesce(source, ''), coalesce(note, ''), author, added_at FROM fold_rule ORDER BY form, standard, author",
         out, [](SQLite::Statement& q) {
           return "fold " + col(q, 0) + " → " + col(q, 1) + " by " + col(q, 4) + " at " + col(q, 5) +
                  (col(q, 2).empty() ? "" : " (" + shown(col(q, 2)) + ")") + (col(q, 3).empty() ? "" : ": " + shown(col(q, 3)));
         });
    each(db, "SELECT uuid, kind, author, removed_at FROM tombstone ORDER BY uuid", out, [](SQLite::Statement& q) {
      return "removed " + col(q, 1) + " " + id8(col(q, 0)) + " by " + col(q, 2) + " at " + col(q, 3);
    });
  });
}

void dump_file(const std::filesystem::path& path, std::ostream& out) {
  const auto header = detail::read_header_fields(path);
  if (header && header->user_version < current_schema_version()) {
    // An older file as git stored it: upgraded in a copy, never in place.
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::temp_directory_path(ec) / ("jiaozhu-dump-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir, ec);
    const std::filesystem::path copy = dir / "old.db";
    struct Cleanup {
      std::filesystem::path dir;
      ~Cleanup() {
        std::error_code e;
        std::filesystem::remove_all(dir, e);
      }
    } cleanup{dir};
    std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing, ec);
    if (ec) throw DatabaseError(path.string() + ": cannot copy it to read its older schema: " + ec.message());
    Database db = open_database(copy, OpenMode::kExisting);
    dump_database(db, out);
    return;
  }
  Database db = open_database(path, OpenMode::kRead);
  dump_database(db, out);
}

}  // namespace jiaozhu
