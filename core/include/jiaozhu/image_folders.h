// Where this machine keeps each edition's page images (facsimile.h): a
// machine's own setting in the user's configuration file (user_config.h),
// never in a database, so that a copy received from a collaborator finds
// its scans where this machine has them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace jiaozhu {

// The folder of edition `edition_uuid`'s page images on this machine, when
// set. Throws InputError naming the configuration file when it is not a
// JSON object, or (write) cannot be written.
std::optional<std::filesystem::path> read_image_folder(const std::string& edition_uuid);
void write_image_folder(const std::string& edition_uuid, const std::filesystem::path& folder);

}  // namespace jiaozhu
