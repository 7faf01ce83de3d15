#include "jiaozhu/query.h"

#include <vector>

#include "jiaozhu/error.h"
#include "jiaozhu/tokenizer.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

enum class Kind { kTerm, kAnd, kOr, kNot, kOpen, kClose };

struct Piece {
  Kind kind;
  std::string text;  // for kTerm: the FTS5 string literal (with * for a prefix)
};

[[noreturn]] void bad(const std::string& why) { throw UsageError("cannot search for that: " + why); }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The FTS5 form of one term, or "" when it has nothing to search for.
std::string term(std::string_view word, bool prefix) {
  std::size_t tokens = 0;
  bool latin_only = true;
  tokenize(word, [&](const Token& t) {
    ++tokens;
    latin_only = latin_only && static_cast<unsigned char>(t.text[0]) < 0x80;
    return true;
  });
  if (tokens == 0) return "";
  if (prefix && (!latin_only || tokens != 1)) {
    bad("'" + std::string(word) + "*': a * prefix goes after a Latin word only");
  }
  std::string literal = "\"";
  for (char c : word) literal += c == '"' ? std::string("\"\"") : std::string(1, c);
  return literal + "\"" + (prefix ? " *" : "");
}

std::vector<Piece> lex(std::string_view q) {
  std::vector<Piece> out;
  std::size_t i = 0;
  while (i < q.size()) {
    if (is_space(q[i])) { ++i; continue; }
    if (q[i] == '(' || q[i] == ')') {
      out.push_back({q[i] == '(' ? Kind::kOpen : Kind::kClose, {}});
      ++i;
      continue;
    }
    if (q[i] == '"') {
      const std::size_t close = q.find('"', i + 1);
      if (close == std::string_view::npos) bad("a quote (\") is not closed");
      std::string t = term(q.substr(i + 1, close - i - 1), false);
      if (!t.empty()) out.push_back({Kind::kTerm, t});
      i = close + 1;
      continue;
    }
    std::size_t end = i;
    while (end < q.size() && !is_space(q[end]) && q[end] != '"' && q[end] != '(' && q[end] != ')') ++end;
    std::string_view word = q.substr(i, end - i);
    i = end;
    if (word == "AND") { out.push_back({Kind::kAnd, {}}); continue; }
    if (word == "OR") { out.push_back({Kind::kOr, {}}); continue; }
    if (word == "NOT") { out.push_back({Kind::kNot, {}}); continue; }
    const bool prefix = word.size() > 1 && word.back() == '*';
    std::string t = term(prefix ? word.substr(0, word.size() - 1) : word, prefix);
    if (!t.empty()) out.push_back({Kind::kTerm, t});
  }
  return out;
}

// Checks the pieces form an expression FTS5 accepts: operands around every
// binary operator, balanced parentheses, nothing empty.
void check_grammar(const std::vector<Piece>& pieces) {
  int depth = 0;
  bool want_operand = true;  // at the start, after an operator or '('
  bool any_term = false;
  for (const Piece& p : pieces) {
    switch (p.kind) {
      case Kind::kTerm:
        any_term = true;
        want_operand = false;
        break;
      case Kind::kOpen:
        if (++depth > kMaxQueryNesting) bad("the query nests parentheses more than " + std::to_string(kMaxQueryNesting) + " deep");
        want_operand = true;
        break;
      case Kind::kClose:
        if (depth == 0) bad("a ')' has no '('");
        if (want_operand) bad("'( )' holds nothing to search for");
        --depth;
        break;
      case Kind::kAnd:
      case Kind::kOr:
      case Kind::kNot:
        if (want_operand) {
          bad(p.kind == Kind::kNot ? "NOT needs a term before it (write: a NOT b)"
                                   : "AND and OR need a term on each side");
        }
        want_operand = true;
        break;
    }
  }
  if (!any_term) bad("the query has no characters to search for (punctuation and spaces are not searched)");
  if (depth > 0) bad("a '(' is not closed");
  if (want_operand) bad("the query ends with an operator");
}

}  // namespace

std::string to_fts5_query(std::string_view query) {
  if (first_invalid_utf8(query)) bad("the query is not valid UTF-8");
  // FTS5 stops parsing at a NUL and refuses other control characters.
  for (unsigned char c : query) {
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) bad("the query holds a control character");
  }
  if (code_points(query) > kMaxQueryCodePoints) {
    bad("the query is longer than " + std::to_string(kMaxQueryCodePoints) + " characters");
  }
  const std::string normalized = to_nfc(query);
  const std::vector<Piece> pieces = lex(normalized);
  check_grammar(pieces);
  std::string out;
  bool after_operand = false;  // the last piece ended an operand: a term or ')'
  for (const Piece& p : pieces) {
    const bool starts_operand = p.kind == Kind::kTerm || p.kind == Kind::kOpen;
    // FTS5 joins adjacent phrases by AND but refuses a phrase beside a
    // parenthesis ("a" ("b")): every implicit AND is written out.
    if (after_operand && starts_operand) out += " AND";
    if (!out.empty() && p.kind != Kind::kClose && out.back() != '(') out += ' ';
    after_operand = p.kind == Kind::kTerm || p.kind == Kind::kClose;
    switch (p.kind) {
      case Kind::kTerm: out += p.text; break;
      case Kind::kAnd: out += "AND"; break;
      case Kind::kOr: out += "OR"; break;
      case Kind::kNot: out += "NOT"; break;
      case Kind::kOpen: out += "("; break;
      case Kind::kClose: out += ")"; break;
    }
  }
  return out;
}

std::string in_passage_text(const std::string& fts5_query) { return "text : (" + fts5_query + ")"; }

}  // namespace jiaozhu
