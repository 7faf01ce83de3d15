#include "notes/notes_csv.h"

#include <string>
#include <vector>

#include "jiaozhu/notes.h"
#include "notes/note_store.h"
#include "jiaozhu/csv.h"

namespace jiaozhu::detail {
void write_csv(NoteStore& store, bool include_removed, std::ostream& out) {
  out << "id,target,address,start,end,quote,motivation,tags,author,created,modified,state,body\r\n";
  for (int64_t id : store.ids(include_removed)) {
    detail::NoteRecord rec = store.read(id);
    const auto heads = store.heads(id);
    const auto history = store.revisions(id);
    const NoteRevision& c = detail::newest_head(heads);
    std::string tags;
    for (const std::string& t : c.tags) tags += (tags.empty() ? "" : ";") + t;
    const std::string state = heads.size() > 1 ? "conflict" : c.deleted ? "removed" : rec.note.orphaned ? "orphaned" : "live";
    const bool span = rec.note.target == NoteTarget::kSpan;
    const std::vector<std::string> row{rec.note.uuid, std::string(to_string(rec.note.target)),
                                       rec.note.address.empty() ? rec.note.target_uuid : rec.note.address,
                                       span ? std::to_string(rec.note.start) : "", span ? std::to_string(rec.note.end) : "",
                                       rec.note.exact, c.motivation, tags, history.front().author,
                                       rec.note.created_at, c.created_at, state, c.body};
    for (std::size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << csv_field(row[i]);
    out << "\r\n";
  }
}

}  // namespace jiaozhu::detail
