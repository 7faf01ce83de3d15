// Splitting decoded source text into passage drafts, one parser per format.
#pragma once

#include <string>
#include <vector>

#include "jiaozhu/passage.h"

namespace jiaozhu::detail {

struct ParsedSource {
  std::vector<PassageDraft> passages;
  std::vector<std::string> warnings;
};

// One passage per line that is not blank; the line's text is kept as is
// except a trailing carriage return. `file` names errors.
ParsedSource parse_text(const std::string& utf8, const std::string& file);

// A JSON object, an array of objects, or JSON Lines. Each object is one
// passage (or one per paragraph with `split_paragraphs`): text from
// "paragraphs" (strings joined by newlines) or "text"; "title", "author" and
// "id"/"ref" kept. Throws InputError naming line and column of bad JSON.
ParsedSource parse_json(const std::string& utf8, const std::string& file, bool split_paragraphs);

// True when `utf8` looks like JSON (first non-blank character `{` or `[`).
bool looks_like_json(const std::string& utf8);

}  // namespace jiaozhu::detail
