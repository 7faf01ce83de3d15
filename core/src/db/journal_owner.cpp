#include "db/journal_owner.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "db/file_header.h"
#include "jiaozhu/atomic_file.h"
#include "jiaozhu/error.h"

namespace jiaozhu::detail {
namespace {

// SQLite's journal format (https://www.sqlite.org/fileformat.html, 4.4): a
// header of one sector, then records of page number, page, checksum.
constexpr std::array<unsigned char, 8> kJournalMagic{0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7};
constexpr std::string_view kMark = "jz-journal:";
constexpr std::size_t kMarkValue = 8;  // hex digits of the nonce
constexpr const char* kPending = "jz-journal:--------";

uint32_t be32(const unsigned char* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

std::string hex8(uint32_t v) {
  char out[9];
  std::snprintf(out, sizeof out, "%08x", v);
  return out;
}

std::string journal_of(const std::filesystem::path& path) { return path.string() + "-journal"; }

// The value of the mark in `bytes`, if it holds one.
std::optional<std::string> mark_in(std::string_view bytes) {
  const std::size_t at = bytes.find(kMark);
  if (at == std::string_view::npos || at + kMark.size() + kMarkValue > bytes.size()) return std::nullopt;
  return std::string(bytes.substr(at + kMark.size(), kMarkValue));
}

struct Journal {
  uint32_t nonce = 0;      // of the first header: the one the writer recorded
  uint32_t page_size = 0;
  std::optional<uint32_t> marked_page;  // the record holding the setting row
  std::string saved;                    // the mark as that record saved it
  bool plays = false;                   // SQLite would play some record back
};

// Reads the journal's headers and records as SQLite would play them, or
// nothing when it is no journal SQLite plays (bad magic, sizes out of range).
std::optional<Journal> read_journal(const std::string& name) {
  std::ifstream in(name, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(0, std::ios::end);
  const auto size = static_cast<uint64_t>(in.tellg());
  Journal j;
  uint64_t offset = 0;
  uint32_t sector = 0;
  std::vector<char> page;
  for (bool first = true; offset + 28 <= size; first = false) {
    std::array<unsigned char, 28> h{};
    in.seekg(static_cast<std::streamoff>(offset));
    if (!in.read(reinterpret_cast<char*>(h.data()), h.size())) break;
    if (!std::equal(kJournalMagic.begin(), kJournalMagic.end(), h.begin())) break;
    uint32_t records = be32(&h[8]);
    if (first) {
      j.nonce = be32(&h[12]);
      sector = be32(&h[20]);
      j.page_size = be32(&h[24]);
      if (sector < 512 || sector > 65536 || (sector & (sector - 1)) || j.page_size < 512 || j.page_size > 65536 ||
          (j.page_size & (j.page_size - 1))) {
        return std::nullopt;
      }
      page.resize(j.page_size);
    }
    const uint64_t record = 8ull + j.page_size;
    offset += sector;
    if (records == 0xffffffffu) records = static_cast<uint32_t>((size - offset) / record);
    for (uint32_t r = 0; r < records && offset + record <= size; ++r, offset += record) {
      unsigned char number[4];
      in.seekg(static_cast<std::streamoff>(offset));
      if (!in.read(reinterpret_cast<char*>(number), 4) || !in.read(page.data(), j.page_size)) break;
      j.plays = true;
      if (j.marked_page) continue;
      if (auto mark = mark_in({page.data(), page.size()})) {
        j.marked_page = be32(number);
        j.saved = *mark;
      }
    }
    offset = (offset + sector - 1) / sector * sector;  // the next header starts a sector
  }
  return j;
}

// The mark in page `number` of the database file, or anywhere in it when
// `number` is none.
std::optional<std::string> mark_in_file(const std::filesystem::path& path, uint32_t page_size,
                                        std::optional<uint32_t> number) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<char> buffer(page_size + kMark.size() + kMarkValue);
  if (number) {
    in.seekg(static_cast<std::streamoff>(uint64_t{*number - 1} * page_size));
    in.read(buffer.data(), page_size);
    return mark_in({buffer.data(), static_cast<std::size_t>(in.gcount())});
  }
  // Pages overlap by the mark's length, so that none is cut at a boundary.
  const std::size_t overlap = kMark.size() + kMarkValue;
  std::size_t kept = 0;
  while (in.read(buffer.data() + kept, static_cast<std::streamsize>(buffer.size() - kept)) || in.gcount() > 0) {
    const std::size_t have = kept + static_cast<std::size_t>(in.gcount());
    if (auto mark = mark_in({buffer.data(), have})) return mark;
    kept = std::min(overlap, have);
    std::copy(buffer.begin() + static_cast<long>(have - kept), buffer.begin() + static_cast<long>(have), buffer.begin());
  }
  return std::nullopt;
}

// Sets the journal aside under a name SQLite never reads, and says so: the
// next command opens the file as it is, and the journal is kept for whoever
// it belongs to.
[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& why) {
  const std::string journal = journal_of(path);
  std::string where;
  try {
    where = "it is now " + set_aside(journal, ".from-another-copy").string() + ", kept for whoever's copy it is";
  } catch (const DatabaseError& e) {
    where = "move it out of the way (" + std::string(e.what()) + ")";
  }
  throw DatabaseError(journal + " is not " + path.filename().string() + "'s own rollback journal (" + why +
                      "): it came from another copy, committed to git or synced beside this file, and SQLite would "
                      "have put that copy's pages into this one. Nothing was read or changed; " + where +
                      ". Run the command again");
}

}  // namespace

void stamp_journal(SQLite::Database& db, const std::filesystem::path& path) {
  if (!db.tableExists("setting")) return;
  SQLite::Statement pending(db, "INSERT INTO setting (key, value) VALUES ('journal', ?) "
                                "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  pending.bind(1, kPending);
  pending.exec();  // the row's page is journaled now, after the journal's header
  std::ifstream in(journal_of(path), std::ios::binary);
  std::array<unsigned char, 16> header{};
  if (!in.read(reinterpret_cast<char*>(header.data()), header.size())) return;  // WAL, or in memory
  // Until the journal is synced its magic is zeros (SQLite writes it then):
  // the nonce after it is there from the start and stays.
  const bool unsynced = std::all_of(header.begin(), header.begin() + 8, [](unsigned char c) { return c == 0; });
  if (!unsynced && !std::equal(kJournalMagic.begin(), kJournalMagic.end(), header.begin())) return;
  SQLite::Statement mark(db, "UPDATE setting SET value = ? WHERE key = 'journal'");
  mark.bind(1, std::string(kMark) + hex8(be32(&header[12])));
  mark.exec();
}

void check_journal_owner(const std::filesystem::path& path) {
  const std::optional<Journal> j = read_journal(journal_of(path));
  if (!j || !j->plays) return;
  const auto header = read_header_fields(path);
  const uint32_t own_page_size = header ? header->page_size : 0;
  if (own_page_size != 0 && own_page_size != j->page_size) {
    refuse(path, "its pages are of " + std::to_string(j->page_size) + " bytes, this file's of " +
                     std::to_string(own_page_size));
  }
  if (!j->marked_page) {
    if (mark_in_file(path, j->page_size, std::nullopt)) refuse(path, "it does not hold the page every write of this file changes");
    return;  // a file no jiaozhu of this kind wrote: nothing tells
  }
  const std::optional<std::string> here = mark_in_file(path, j->page_size, j->marked_page);
  if (here == hex8(j->nonce) || here == j->saved) return;
  refuse(path, "it was written after another write than this file's last");
}

}  // namespace jiaozhu::detail
