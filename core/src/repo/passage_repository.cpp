#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <set>

#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/passage.h"
#include "repo/section_paths.h"
#include "util/columns.h"

namespace jiaozhu {

std::string format_section(const std::vector<std::string>& section) {
  std::string out;
  for (const std::string& heading : section) {
    if (!out.empty()) out += " / ";
    out += heading;
  }
  return out;
}

namespace {

// Reads the passages of `q` (seq, text, title, author, ref, source_line,
// section_id, page, line), with the id of each one's section.
std::vector<std::pair<Passage, std::optional<int64_t>>> read_passages(SQLite::Statement& q, const Edition& edition) {
  std::vector<std::pair<Passage, std::optional<int64_t>>> out;
  while (q.executeStep()) {
    Passage p;
    p.siglum = edition.siglum;
    p.seq = q.getColumn(0).getInt64();
    p.text = q.getColumn(1).getString();
    p.title = detail::optional_text(q.getColumn(2));
    p.author = detail::optional_text(q.getColumn(3));
    p.ref = detail::optional_text(q.getColumn(4));
    if (!q.getColumn(5).isNull()) p.source_line = q.getColumn(5).getInt64();
    p.page = detail::optional_text(q.getColumn(7));
    p.line = detail::optional_text(q.getColumn(8));
    std::optional<int64_t> section;
    if (!q.getColumn(6).isNull()) section = q.getColumn(6).getInt64();
    out.emplace_back(std::move(p), section);
  }
  return out;
}

}  // namespace

std::vector<Passage> PassageRepository::get(const Address& address) const {
  return get(address, {});
}

std::vector<Passage> PassageRepository::get(const Address& address, const std::string& heading) const {
  const EditionRepository editions(db_);
  const Edition edition = editions.get(address.siglum);
  const int64_t count = editions.passage_count(edition.id);
  if (!address.whole_edition() && address.first > count) {
    throw NotFound("no passage " + format_address(edition.siglum, address.first) + ": edition " +
                   edition.siglum + " has " + std::to_string(count) + " passages");
  }
  SQLite::Statement q(db_.sql(),
                      "SELECT p.seq, p.text, p.title, p.author, p.ref, p.source_line, pp.section_id, pp.page, pp.line "
                      "FROM passage p LEFT JOIN passage_place pp ON pp.passage_id = p.id "
                      "WHERE p.edition_id = ? AND p.seq BETWEEN ? AND ? ORDER BY p.seq");
  q.bind(1, edition.id);
  q.bind(2, address.whole_edition() ? int64_t{1} : address.first);
  q.bind(3, address.whole_edition() ? count : address.last);
  auto rows = read_passages(q, edition);
  // A few passages of an edition of thousands of sections read only their
  // own sections and those above them; a heading to keep to reads them all.
  std::set<int64_t> used;
  for (const auto& [p, section] : rows) {
    if (section) used.insert(*section);
  }
  const detail::SectionPaths sections = heading.empty() ? detail::SectionPaths(db_.sql(), edition.id, used)
                                                        : detail::SectionPaths(db_.sql(), edition.id);
  std::vector<int64_t> wanted;
  if (!heading.empty()) {
    wanted = sections.under(heading);
    if (wanted.empty()) throw NotFound("edition " + edition.siglum + " has no section headed " + heading);
  }
  std::vector<Passage> out;
  for (auto& [p, section] : rows) {
    if (!heading.empty() && !(section && std::binary_search(wanted.begin(), wanted.end(), *section))) continue;
    p.section = sections.path(section);
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
      index_(std::make_unique<SQLite::Statement>(db.sql(), "INSERT INTO passage_fts (rowid, text, title, author) VALUES (?, ?, ?, ?)")),
      section_(std::make_unique<SQLite::Statement>(
          db.sql(), "INSERT INTO section (edition_id, seq, parent_id, heading) VALUES (?, ?, ?, ?)")),
      place_(std::make_unique<SQLite::Statement>(
          db.sql(), "INSERT INTO passage_place (passage_id, section_id, page, line) VALUES (?, ?, ?, ?)")) {}

PassageAppender::~PassageAppender() = default;

int64_t PassageAppender::section_of(const std::vector<std::string>& path) {
  std::size_t shared = 0;
  while (shared < open_.size() && shared < path.size() && open_[shared].first == path[shared]) ++shared;
  open_.resize(shared);
  for (std::size_t i = shared; i < path.size(); ++i) {
    SQLite::Statement& q = *section_;
    q.bind(1, edition_id_);
    q.bind(2, ++sections_);
    if (open_.empty()) q.bind(3);
    else q.bind(3, open_.back().second);
    q.bind(4, path[i]);
    q.exec();
    q.reset();
    open_.emplace_back(path[i], db_.sql().getLastInsertRowid());
  }
  return open_.back().second;
}

std::optional<std::string> passage_fault(const PassageDraft& d) {
  if (auto fault = field_fault(Field::kPassageText, d.text)) return "its text " + *fault;
  const std::pair<const char*, const std::optional<std::string>*> labels[] = {
      {"title", &d.title}, {"author", &d.author}, {"ref", &d.ref}, {"page", &d.page}, {"line", &d.line}};
  for (const auto& [name, value] : labels) {
    if (!*value) continue;
    if (auto fault = field_fault(Field::kPassageLabel, **value)) return "its " + std::string(name) + " " + *fault;
  }
  for (const std::string& heading : d.section) {
    if (auto fault = field_fault(Field::kPassageLabel, heading)) return "its section heading " + *fault;
  }
  return std::nullopt;
}

void PassageAppender::append(const PassageDraft& d, int64_t source_id) {
  if (auto fault = passage_fault(d)) throw InputError("passage " + std::to_string(count_ + 1) + ": " + *fault);
  // A passage without a section leaves the open ones open: sections are
  // told apart by their paths (the content hash and merge read paths), so a
  // later passage of the same path belongs to the same section.
  const std::optional<int64_t> section = d.section.empty() ? std::nullopt : std::optional<int64_t>(section_of(d.section));
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
  const int64_t id = db_.sql().getLastInsertRowid();
  if (section || d.page || d.line) {
    SQLite::Statement& place = *place_;
    place.bind(1, id);
    if (section) place.bind(2, *section);
    else place.bind(2);
    detail::bind_optional(place, 3, d.page);
    detail::bind_optional(place, 4, d.line);
    place.exec();
    place.reset();
  }
  // The search index is kept in the same transaction (schema/schema.sql).
  index_->bind(1, id);
  index_->bindNoCopy(2, d.text);
  detail::bind_optional(*index_, 3, d.title);
  detail::bind_optional(*index_, 4, d.author);
  index_->exec();
  index_->reset();
}

}  // namespace jiaozhu
