// The rules for every text field jiaozhu stores, checked at each boundary
// where text enters it: a command-line argument or environment variable, a
// file read by import or import-notes, a row of a collaborator's copy read
// by merge. One table of rules, so that what one door refuses no other
// lets in: a value stored through any of them can be exported, merged and
// printed by every other.
//
// Every field must be valid UTF-8 in NFC without control characters; line
// breaks and tabs only where the field allows them (passage and note text, a
// person's note). Each field has a length limit in code points, and ids and
// times a fixed shape.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace jiaozhu {

// The longest passage accepted, in code points (and so the longest quote).
inline constexpr std::size_t kMaxPassageCodePoints = 1'000'000;

enum class Field {
  kPassageText,   // an edition's passage (import's limit)
  kPassageLabel,  // a passage's title, author or ref
  kNoteText,      // the body of a note revision
  kQuote,         // the quoted text a span note is anchored on, and its context
  kTag,           // a note tag
  kAuthor,        // who wrote a revision: "Name <mail>"
  kMotivation,    // a note's W3C motivation word
  kTimestamp,     // ISO 8601 in UTC or with an offset: 2026-12-03T14:53:39.123Z
  kUuid,          // a row's identity: a lower-case RFC 4122 uuid
  kWork,          // the name of a work
  kTitle,         // an edition's title
  kPersonName,    // a character's name or an alias
  kPersonNote,    // a note on a character or an alias
  kFileName,      // the name of an imported source file, as recorded
  kFoldForm,      // a fold rule's form or standard form (one character, checked apart)
  kSource,        // where a fold rule is attested: 漢語大字典
  kDecisionNote,  // why a scholar decided: a kind, a dating, a dismissal, a fold rule
  kDynasty,       // the dynasty an edition is dated to: 清
  kAliasKind,     // an alias's kind: temple, courtesy, error, free text
  kChoiceValue,   // a recorded choice's value: a variant kind's name, a CBDB id
  kReference,     // what names a record to look it up: an address, an id or its prefix, a name
  kUrlParameter,  // a parameter of a page's address in the reading room
  kPageImage,     // a page's image as stored: JSON of its file or URLs (facsimile.h)
};

// Whether `value` is a SHA-256 digest as jiaozhu stores them: 64 lower-case
// hex digits (content hashes, note target keys).
bool is_sha256_hex(std::string_view value);

// How the field is named in messages: "the note's text", "a tag".
std::string_view field_name(Field field);

// The most code points a value of the field may have.
std::size_t field_limit(Field field);

// Why `value` cannot be stored as `field`, as the end of a sentence that
// starts with the field's name ("is not valid UTF-8 at byte 3"), or nothing
// when it can. An empty value passes; whether a field may be empty is the
// caller's rule.
std::optional<std::string> field_fault(Field field, std::string_view value);

// True when `value` is a uuid in any case (8-4-4-4-12 hex digits).
bool is_uuid_any_case(std::string_view value);

// `value` with its hex digits in lower case: how jiaozhu stores uuids.
std::string lower_ascii(std::string_view value);

// What normalized_label changed in a label, as bits.
enum LabelFix : unsigned {
  kLabelTab = 1,        // a tab became a space
  kLabelLineBreak = 2,  // a CR or LF became a space
  kLabelSpaces = 4,     // a run of white space became one space, or white space at an end went
  kLabelNfc = 8,        // not in NFC: a compatibility ideograph (U+F92C) became its unified form (郎)
};

// A passage's label (title, author, ref, section heading, page, line) as
// every door stores it: each run of white space (tab, CR, LF, U+3000 …) one
// U+0020, except a single space or ideographic space, which stays; none at
// either end; NFC, as the text is (docs/import.md says why compatibility
// ideographs are not kept). `fixes` gains the LabelFix bits of what changed.
// Control characters other than white space are left in, for field_fault
// to refuse. `value` must be valid UTF-8.
std::string normalized_label(std::string_view value, unsigned& fixes);

// The bytes of a file the user names (--file, a table to import), read to
// the end but never past `limit` (a FIFO or /dev/zero has no end): throws
// InputError naming the file and `what` ("a passage's text") otherwise.
std::string read_named_file(const std::filesystem::path& path, std::uintmax_t limit, std::string_view what);

// For text typed by the user: `value` in NFC, when it is otherwise sound;
// throws UsageError "<where> <fault>", e.g. "--text is not valid UTF-8 at
// byte 0 (jiaozhu reads UTF-8; is the terminal set to GB18030?)".
std::string checked_argument(Field field, std::string_view value, std::string_view where);

}  // namespace jiaozhu
