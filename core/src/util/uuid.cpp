#include "util/uuid.h"

#include <random>

#include "util/sha256.h"

namespace jiaozhu::detail {
namespace {

std::string dashed(const std::string& hex) {
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20, 12);
}

}  // namespace

std::string uuid_from_name(std::string_view name) {
  std::string hex = sha256_hex(name).substr(0, 32);
  hex[12] = '8';                                                    // version 8
  hex[16] = "89ab"[std::stoi(hex.substr(16, 1), nullptr, 16) & 3];  // RFC variant
  return dashed(hex);
}

std::string random_uuid() {
  static thread_local std::random_device device;
  unsigned char bytes[16];
  for (int i = 0; i < 16; i += 4) {
    const auto r = device();
    for (int k = 0; k < 4; ++k) bytes[i + k] = static_cast<unsigned char>(r >> (8 * k));
  }
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0F) | 0x40);  // version 4
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3F) | 0x80);  // RFC variant
  return dashed(to_hex(bytes, sizeof bytes));
}

}  // namespace jiaozhu::detail
