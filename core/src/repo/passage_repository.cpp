#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "util/columns.h"

namespace jiaozhu {

std::vector<Passage> PassageRepository::get(const Address& address) const {
  const EditionRepository editions(db_);
  const Edition edition = editions.get(address.siglum);
  const int64_t count = editions.passage_count(edition.id);
  if (!address.whole_edition() && address.first > count) {
    throw NotFound("no passage " + format_address(edition.siglum, address.first) + ": edition " +
                   edition.siglum + " has " + std::to_string(count) + " passages");
  }
  SQLite::Statement q(db_.sql(),
                      "SELECT seq, text, title, author, ref, source_line FROM passage "
                      "WHERE edition_id = ? AND seq BETWEEN ? AND ? ORDER BY seq");
  q.bind(1, edition.id);
  q.bind(2, address.whole_edition() ? int64_t{1} : address.first);
  q.bind(3, address.whole_edition() ? count : address.last);
  std::vector<Passage> out;
  while (q.executeStep()) {
    Passage p;
    p.siglum = edition.siglum;
    p.seq = q.getColumn(0).getInt64();
    p.text = q.getColumn(1).getString();
    p.title = detail::optional_text(q.getColumn(2));
    p.author = detail::optional_text(q.getColumn(3));
    p.ref = detail::optional_text(q.getColumn(4));
    if (!q.getColumn(5).isNull()) p.source_line = q.getColumn(5).getInt64();
    out.push_back(std::move(p));
  }
  return out;
}

PassageAppender::PassageAppender(Database& db, int64_t edition_id)
    : db_(db),
      edition_id_(edition_id),
      insert_(std::make_unique<SQLite::Statement>(
          db.sql(),
          "INSERT INTO passage (edition_id, seq, text, title, author, ref, source_id, source_line) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")),
      index_(std::make_unique<SQLite::Statement>(db.sql(), "INSERT INTO passage_fts (rowid, text) VALUES (?, ?)")) {}

PassageAppender::~PassageAppender() = default;

void PassageAppender::append(const PassageDraft& d, int64_t source_id) {
  SQLite::Statement& q = *insert_;
  q.bind(1, edition_id_);
  q.bind(2, ++count_);
  q.bindNoCopy(3, d.text);
  detail::bind_optional(q, 4, d.title);
  detail::bind_optional(q, 5, d.author);
  detail::bind_optional(q, 6, d.ref);
  q.bind(7, source_id);
  if (d.source_line) q.bind(8, *d.source_line);
  else q.bind(8);
  q.exec();
  q.reset();
  // The search index is kept in the same transaction (schema/schema.sql).
  index_->bind(1, db_.sql().getLastInsertRowid());
  index_->bindNoCopy(2, d.text);
  index_->exec();
  index_->reset();
}

}  // namespace jiaozhu
