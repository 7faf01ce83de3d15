// A folder of page scans: its image files in natural order, and the file a
// page's label names, by a pattern or by the number in the file's name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace jiaozhu::detail {

// The file `name` of `folder` with every symlink resolved, when it is a
// regular file that lies inside the folder: a scans folder or a source's
// facs="sub/etc/passwd" (sub -> /) reaches nothing outside it.
std::optional<std::filesystem::path> file_inside(const std::filesystem::path& folder, const std::filesystem::path& name);

// The image files (jpg, jpeg, png, gif, webp, tif, tiff, jp2, any case)
// directly in `folder`, by name in natural order (p2 before p10). Throws
// InputError naming the folder when it cannot be read.
std::vector<std::string> image_files(const std::filesystem::path& folder);

// The file name `pattern` gives for `page`: {n} the label, {n:K} its number
// zero-padded to K digits. Throws UsageError for a pattern without {n}, or
// one that would leave the folder.
std::string name_from_pattern(const std::string& pattern, const std::string& page);

// The last run of digits in `s`, without leading zeros ("0" for zeros
// alone); empty when `s` holds no digit.
std::string last_number(const std::string& s);

// Which of `names` has the last number of `page` (p. 12, 第12頁, scan_012
// for page 12): its index, or nothing when none or several do.
std::optional<std::size_t> only_by_number(const std::vector<std::string>& names, const std::string& page);

// The file among `files` whose name's last number equals the last number in
// `page` (page 12 → scan_012.jpg); nothing when none or several do.
std::optional<std::string> file_by_number(const std::vector<std::string>& files, const std::string& page);

// The pixel size of a PNG, GIF or JPEG file, read from its header; nothing
// for another format or a file that cannot be read or is cut short.
struct PixelSize {
  int64_t width = 0, height = 0;
};
std::optional<PixelSize> image_size(const std::filesystem::path& file);

}  // namespace jiaozhu::detail
