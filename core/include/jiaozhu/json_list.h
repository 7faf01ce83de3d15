// A JSON document whose one list is written item by item, exactly as
// dump(2) would write the whole: a listing of 700,000 variants or 10,000
// notes with their histories is never one tree in memory.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

namespace jiaozhu {

class JsonListWriter {
 public:
  // `document` is the whole document as dump(2) writes it with the list
  // empty: its last "[]" is the list, nested `depth` levels deep (1 for a
  // key of the top object). Writes the document up to the list's "[".
  JsonListWriter(std::ostream& out, std::string_view document, int depth);

  // Writes `item`, as dump(2) writes it, as the list's next element.
  void add(std::string_view item);
  // Writes the rest of the document and a newline. Call once, last.
  void finish();

 private:
  std::ostream& out_;
  std::string rest_;    // from the list's "]" to the end
  std::string indent_;  // of the list's closing bracket
  std::string line_;    // reused: one item with its lines indented
  bool empty_ = true;
};

}  // namespace jiaozhu
