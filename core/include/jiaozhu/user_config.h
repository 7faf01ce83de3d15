// The per-user settings file, outside any database: who the user is.
// It lives at $JIAOZHU_CONFIG, else $XDG_CONFIG_HOME/jiaozhu/config.json,
// else ~/.config/jiaozhu/config.json, as one JSON object.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace jiaozhu {

std::filesystem::path user_config_path();

// The value of `key`, when set. Throws UsageError for a key jiaozhu does not
// know and InputError, naming the file, when it is not a JSON object.
std::optional<std::string> read_user_setting(const std::string& key);
// Sets `key` (written to a temporary file, then renamed over the old one,
// so that a reader never sees half a file). Throws UsageError for an
// unknown key or a value that is not UTF-8, and InputError naming the file
// when the existing one is not a JSON object or it cannot be written.
void write_user_setting(const std::string& key, const std::string& value);

// The author of a change: `given` (--author), else $JIAOZHU_AUTHOR, else the
// setting "author"; empty when there is none.
std::string resolve_author(const std::string& given);

}  // namespace jiaozhu
