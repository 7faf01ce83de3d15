// Files named by number, as a shell's glob hands them over (0, 1000, 10000,
// 2000 …) and as their numbers order them.
#include <algorithm>

#include "jiaozhu/import.h"

namespace jiaozhu {
namespace {

// Compares two names a run of digits at a time by the runs' values
// (poet.tang.2000 < poet.tang.10000; 001 = 1 is ordered after by its zeros).
bool numerically_before(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      std::size_t zi = i, zj = j;  // leading zeros do not count
      while (zi + 1 < ei && a[zi] == '0') ++zi;
      while (zj + 1 < ej && b[zj] == '0') ++zj;
      const std::string_view x(a.data() + zi, ei - zi), y(b.data() + zj, ej - zj);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

bool has_digit(const std::filesystem::path& p) {
  const std::string name = p.filename().string();
  return std::any_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::vector<std::filesystem::path> in_numeric_order(std::span<const std::filesystem::path> files) {
  std::vector<std::filesystem::path> out(files.begin(), files.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    const std::string a = x.filename().string(), b = y.filename().string();
    if (numerically_before(a, b)) return true;
    if (numerically_before(b, a)) return false;
    return x.string() < y.string();
  });
  return out;
}

std::optional<std::pair<std::filesystem::path, std::filesystem::path>> numeric_disorder(
    std::span<const std::filesystem::path> files) {
  if (std::count_if(files.begin(), files.end(), has_digit) < 2) return std::nullopt;
  for (std::size_t i = 1; i < files.size(); ++i) {
    const std::string a = files[i - 1].filename().string(), b = files[i].filename().string();
    if (numerically_before(b, a)) return std::pair{files[i - 1], files[i]};
  }
  return std::nullopt;
}

}  // namespace jiaozhu
