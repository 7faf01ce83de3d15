#include "util/clock.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace jiaozhu::detail {
namespace {

std::string utc_time(bool milliseconds) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
  if (!milliseconds) return std::string(date) + "Z";
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  char out[48];
  std::snprintf(out, sizeof out, "%s.%03dZ", date, static_cast<int>(ms));
  return out;
}

}  // namespace

std::string utc_now() { return utc_time(false); }

std::string utc_now_ms() { return utc_time(true); }

}  // namespace jiaozhu::detail
