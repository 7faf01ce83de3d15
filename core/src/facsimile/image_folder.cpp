#include "facsimile/image_folder.h"

#include <algorithm>
#include <cstring>
#include <fstream>

#include "jiaozhu/error.h"

namespace jiaozhu::detail {
namespace {

bool is_image_name(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* known : {".jpg", ".jpeg", ".png", ".gif", ".webp", ".tif", ".tiff", ".jp2"}) {
    if (ext == known) return true;
  }
  return false;
}

bool digit(char c) { return c >= '0' && c <= '9'; }

// p2.jpg before p10.jpg: runs of digits compare by value.
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && digit(a[ie])) ++ie;
      while (je < b.size() && digit(b[je])) ++je;
      const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
      const std::string xs = x.substr(std::min(x.find_first_not_of('0'), x.size()));
      const std::string ys = y.substr(std::min(y.find_first_not_of('0'), y.size()));
      if (xs.size() != ys.size()) return xs.size() < ys.size();
      if (xs != ys) return xs < ys;
      i = ie, j = je;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

uint32_t big_endian(const unsigned char* p, int bytes) {
  uint32_t v = 0;
  for (int i = 0; i < bytes; ++i) v = v << 8 | p[i];
  return v;
}

// A JPEG's size is in its first start-of-frame segment (SOF0–SOF15 but the
// DHT, JPG and DAC markers C4, C8, CC), after any number of other segments.
std::optional<PixelSize> jpeg_size(std::istream& in) {
  unsigned char head[9];
  while (in.read(reinterpret_cast<char*>(head), 4)) {
    if (head[0] != 0xFF) return std::nullopt;
    const unsigned marker = head[1];
    const uint32_t length = big_endian(head + 2, 2);
    if (length < 2) return std::nullopt;
    if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
      if (!in.read(reinterpret_cast<char*>(head), 5)) return std::nullopt;
      return PixelSize{big_endian(head + 3, 2), big_endian(head + 1, 2)};
    }
    in.seekg(length - 2, std::ios::cur);
  }
  return std::nullopt;
}

}  // namespace

std::optional<PixelSize> image_size(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  unsigned char h[24] = {};
  if (!in.read(reinterpret_cast<char*>(h), 2)) return std::nullopt;
  if (h[0] == 0xFF && h[1] == 0xD8) return jpeg_size(in);
  in.read(reinterpret_cast<char*>(h + 2), 22);
  const std::streamsize got = 2 + in.gcount();
  if (got >= 24 && std::memcmp(h, "\x89PNG\r\n\x1a\n", 8) == 0 && std::memcmp(h + 12, "IHDR", 4) == 0) {
    return PixelSize{big_endian(h + 16, 4), big_endian(h + 20, 4)};
  }
  if (got >= 10 && std::memcmp(h, "GIF8", 4) == 0) return PixelSize{h[6] | h[7] << 8, h[8] | h[9] << 8};
  return std::nullopt;
}

namespace {

// file_inside, the folder already resolved (`root`, canonical).
std::optional<std::filesystem::path> inside_root(const std::filesystem::path& root, const std::filesystem::path& name) {
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::canonical(root / name, ec);
  if (ec || !std::filesystem::is_regular_file(real, ec)) return std::nullopt;
  // Inside: the folder's path is a whole-component prefix of the file's.
  auto r = root.begin();
  for (auto f = real.begin(); r != root.end(); ++r, ++f) {
    if (f == real.end() || *f != *r) return std::nullopt;
  }
  return real;
}

}  // namespace

std::optional<std::filesystem::path> file_inside(const std::filesystem::path& folder, const std::filesystem::path& name) {
  std::error_code ec;
  const std::filesystem::path root = std::filesystem::canonical(folder, ec);
  if (ec) return std::nullopt;
  return inside_root(root, name);
}

std::vector<std::string> image_files(const std::filesystem::path& folder) {
  std::error_code ec;
  std::filesystem::directory_iterator it(folder, ec);
  if (ec) throw InputError(folder.string() + ": cannot read the folder (" + ec.message() + ")");
  const std::filesystem::path root = std::filesystem::canonical(folder, ec);
  if (ec) throw InputError(folder.string() + ": cannot read the folder (" + ec.message() + ")");
  std::vector<std::string> out;
  for (const auto& entry : it) {
    if (!is_image_name(entry.path()) || !inside_root(root, entry.path().filename())) continue;
    out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end(), natural_less);
  return out;
}

std::string name_from_pattern(const std::string& pattern, const std::string& page) {
  const std::size_t at = pattern.find("{n");
  const std::size_t close = at == std::string::npos ? at : pattern.find('}', at);
  if (close == std::string::npos) throw UsageError("--pattern '" + pattern + "' has no {n} for the page");
  std::string value = page;
  if (pattern[at + 2] == ':') {
    const std::string width = pattern.substr(at + 3, close - at - 3);
    if (width.empty() || width.size() > 2 || !std::all_of(width.begin(), width.end(), digit)) {
      throw UsageError("--pattern '" + pattern + "': {n:K} needs a width K of 1 to 99");
    }
    const std::size_t k = static_cast<std::size_t>(std::stoi(width));
    if (value.size() < k) value.insert(0, k - value.size(), '0');
  } else if (close != at + 2) {
    throw UsageError("--pattern '" + pattern + "': write {n} or {n:K}");
  }
  std::string name = pattern.substr(0, at) + value + pattern.substr(close + 1);
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "." || name == "..") {
    throw UsageError("--pattern '" + pattern + "' names a file outside the folder for page " + page);
  }
  return name;
}

std::string last_number(const std::string& s) {
  std::size_t end = s.size();
  while (end > 0 && !digit(s[end - 1])) --end;
  std::size_t begin = end;
  while (begin > 0 && digit(s[begin - 1])) --begin;
  std::string n = s.substr(begin, end - begin);
  n.erase(0, std::min(n.find_first_not_of('0'), n.size() - (n.empty() ? 0 : 1)));
  return n;
}

std::optional<std::size_t> only_by_number(const std::vector<std::string>& names, const std::string& page) {
  const std::string wanted = last_number(page);
  if (wanted.empty()) return std::nullopt;
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (last_number(names[i]) != wanted) continue;
    if (found) return std::nullopt;  // two claim the page: the scholar says which (--pattern, --match order)
    found = i;
  }
  return found;
}

std::optional<std::string> file_by_number(const std::vector<std::string>& files, const std::string& page) {
  std::vector<std::string> stems;
  for (const std::string& f : files) stems.push_back(std::filesystem::path(f).stem().string());
  const std::optional<std::size_t> i = only_by_number(stems, page);
  return i ? std::optional(files[*i]) : std::nullopt;
}

}  // namespace jiaozhu::detail
