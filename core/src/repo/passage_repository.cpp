#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/passage.h"
#include "util/columns.h"

namespace jiaozhu {

std::vector<Passage> PassageRepository::get(const Address& address) const {
  const Edition edition = EditionRepository(db_).get(address.siglum);
  if (!address.whole_edition() && address.first > edition.passages) {
    throw NotFound("no passage " + format_address(edition.siglum, address.first) + ": edition " +
                   edition.siglum + " has " + std::to_string(edition.passages) + " passages");
  }
  SQLite::Statement q(db_.sql(),
                      "SELECT seq, text, title, author, ref, source_line FROM passage "
                      "WHERE edition_id = ? AND seq BETWEEN ? AND ? ORDER BY seq");
  q.bind(1, edition.id);
  q.bind(2, address.whole_edition() ? int64_t{1} : address.first);
  q.bind(3, address.whole_edition() ? edition.passages : address.last);
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

void PassageRepository::insert_all(int64_t edition_id, std::span<const int64_t> source_ids,
                                   std::span<const PassageDraft> drafts,
                                   const std::function<void(std::size_t)>& progress) const {
  SQLite::Statement q(db_.sql(),
                      "INSERT INTO passage (edition_id, seq, text, title, author, ref, source_id, source_line) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    const PassageDraft& d = drafts[i];
    q.bind(1, edition_id);
    q.bind(2, static_cast<int64_t>(i + 1));
    q.bindNoCopy(3, d.text);
    detail::bind_optional(q, 4, d.title);
    detail::bind_optional(q, 5, d.author);
    detail::bind_optional(q, 6, d.ref);
    q.bind(7, source_ids[d.source_index]);
    if (d.source_line) q.bind(8, *d.source_line); else q.bind(8);
    q.exec();
    q.reset();
    if (progress && (i & 4095) == 0) progress(i);
  }
  if (progress) progress(drafts.size());
}

}  // namespace jiaozhu
