#include "jiaozhu/user_config.h"
#include "jiaozhu/image_folders.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "jiaozhu/atomic_file.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/unicode.h"

namespace jiaozhu {
namespace {

constexpr const char* kKeys[] = {"author"};
// Not a setting `config` sets: an object of edition uuid -> folder.
constexpr const char* kImageFolders = "image_folders";

void check_key(const std::string& key) {
  for (const char* k : kKeys) {
    if (key == k) return;
  }
  throw UsageError("unknown setting '" + key + "' (known: author)");
}

nlohmann::json read_all() {
  const auto path = user_config_path();
  std::ifstream in(path, std::ios::binary);
  if (!in) return nlohmann::json::object();
  std::stringstream bytes;
  bytes << in.rdbuf();
  const auto doc = nlohmann::json::parse(bytes.str(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    throw InputError(path.string() + " is not a JSON object; fix or remove it");
  }
  return doc;
}

void write_all(const nlohmann::json& doc) {
  const auto path = user_config_path();
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  AtomicFile(path).write_and_commit(doc.dump(2) + '\n');
}

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

}  // namespace

std::filesystem::path user_config_path() {
  if (const char* p = env("JIAOZHU_CONFIG")) return p;
  if (const char* xdg = env("XDG_CONFIG_HOME")) return std::filesystem::path(xdg) / "jiaozhu" / "config.json";
  const char* home = env("HOME");
  return std::filesystem::path(home ? home : ".") / ".config" / "jiaozhu" / "config.json";
}

std::optional<std::string> read_user_setting(const std::string& key) {
  check_key(key);
  const auto doc = read_all();
  const auto it = doc.find(key);
  if (it == doc.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

void write_user_setting(const std::string& key, const std::string& value) {
  check_key(key);
  if (first_invalid_utf8(value)) throw UsageError("the value is not valid UTF-8");
  if (key == "author") checked_argument(Field::kAuthor, value, "the author");
  auto doc = read_all();
  doc[key] = value;
  write_all(doc);
}

std::optional<std::filesystem::path> read_image_folder(const std::string& edition_uuid) {
  const auto doc = read_all();
  const auto folders = doc.find(kImageFolders);
  if (folders == doc.end() || !folders->is_object()) return std::nullopt;
  const auto it = folders->find(edition_uuid);
  if (it == folders->end() || !it->is_string() || it->get<std::string>().empty()) return std::nullopt;
  return std::filesystem::path(it->get<std::string>());
}

void write_image_folder(const std::string& edition_uuid, const std::filesystem::path& folder) {
  auto doc = read_all();
  nlohmann::json& folders = doc[kImageFolders];
  if (!folders.is_object()) folders = nlohmann::json::object();
  folders[edition_uuid] = folder.string();
  write_all(doc);
}

std::string resolve_author(const std::string& given) {
  if (!given.empty()) return checked_argument(Field::kAuthor, given, "--author");
  if (const char* a = env("JIAOZHU_AUTHOR")) return checked_argument(Field::kAuthor, a, "$JIAOZHU_AUTHOR");
  const auto stored = read_user_setting("author");
  if (!stored) return {};
  if (auto fault = field_fault(Field::kAuthor, *stored)) {
    throw InputError(user_config_path().string() + ": the author " + *fault + "; set it again with `jiaozhu config author`");
  }
  return *stored;
}

}  // namespace jiaozhu
