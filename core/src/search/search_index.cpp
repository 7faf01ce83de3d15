#include "search/search_index.h"

#include "jiaozhu/database.h"
#include "repo/passage_index.h"

namespace jiaozhu::detail {

bool SearchIndex::current() const { return PassageIndex(db_).current(); }

void SearchIndex::rebuild() { PassageIndex(db_).rebuild(); }

std::vector<std::string> SearchIndex::faults() const {
  std::vector<std::string> out;
  PassageIndex index(db_);
  if (!index.current()) {
    out.push_back("the search index was built with folding '" + index.recorded_version() +
                  "', this file and build have '" + PassageIndex::version(db_) + "' (run `jiaozhu reindex`)");
  }
  if (const auto fault = index.fault()) {
    out.push_back("the search index does not match the passages (" + *fault + "); run `jiaozhu reindex`");
  }
  return out;
}

}  // namespace jiaozhu::detail
