#include "import/inline_markup.h"

#include <algorithm>
#include <optional>

#include "jiaozhu/unicode.h"

namespace jiaozhu::detail {
namespace {

constexpr std::size_t kLongestReading = 40;   // code points: longer is a comment, not a reading
constexpr std::size_t kLongestSupplement = 8;  // a supplement is a character or a few, never a sentence
constexpr std::size_t kLongestWitnessName = 8;

bool is_clause_mark(char32_t c) {
  static constexpr std::u32string_view kMarks = U"，。、；：！？,.;:!?";
  return kMarks.find(c) != std::u32string_view::npos;
}

bool is_numeral(char32_t c) {
  static constexpr std::u32string_view kNumerals = U"一二三四五六七八九十百〇";
  return kNumerals.find(c) != std::u32string_view::npos;
}

std::u32string trimmed(std::u32string s) {
  const auto blank = [](char32_t c) { return c == U' ' || c == 0x3000 || c == U'\t'; };
  while (!s.empty() && blank(s.back())) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && blank(s[i])) ++i;
  return s.substr(i);
}

// One reading a note names: who reads it, what, and instead of what (the
// lemma, when the note names it).
struct NamedReading {
  std::vector<std::string> witnesses;
  std::u32string lemma;
  std::u32string text;
};

// 「X」 or X up to the end of the clause, its closing punctuation left out.
std::optional<std::u32string> reading_text(std::u32string rest) {
  if (!rest.empty() && (rest[0] == U'：' || rest[0] == U':')) rest.erase(0, 1);
  rest = trimmed(rest);
  if (!rest.empty() && rest[0] == U'「') {
    const std::size_t close = rest.find(U'」');
    if (close == std::u32string::npos || close == 1) return std::nullopt;
    return rest.substr(1, close - 1);
  }
  while (!rest.empty() && is_clause_mark(rest.back())) rest.pop_back();
  if (rest.empty() || rest.find_first_of(U"「」《》（）") != std::u32string::npos) return std::nullopt;
  return rest;
}

// "京本", "辛本、川本", "《說郛》本": the witnesses before 作, each as its
// label (說郛本); "一", "一本", "又": the anonymous 一本.
std::optional<std::vector<std::string>> witness_names(std::u32string who) {
  if (who == U"一" || who == U"一本" || who == U"又") return std::vector<std::string>{"一本"};
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= who.size()) {
    std::size_t end = who.find(U'、', start);
    if (end == std::u32string::npos) end = who.size();
    std::u32string name;
    for (char32_t c : who.substr(start, end - start)) {
      if (c != U'《' && c != U'》') name += c;
    }
    if (name.size() < 2 || name.size() > kLongestWitnessName || name.back() != U'本') return std::nullopt;
    for (char32_t c : name) {
      if (is_clause_mark(c) || c == U' ' || c == U'「' || c == U'」') return std::nullopt;
    }
    out.push_back(to_utf8(name));
    start = end + 1;
  }
  return out;
}

// The readings a note names, or nothing when any clause of it is not a
// reading (a note that also comments is kept whole as a note).
std::vector<NamedReading> readings_of(const std::u32string& note) {
  std::vector<NamedReading> out;
  std::size_t start = 0;
  while (start < note.size()) {
    std::size_t end = note.find(U'；', start);
    if (end == std::u32string::npos) end = note.size();
    std::u32string clause = trimmed(note.substr(start, end - start));
    start = end + 1;
    if (clause.empty()) continue;
    NamedReading r;
    // LEMMA 一作：X (唐詩三百首): the lemma before a space.
    if (const std::size_t space = clause.find_first_of(U" \u3000"); space != std::u32string::npos) {
      r.lemma = clause.substr(0, space);
      clause = trimmed(clause.substr(space + 1));
    }
    const std::size_t zuo = clause.find(U'作');
    if (zuo == std::u32string::npos || zuo == 0) return {};
    auto names = witness_names(clause.substr(0, zuo));
    auto text = reading_text(clause.substr(zuo + 1));
    if (!names || !text || text->size() > kLongestReading) return {};
    r.witnesses = std::move(*names);
    r.text = std::move(*text);
    out.push_back(std::move(r));
  }
  return out;
}

// Where `c` opens a pair of `pairs`: the closing character, or 0.
char32_t closer_of(const std::u32string& pairs, char32_t c) {
  for (std::size_t i = 0; i + 1 < pairs.size(); i += 2) {
    if (pairs[i] == c) return pairs[i + 1];
  }
  return 0;
}

// The index of the `close` matching the opening at `open`, nested pairs
// of the same kind skipped, or npos.
std::size_t matching(const std::u32string& text, std::size_t open, char32_t close) {
  const char32_t opening = text[open];
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == opening) ++depth;
    else if (text[i] == close && --depth == 0) return i;
  }
  return std::u32string::npos;
}

// A note standing at `at` of the text taken so far, before its readings
// are placed.
struct TakenNote {
  std::size_t at;
  std::u32string body;
};

class PassageMarkup {
 public:
  PassageMarkup(const InlineMarkup& markup, std::size_t passage, ParsedSource& parsed)
      : markup_(markup), passage_(passage), parsed_(parsed) {}

  // Returns false, changing nothing, when the passage holds none or would
  // be left without text.
  bool take(const std::u32string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char32_t c = text[i];
      if (const char32_t close = closer_of(markup_.notes, c)) {
        const std::size_t j = matching(text, i, close);
        if (j != std::u32string::npos && j > i + 1) {
          notes_.push_back({out_.size(), text.substr(i + 1, j - i - 1)});
          i = j;
          // A line that was only a note goes whole.
          if ((out_.empty() || out_.back() == U'\n') && i + 1 < text.size() && text[i + 1] == U'\n') ++i;
          continue;
        }
      }
      if (const char32_t close = closer_of(markup_.supplements, c)) {
        const std::size_t j = text.find(close, i + 1);
        if (j != std::u32string::npos && j > i + 1 && j - i - 1 <= kLongestSupplement &&
            text.substr(i + 1, j - i - 1).find(U'\n') == std::u32string::npos) {
          supplement(text.substr(i, j - i + 1));
          i = j;
          continue;
        }
      }
      out_ += c;
    }
    while (!out_.empty() && out_.back() == U'\n') out_.pop_back();
    if (notes_.empty() && supplied_.empty() && markers_.empty()) return false;
    if (is_blank(to_utf8(out_))) return false;
    write();
    return true;
  }

 private:
  void supplement(const std::u32string& bracketed) {
    const std::u32string inner = bracketed.substr(1, bracketed.size() - 2);
    if (std::all_of(inner.begin(), inner.end(), is_numeral)) {
      markers_.push_back({out_.size(), bracketed});
      return;
    }
    supplied_.push_back({out_.size(), inner});
    out_ += inner;
  }

  void write() {
    const auto size = static_cast<int64_t>(out_.size());
    parsed_.passages[passage_].text = to_utf8(out_);
    for (TakenNote& n : notes_) {
      const auto at = static_cast<int64_t>(std::min(n.at, out_.size()));
      SourceNoteDraft note{passage_, at, to_utf8(n.body), -1, {"inline"}};
      const std::vector<NamedReading> readings = readings_of(n.body);
      for (const NamedReading& r : readings) {
        auto span = lemma_span(r, static_cast<std::size_t>(at));
        if (!span) continue;
        for (const std::string& w : r.witnesses) give(w, {passage_, static_cast<int64_t>(span->first), static_cast<int64_t>(span->second), to_utf8(r.text)});
        if (note.end < 0) {
          note.at = static_cast<int64_t>(span->first);
          note.end = static_cast<int64_t>(span->second);
        } else {
          note.at = std::min<int64_t>(note.at, static_cast<int64_t>(span->first));
          note.end = std::max<int64_t>(note.end, static_cast<int64_t>(span->second));
        }
      }
      if (note.end >= 0) note.tags.push_back("reading");
      parsed_.notes.push_back(std::move(note));
    }
    for (const TakenNote& s : supplied_) {
      const auto at = static_cast<int64_t>(s.at);
      parsed_.notes.push_back({passage_, at, "補字：" + to_utf8(s.body), std::min(size, at + static_cast<int64_t>(s.body.size())), {"supplied"}});
    }
    for (const TakenNote& m : markers_) {
      parsed_.notes.push_back({passage_, static_cast<int64_t>(std::min(m.at, out_.size())), to_utf8(m.body), -1, {"marker"}});
    }
  }

  // The words a reading replaces: the last occurrence of its lemma before
  // the note, or as many characters before the note as the reading has,
  // within the note's line and past the punctuation it stands after.
  std::optional<std::pair<std::size_t, std::size_t>> lemma_span(const NamedReading& r, std::size_t at) const {
    const std::u32string_view before(out_.data(), at);
    if (!r.lemma.empty()) {
      const std::size_t found = before.rfind(r.lemma);
      if (found == std::u32string_view::npos) return std::nullopt;
      return std::pair{found, found + r.lemma.size()};
    }
    std::size_t end = at;
    if (!r.text.empty() && !is_clause_mark(r.text.back())) {
      while (end > 0 && is_clause_mark(out_[end - 1])) --end;
    }
    const std::size_t line = before.rfind(U'\n') == std::u32string_view::npos ? 0 : before.rfind(U'\n') + 1;
    if (end <= line) return std::nullopt;
    const std::size_t start = end - std::min(r.text.size(), end - line);
    return std::pair{start, end};
  }

  void give(const std::string& label, SourceReading reading) {
    auto w = std::find_if(parsed_.witnesses.begin(), parsed_.witnesses.end(),
                          [&](const SourceWitness& x) { return x.partial && x.label == label; });
    if (w == parsed_.witnesses.end()) {
      parsed_.witnesses.push_back({"inline:" + label, label, {}, true});
      w = parsed_.witnesses.end() - 1;
    }
    w->readings.push_back(std::move(reading));
  }

  const InlineMarkup& markup_;
  const std::size_t passage_;
  ParsedSource& parsed_;
  std::u32string out_;
  std::vector<TakenNote> notes_, supplied_, markers_;
};

}  // namespace

InlineMarkup inline_markup_of(SourceFormat format, const ImportOptions& options) {
  InlineMarkup m;
  if (format == SourceFormat::kJson || format == SourceFormat::kText) {
    m.notes = U"（）";
    m.supplements = U"[]〔〕";
  }
  if (options.inline_notes) m.notes = to_code_points(*options.inline_notes);
  if (options.supplements) m.supplements = to_code_points(*options.supplements);
  return m;
}

void take_inline_markup(ParsedSource& parsed, const InlineMarkup& markup) {
  // Most passages hold no bracket at all: each is looked for in the UTF-8
  // first, before a passage is taken apart.
  std::vector<std::string> openers;
  for (const std::u32string* pairs : {&markup.notes, &markup.supplements}) {
    for (std::size_t k = 0; k + 1 < pairs->size(); k += 2) append_utf8(openers.emplace_back(), (*pairs)[k]);
  }
  if (openers.empty()) return;
  for (std::size_t i = 0; i < parsed.passages.size(); ++i) {
    const std::string& text = parsed.passages[i].text;
    if (std::none_of(openers.begin(), openers.end(), [&](const std::string& o) { return text.find(o) != std::string::npos; })) continue;
    PassageMarkup(markup, i, parsed).take(to_code_points(text));
  }
}

}  // namespace jiaozhu::detail
