// Which script a Chinese text is written in.
#pragma once

#include <string_view>

namespace jiaozhu {

enum class Script { kHant, kHans, kMixed, kUnknown };

std::string_view to_string(Script script);
// Parses "hant", "hans", "mixed", "unknown"; throws UsageError otherwise.
Script parse_script(std::string_view name);

// Counts the characters of `text` that exist only in Traditional writing
// (Unihan gives them a simplified form different from themselves: 後 們 幾)
// and those that exist only in Simplified (们 话; not 后 or 几, which are
// also Traditional characters). A text is kHant or kHans when at least 90%
// of those it has are of one kind, kMixed when not, kUnknown when it has none.
Script detect_script(std::string_view text);

// Accumulates counts over many pieces of text (an edition's passages).
class ScriptCounter {
 public:
  void add(std::string_view text);
  void add(const ScriptCounter& other);
  Script result() const;

 private:
  long traditional_ = 0;
  long simplified_ = 0;
};

}  // namespace jiaozhu
