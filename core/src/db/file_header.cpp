#include "db/file_header.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>

#include "jiaozhu/error.h"

namespace jiaozhu::detail {
namespace {

// Offsets in the 100-byte header, from https://www.sqlite.org/fileformat.html.
constexpr std::size_t kHeaderSize = 100;
constexpr std::size_t kPageSizeAt = 16;
constexpr std::size_t kChangeCounterAt = 24;
constexpr std::size_t kPageCountAt = 28;
constexpr std::size_t kValidForAt = 92;
constexpr std::size_t kUserVersionAt = 60;
constexpr char kSqliteMagic[] = "SQLite format 3";  // followed by a NUL

std::uint32_t big_endian(const unsigned char* p, std::size_t n) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v = (v << 8) | p[i];
  return v;
}

}  // namespace

void check_sqlite_header(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw DatabaseError(path.string() + ": cannot read: " + ec.message());
  if (size == 0) return;

  std::array<unsigned char, kHeaderSize> h{};
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(h.data()), h.size());
  if (static_cast<std::size_t>(in.gcount()) < kHeaderSize ||
      std::memcmp(h.data(), kSqliteMagic, sizeof kSqliteMagic) != 0) {
    throw DatabaseError(path.string() + " is not a SQLite database");
  }
  std::uint64_t page_size = big_endian(&h[kPageSizeAt], 2);
  if (page_size == 1) page_size = 65536;
  // The in-header page count is only valid when "version-valid-for" matches
  // the change counter (written by SQLite 3.7.0 and later).
  if (big_endian(&h[kValidForAt], 4) != big_endian(&h[kChangeCounterAt], 4)) return;
  const std::uint64_t pages = big_endian(&h[kPageCountAt], 4);
  if (size < pages * page_size) {
    throw DatabaseError(path.string() + " is truncated: its header says " +
                        std::to_string(pages * page_size) + " bytes, the file has " +
                        std::to_string(size));
  }
}

std::optional<SqliteHeaderFields> read_header_fields(const std::filesystem::path& path) {
  std::array<unsigned char, kHeaderSize> h{};
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(h.data()), h.size());
  if (static_cast<std::size_t>(in.gcount()) < kHeaderSize || std::memcmp(h.data(), kSqliteMagic, sizeof kSqliteMagic) != 0) {
    return std::nullopt;
  }
  const std::uint32_t page_size = big_endian(&h[kPageSizeAt], 2);
  return SqliteHeaderFields{page_size == 1 ? 65536 : page_size, static_cast<int>(big_endian(&h[kUserVersionAt], 4))};
}

}  // namespace jiaozhu::detail
