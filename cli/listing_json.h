// The JSON documents of the listings, one shape wherever they are read:
// the commands' --json and the local web server's /api/ (serve_api.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jiaozhu/edition.h"
#include "jiaozhu/passage.h"
#include "jiaozhu/search.h"
#include "notes_output.h"

namespace jiaozhu::cli {

// Characters of context in a search hit's snippet.
inline constexpr std::size_t kSnippetWidth = 36;

// {"editions": [{"siglum", "work", "title", "script", "passages", "characters", "uuid", ...}]}
nlohmann::ordered_json editions_json(const std::vector<Edition>& editions);
// {"passages": [{"address", "siglum", "n", "text", ..., "notes": [...]}]}; `notes` by address (notes_of).
nlohmann::ordered_json passages_json(const std::vector<Passage>& passages, const std::map<std::string, NotesOf>& notes);
// {"query", "total", "editions": [{"siglum", "hits"}], "hits": [{"address", ..., "matches", "snippet"}]}
nlohmann::ordered_json search_json(const std::string& query, const SearchResult& result);
// {"notes": [...]}
nlohmann::ordered_json notes_list_json(const std::vector<Note>& notes);

}  // namespace jiaozhu::cli
