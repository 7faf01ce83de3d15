// Changing the text of a stored passage (a correction), with its search
// index rows: the one place that does (import and merge write passages
// whole, through PassageAppender).
#pragma once

#include <cstdint>
#include <string>

namespace jiaozhu {
class Database;
}

namespace jiaozhu::detail {

// Replaces the text of passage `passage_id` with `text` (valid UTF-8 in NFC
// that passage_fault accepts: the caller checks) and its passage_fts row
// with the new text's tokens. Its title, author, number and place stay.
// Throws NotFound when there is no such passage. The caller holds the write
// transaction.
void rewrite_passage_text(Database& db, int64_t passage_id, const std::string& text);

}  // namespace jiaozhu::detail
