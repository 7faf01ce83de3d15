#include "jiaozhu/fold.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <iterator>
#include <vector>

#include "fold_table.inc"
#include "jiaozhu/unicode.h"
#include "util/sha256.h"

namespace jiaozhu {
namespace {

constexpr char32_t kFoldTableSize = 0x32000;  // above every Han block

// A dense table (800 KB, built once) makes folding one load per character:
// indexing folds every character of a corpus. Building it takes ~2 ms,
// most of a short search, which folds a handful of characters: those are
// looked up in the generated pairs (sorted by `from`) instead.
constexpr unsigned kLookupsBeforeTable = 20000;

const std::vector<char32_t>& table() {
  static const std::vector<char32_t> t = [] {
    std::vector<char32_t> v(kFoldTableSize);
    for (char32_t c = 0; c < kFoldTableSize; ++c) v[c] = c;
    for (const FoldPair& p : kFoldPairs) v[p.from] = p.to;
    return v;
  }();
  return t;
}

char32_t searched(char32_t c) {
  const auto it = std::lower_bound(std::begin(kFoldPairs), std::end(kFoldPairs), c,
                                   [](const FoldPair& p, char32_t v) { return p.from < v; });
  return it != std::end(kFoldPairs) && it->from == c ? it->to : c;
}

static_assert(std::is_sorted(std::begin(kFoldPairs), std::end(kFoldPairs),
                             [](const FoldPair& a, const FoldPair& b) { return a.from < b.from; }),
              "gen_fold_table writes the pairs sorted by `from`");

}  // namespace

bool is_han(char32_t c) {
  return (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134F);
}

char32_t fold_han(char32_t c) {
  if (c >= kFoldTableSize) return c;
  thread_local unsigned lookups = 0;
  if (lookups < kLookupsBeforeTable) {
    ++lookups;
    return searched(c);
  }
  return table()[c];
}

bool variant_forms(char32_t a, char32_t b) {
  auto named = [](char32_t c) {
    const auto it = std::lower_bound(std::begin(kVariantClassPairs), std::end(kVariantClassPairs), c,
                                     [](const FoldPair& p, char32_t v) { return p.from < v; });
    return it != std::end(kVariantClassPairs) && it->from == c ? it->to : c;
  };
  return a == b || named(a) == named(b);
}

bool is_ideographic_description(char32_t c) { return c >= 0x2FF0 && c <= 0x2FFF; }

bool is_placeholder(char32_t c) {
  switch (c) {
    case U'\u25A1':  // □
    case U'\u25A0':  // ■
    case U'\u3013':  // 〓
    case U'\u25CB':  // ○
    case U'\uFFFD':  // the replacement character
      return true;
    default:
      break;
  }
  return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0x10FFFD) || is_ideographic_description(c);
}

bool is_letter_or_digit(char32_t c) {
  const auto u = static_cast<UChar32>(c);
  return !is_han(c) && (u_hasBinaryProperty(u, UCHAR_ALPHABETIC) || u_charType(u) == U_DECIMAL_DIGIT_NUMBER);
}

char32_t fold_letter(char32_t c) {
  if (c >= 0xFF01 && c <= 0xFF5E) c -= 0xFEE0;  // full-width ASCII
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  static const icu::Normalizer2* nfd = [] {
    UErrorCode status = U_ZERO_ERROR;
    return icu::Normalizer2::getNFDInstance(status);
  }();
  auto base = static_cast<UChar32>(c);
  icu::UnicodeString decomposed;
  if (nfd && nfd->getDecomposition(base, decomposed)) base = decomposed.char32At(0);
  return static_cast<char32_t>(u_tolower(base));
}

std::u32string fold_code_points(std::u32string_view text) { return Folding::builtin().code_points(text); }

std::string fold_text(std::string_view text) { return Folding::builtin().text(text); }

std::string_view fold_table_version() { return kFoldTableVersion; }
std::string_view fold_table_sources() { return kFoldTableSources; }
std::size_t fold_table_folds() { return kFoldTableFolds; }

namespace {

// Union-find over built-in search forms. The root of a set is the form every
// member folds to; joining makes the standard's root the root.
class Classes {
 public:
  char32_t root(char32_t c) {
    auto it = parent_.find(c);
    if (it == parent_.end() || it->second == c) return c;
    const char32_t r = root(it->second);
    parent_[c] = r;
    return r;
  }
  void join(char32_t form, char32_t standard) {
    const char32_t a = root(form), b = root(standard);
    if (a != b) parent_[a] = b;
  }
  std::unordered_map<char32_t, char32_t> flattened() {
    std::unordered_map<char32_t, char32_t> out;
    std::vector<char32_t> keys;
    for (const auto& [c, p] : parent_) keys.push_back(c);
    for (char32_t c : keys) {
      if (const char32_t r = root(c); r != c) out.emplace(c, r);
    }
    return out;
  }

 private:
  std::unordered_map<char32_t, char32_t> parent_;
};

}  // namespace

Folding::Folding(std::vector<FoldPairRule> rules) {
  if (rules.empty()) return;
  const auto order = [](const FoldPairRule& a, const FoldPairRule& b) {
    return std::pair(a.form, a.standard) < std::pair(b.form, b.standard);
  };
  std::sort(rules.begin(), rules.end(), order);
  rules.erase(std::unique(rules.begin(), rules.end()), rules.end());
  auto state = std::make_shared<State>();
  Classes classes;
  for (const FoldPairRule& r : rules) classes.join(fold_han(r.form), fold_han(r.standard));
  state->joined = classes.flattened();
  detail::Sha256 hash;
  for (const FoldPairRule& r : rules) {
    std::string line;
    append_utf8(line, r.form);
    line += '\t';
    append_utf8(line, r.standard);
    hash.update(line + "\n");
  }
  state->digest = hash.hex().substr(0, 16);
  state_ = std::move(state);
}

const Folding& Folding::builtin() {
  static const Folding none;
  return none;
}

std::u32string Folding::code_points(std::u32string_view text) const {
  std::u32string out(text);
  for (char32_t& c : out) {
    if (is_han(c)) c = han(c);
    else if (is_letter_or_digit(c)) c = fold_letter(c);
  }
  return out;
}

std::string Folding::text(std::string_view text) const {
  std::string out;
  out.reserve(text.size());
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0 || !is_han(static_cast<char32_t>(c))) {
      out.append(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
      continue;
    }
    append_utf8(out, han(static_cast<char32_t>(c)));
  }
  return out;
}

std::string Folding::version() const {
  return state_ ? std::string(fold_table_version()) + "+rules-" + state_->digest : std::string(fold_table_version());
}

std::vector<char32_t> changed_forms(const Folding& before, const Folding& after) {
  std::vector<char32_t> out;
  auto visit = [&](const std::unordered_map<char32_t, char32_t>& joined) {
    for (const auto& [base, joined_form] : joined) {
      if (before.han(base) != after.han(base)) out.push_back(before.han(base));
    }
  };
  if (before.state_) visit(before.state_->joined);
  if (after.state_) visit(after.state_->joined);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace jiaozhu
