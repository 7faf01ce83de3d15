#include "util/sha256.h"

#include <nettle/sha2.h>

#include <cstdint>

#include <chrono>
#include <ctime>
#include <random>

namespace jiaozhu::detail {
namespace {

std::string to_hex(const std::uint8_t* bytes, std::size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

}  // namespace

Sha256::Sha256() : ctx_(std::make_unique<sha256_ctx>()) { sha256_init(ctx_.get()); }

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
  sha256_update(ctx_.get(), bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
}

std::string Sha256::hex() {
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(ctx_.get(), sizeof digest, digest);
  return to_hex(digest, sizeof digest);
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 h;
  h.update(bytes);
  return h.hex();
}

std::string uuid_from_name(std::string_view name) {
  std::string hex = sha256_hex(name).substr(0, 32);
  hex[12] = '8';                                                      // version 8
  hex[16] = "89ab"[std::stoi(hex.substr(16, 1), nullptr, 16) & 3];    // RFC variant
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20);
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
  const std::string hex = to_hex(bytes, 16);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace jiaozhu::detail
