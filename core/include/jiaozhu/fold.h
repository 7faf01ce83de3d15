// Folding: the one search form of each character, so that search and
// collation ignore script (張/张) and variant forms (淩/凌, 疎/疏).
// The table is generated at build time (core/gen/gen_fold_table.cpp); which
// relations it folds and why is explained in docs/folding.md.
#pragma once

#include <string>
#include <string_view>

namespace jiaozhu {

// True for the code points jiaozhu indexes as Han characters: the CJK
// Unified Ideographs blocks (basic, extensions A to H) and the compatibility
// ideographs.
bool is_han(char32_t c);

// The representative of `c`'s class: its Simplified form, or the common form
// of a variant. Idempotent; `c` itself for characters the table leaves alone
// and for everything that is not Han.
char32_t fold_han(char32_t c);

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

}  // namespace jiaozhu
