// Folding: the one search form of each character, so that search and
// collation ignore script (張/张) and variant forms (淩/凌, 疎/疏).
// The table is generated at build time (core/gen/gen_fold_table.cpp); which
// relations it folds and why is explained in docs/folding.md.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace jiaozhu {

// True for the code points jiaozhu indexes as Han characters: the CJK
// Unified Ideographs blocks (basic, extensions A to H) and the compatibility
// ideographs.
bool is_han(char32_t c);

// The representative of `c`'s class: its Simplified form, or the common form
// of a variant. Idempotent; `c` itself for characters the table leaves alone
// and for everything that is not Han.
char32_t fold_han(char32_t c);

// True when Unihan gives a and b as variant forms of one character
// (kZVariant, mutual kSemanticVariant, compatibility ideographs: 裏/裡, 峯/峰),
// not counting Traditional-Simplified conversion (髮/發 are not).
bool variant_forms(char32_t a, char32_t b);

// True for a sign that stands in for a character a digitizer could not write
// or read: □ ■ 〓 ○ U+FFFD, a private-use code point, or an ideographic
// description character (⿰ ⿱ …, which opens a description sequence).
bool is_placeholder(char32_t c);
bool is_ideographic_description(char32_t c);

// True for a letter or digit of any script but Han: what makes up words
// (Latin, pinyin) in the tokenizer and units in collation.
bool is_letter_or_digit(char32_t c);

// The search form of a letter: lowercase, without diacritics (ì → i),
// full-width forms as ASCII (Ａ → a).
char32_t fold_letter(char32_t c);

// `text` with every Han character and letter folded, one code point for
// one, so offsets into the result are offsets into `text`.
std::u32string fold_code_points(std::u32string_view text);

// `text` with every Han character folded and everything else kept.
std::string fold_text(std::string_view text);

// Identifies the folding table compiled in; stored beside the search index so
// that a build with another table reindexes.
std::string_view fold_table_version();

// What the built-in table was made from, with versions ("ICU 72.1
// Hant-Hans (2,600 pairs), OpenCC 1.1.5 t2s …"), and how many characters
// it folds to another.
std::string_view fold_table_sources();
std::size_t fold_table_folds();

// A rule of a database (table fold_rule): `form` is a variant form of
// `standard`, both one Han character.
struct FoldPairRule {
  char32_t form = 0;
  char32_t standard = 0;
  friend bool operator==(const FoldPairRule&, const FoldPairRule&) = default;
};

// The folding a database searches and collates with: the built-in table and
// the database's rules. A rule joins the built-in classes of its two
// characters into one, folded to the class of `standard` (so the scholar's
// standard form wins over the table's). Rules only join classes; they never
// split one. Rules are applied in a canonical order, so two copies with the
// same rules fold alike. Immutable, and cheap to copy (its state is shared).
class Folding {
 public:
  Folding() = default;  // the built-in table alone
  explicit Folding(std::vector<FoldPairRule> rules);

  // The search form of a Han character under this folding; `c` for
  // non-Han code points.
  char32_t han(char32_t c) const {
    const char32_t base = fold_han(c);
    if (!state_) return base;
    const auto it = state_->joined.find(base);
    return it == state_->joined.end() ? base : it->second;
  }
  // As fold_code_points and fold_text, with the rules.
  std::u32string code_points(std::u32string_view text) const;
  std::string text(std::string_view text) const;

  // fold_table_version() without rules; with rules, it and a digest of them:
  // what the search index records it was built with.
  std::string version() const;

  // The built-in table alone, shared.
  static const Folding& builtin();

  // The search forms, under `before`, of every character whose search form
  // differs between `before` and `after`: the tokens under which the
  // passages to re-index are found.
  friend std::vector<char32_t> changed_forms(const Folding& before, const Folding& after);

 private:
  struct State {
    std::unordered_map<char32_t, char32_t> joined;  // built-in form -> joined form, where they differ
    std::string digest;                             // of the rules, sorted and unique
  };
  std::shared_ptr<const State> state_;  // null without rules
};

}  // namespace jiaozhu
