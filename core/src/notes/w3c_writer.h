// Notes out as one W3C AnnotationCollection (JSON-LD): each note an
// Annotation with its current body and tags, and jiaozhu's whole history in
// jz: fields, so that import_notes brings it back exactly.
#pragma once

#include <ostream>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

class NoteStore;

// Writes every note of `store` to `out`, one annotation at a time (10,000
// notes with their histories are hundreds of megabytes as one tree). The
// caller holds a read transaction, so that the collection is of one moment.
void write_w3c(Database& db, NoteStore& store, bool include_removed, std::ostream& out);

}  // namespace jiaozhu::detail
