// JsonListWriter writes, item by item, what dump(2) writes of the whole.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "jiaozhu/json_list.h"

using jiaozhu::JsonListWriter;
using json = nlohmann::ordered_json;

namespace {

// The document written through JsonListWriter with `items` in the list at
// `path` (keys from the top), for comparison with dump(2) of the whole.
std::string streamed(json doc, const std::vector<std::string>& path, const json& items) {
  json* list = &doc;
  for (const std::string& key : path) list = &(*list)[key];
  *list = json::array();
  std::ostringstream out;
  JsonListWriter writer(out, doc.dump(2), static_cast<int>(path.size()));
  for (const json& item : items) writer.add(item.dump(2));
  writer.finish();
  return out.str();
}

std::string whole(json doc, const std::vector<std::string>& path, const json& items) {
  json* list = &doc;
  for (const std::string& key : path) list = &(*list)[key];
  *list = items;
  return doc.dump(2) + "\n";
}

}  // namespace

TEST_CASE("a list written item by item reads exactly as the whole document dumped") {
  const json head = {{"total", 3}, {"note", "一"}};
  const json items = json::array({{{"address", "A:1"}, {"tags", {"訛誤", "x"}}}, 7, {{"nested", {{"deep", {1, 2}}}}}});
  for (const json& list : {json::array(), json::array({items[0]}), items}) {
    CHECK(streamed(head, {"rows"}, list) == whole(head, {"rows"}, list));
  }
  // A list two levels down, as in a W3C AnnotationCollection's first page.
  const json collection = {{"type", "AnnotationCollection"}, {"first", {{"type", "AnnotationPage"}, {"items", nullptr}}}};
  for (const json& list : {json::array(), items}) {
    CHECK(streamed(collection, {"first", "items"}, list) == whole(collection, {"first", "items"}, list));
  }
}
