// The one gate between jiaozhu and the terminal. Everything written to
// std::cout and std::cerr passes through it, so that text from a received
// database or file (a note, an author, an id, a table name in a message)
// can never drive the terminal: set its title, clear it, move the cursor or
// reverse the direction of the text that follows. A stream that is not a
// terminal (a file, a pipe) gets the bytes as written: a CSV, TEI or JSON
// document sent there is data, and equals what `-o FILE` writes.
//
// Escaped, as \x1b or \u202e: C0 controls but tab and line feed, DEL, C1
// controls, the bidi embeddings, overrides and isolates (U+202A-202E,
// U+2066-2069), and bytes that are not UTF-8. In JSON output nlohmann has
// already escaped every control character, and \u202e is the JSON escape of
// the same character, so a JSON document keeps its meaning.
//
// The one exception: where colour is allowed (see colour_allowed), a Select
// Graphic Rendition sequence (ESC [ digits and semicolons m) passes, so that
// search and parallel can mark text in bold. SGR only changes how text
// looks; stored text is made printable() before it is marked anyway.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace jiaozhu::cli {

// --color: auto (the default) colours a terminal unless NO_COLOR (any
// value) or TERM=dumb asks for plain output; always and never override.
enum class ColourChoice { kAuto, kAlways, kNever };
void set_colour_choice(ColourChoice choice);

// Whether SGR sequences written to `fd` reach it, under the choice above.
bool colour_allowed(int fd);

// True when stdout / stderr is a terminal.
bool stdout_is_tty();
bool stderr_is_tty();

// `text` as the terminal gate shows it: control and bidi characters and
// bytes that are not UTF-8 escaped as \x1b or \u202e. For text that is
// measured or marked before it is printed.
std::string printable(std::string_view text);

// Installs the gate on std::cout and std::cerr until destroyed, when it
// flushes what it holds and restores the streams. Create one, first thing
// in main.
class TerminalGuard {
 public:
  TerminalGuard();
  ~TerminalGuard();
  TerminalGuard(const TerminalGuard&) = delete;
  TerminalGuard& operator=(const TerminalGuard&) = delete;

  class Gate;

 private:
  std::unique_ptr<Gate> out_, err_;
};

// Flushes standard output down to the file descriptor. Throws InputError
// naming the cause when any write to it failed (a full disk, /dev/full, a
// closed pipe): a command whose output is incomplete must not exit 0.
void finish_standard_output();

}  // namespace jiaozhu::cli
