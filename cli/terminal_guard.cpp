#include "terminal_guard.h"

#include <unicode/utf8.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <string>

#include "jiaozhu/error.h"


namespace jiaozhu::cli {
namespace {

bool is_bidi_control(UChar32 c) {
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool is_control(UChar32 c) { return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7F && c < 0xA0); }

// Length of the SGR sequence starting at text[at] (ESC), 0 when it is none,
// or npos when the text ends before that can be told.
constexpr std::size_t kUndecided = std::string_view::npos;
std::size_t sgr_length(std::string_view text, std::size_t at) {
  constexpr std::size_t kLongest = 24;  // far more than any SGR jiaozhu writes
  for (std::size_t j = at + 1; j < text.size(); ++j) {
    const char c = text[j];
    if (j == at + 1) {
      if (c != '[') return 0;
    } else if (c == 'm') {
      return j - at + 1;
    } else if (!((c >= '0' && c <= '9') || c == ';') || j - at > kLongest) {
      return 0;
    }
  }
  return kUndecided;
}

// Whether the bytes from `at` to the end are the start of one UTF-8
// sequence that more bytes could complete.
bool truncated_utf8(std::string_view text, std::size_t at) {
  const auto lead = static_cast<uint8_t>(text[at]);
  const std::size_t need = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1;
  if (need == 1 || lead > 0xF4 || text.size() - at >= need) return false;
  for (std::size_t j = at + 1; j < text.size(); ++j) {
    if ((static_cast<uint8_t>(text[j]) & 0xC0) != 0x80) return false;
  }
  return true;
}

void append_escape(std::string& out, const char* format, unsigned value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, format, value);
  out += buf;
}

// Appends the terminal-safe form of `text` to `out` and returns how many of
// its bytes were taken: all when `complete`; otherwise it stops before a
// UTF-8 or SGR sequence that the next write may complete.
std::size_t make_safe(std::string_view text, bool allow_sgr, bool complete, std::string& out) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  int32_t i = 0;
  while (i < length) {
    const int32_t start = i;
    if (s[i] >= 0x20 && s[i] < 0x7F) {  // a run of printable ASCII, the common case
      while (i < length && s[i] >= 0x20 && s[i] < 0x7F) ++i;
      out.append(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
      continue;
    }
    if (s[i] == 0x1B && allow_sgr) {
      const std::size_t n = sgr_length(text, static_cast<std::size_t>(i));
      if (n == kUndecided && !complete) return static_cast<std::size_t>(start);
      if (n != kUndecided && n != 0) {
        out.append(text.substr(static_cast<std::size_t>(i), n));
        i += static_cast<int32_t>(n);
        continue;
      }
    }
    if (!complete && truncated_utf8(text, static_cast<std::size_t>(i))) return static_cast<std::size_t>(start);
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0) {
      // U8_NEXT skips a whole ill-formed sequence; show each of its bytes.
      for (int32_t j = start; j < i; ++j) append_escape(out, "\\x%02x", s[j]);
    } else if (is_control(c)) {
      append_escape(out, "\\x%02x", static_cast<unsigned>(c));
    } else if (is_bidi_control(c)) {
      append_escape(out, "\\u%04x", static_cast<unsigned>(c));
    } else {
      out.append(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
    }
  }
  return text.size();
}

}  // namespace

// The stream buffer that sanitizes on its way to the real one. It holds
// what it is given until a flush, a full buffer, or its end.
class TerminalGuard::Gate : public std::streambuf {
 public:
  // On a terminal each write is passed on at once, so that what is printed
  // keeps its order with the progress bar and with the other stream.
  Gate(std::ostream& stream, int fd, bool terminal)
      : stream_(stream), downstream_(stream.rdbuf()), fd_(fd), terminal_(terminal) {
    stream_.rdbuf(this);
  }
  ~Gate() override {
    drain(true);
    downstream_->pubsync();
    stream_.rdbuf(downstream_);
  }

  // The errno of the first write that failed, or 0.
  int error() const { return error_; }

 protected:
  // A failed write answers eof (overflow) or a short count (xsputn), so that
  // the stream sets badbit and later writes are not attempted.
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) pending_ += static_cast<char>(c);
    if ((pending_.size() >= kChunk || terminal_) && !drain(false)) return traits_type::eof();
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    pending_.append(s, static_cast<std::size_t>(n));
    if ((pending_.size() >= kChunk || terminal_) && !drain(false)) return 0;
    return n;
  }
  int sync() override {
    if (!drain(false)) return -1;
    errno = 0;
    if (downstream_->pubsync() != 0) return failed();
    return 0;
  }

 private:
  static constexpr std::size_t kChunk = 1 << 16;

  // Passes on what is pending: on a terminal made safe, anywhere else byte
  // for byte (a CSV, TEI or JSON document on a pipe or in a file is data
  // and must equal what -o writes). False when the write failed.
  bool drain(bool complete) {
    if (pending_.empty()) return error_ == 0;
    std::string_view out = pending_;
    std::size_t taken = pending_.size();
    if (terminal_) {
      safe_.clear();
      // Asked at every write: --color is parsed after the gate is installed.
      taken = make_safe(pending_, colour_allowed(fd_), complete, safe_);
      out = safe_;
    }
    errno = 0;
    const auto wrote = downstream_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
    pending_.erase(0, taken);
    if (wrote != static_cast<std::streamsize>(out.size())) return failed() == 0;
    return error_ == 0;
  }

  int failed() {
    if (error_ == 0) error_ = errno != 0 ? errno : EIO;
    return -1;
  }

  std::ostream& stream_;
  std::streambuf* downstream_;
  int fd_;
  bool terminal_;
  int error_ = 0;
  std::string pending_, safe_;
};

namespace {
ColourChoice g_colour_choice = ColourChoice::kAuto;
}  // namespace

void set_colour_choice(ColourChoice choice) { g_colour_choice = choice; }

bool colour_allowed(int fd) {
  if (g_colour_choice != ColourChoice::kAuto) return g_colour_choice == ColourChoice::kAlways;
  if (::isatty(fd) != 1) return false;
  if (std::getenv("NO_COLOR") != nullptr) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);
}

namespace {
TerminalGuard::Gate* g_standard_output = nullptr;
}  // namespace

TerminalGuard::TerminalGuard()
    : out_(std::make_unique<Gate>(std::cout, 1, ::isatty(1) == 1)),
      err_(std::make_unique<Gate>(std::cerr, 2, ::isatty(2) == 1)) {
  g_standard_output = out_.get();
}

TerminalGuard::~TerminalGuard() { g_standard_output = nullptr; }

void finish_standard_output() {
  std::cout.flush();
  int error = g_standard_output ? g_standard_output->error() : 0;
  if (error == 0 && !std::cout) error = EIO;
  // The C library's buffer last: what the gate passed on may still sit there.
  if (error == 0 && std::fflush(stdout) != 0) error = errno != 0 ? errno : EIO;
  if (error != 0) {
    std::cout.clear();
    throw InputError(std::string("cannot write to standard output: ") + std::strerror(error) +
                     "; what was written there is incomplete");
  }
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  make_safe(text, false, true, out);
  return out;
}

bool stdout_is_tty() { return ::isatty(1) == 1; }
bool stderr_is_tty() { return ::isatty(2) == 1; }

}  // namespace jiaozhu::cli
