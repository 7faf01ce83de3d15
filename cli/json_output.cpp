#include "json_output.h"

#include "jiaozhu/people.h"
#include "terminal_guard.h"

namespace jiaozhu::cli {

namespace {
std::string dump(const nlohmann::ordered_json& doc) {
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// `head` with an empty list under `key`, last: the list JsonListPrinter fills.
nlohmann::ordered_json with_list(nlohmann::ordered_json head, const std::string& key) {
  head[key] = nlohmann::ordered_json::array();
  return head;
}
}  // namespace

void print_json(const nlohmann::ordered_json& doc) {
  std::cout << dump(doc) << '\n';
}

void print_result(bool json, const nlohmann::ordered_json& doc, const std::string& text) {
  if (json) print_json(doc);
  else std::cout << printable(text) << '\n';
}

JsonListPrinter::JsonListPrinter(nlohmann::ordered_json head, const std::string& key, std::ostream& out)
    : writer_(out, dump(with_list(std::move(head), key)), 1) {}

void JsonListPrinter::add(const nlohmann::ordered_json& item) { writer_.add(dump(item)); }

void JsonListPrinter::finish() { writer_.finish(); }


}  // namespace jiaozhu::cli
