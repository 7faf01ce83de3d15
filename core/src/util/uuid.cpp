#include "util/uuid.h"

#include <nettle/sha2.h>

#include <cstdint>
#include <random>

namespace jiaozhu::detail {
namespace {

// 16 bytes as a uuid's 36 characters: 8-4-4-4-12 lower-case hex digits.
std::string formatted(const unsigned char* bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(36);
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

}  // namespace

std::string uuid_from_name(std::string_view name) {
  // On the stack and formatted once: merge and the apparatus derive
  // hundreds of thousands of these.
  sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, name.size(), reinterpret_cast<const std::uint8_t*>(name.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, sizeof digest, digest);
  digest[6] = static_cast<std::uint8_t>((digest[6] & 0x0F) | 0x80);  // version 8
  digest[8] = static_cast<std::uint8_t>((digest[8] & 0x3F) | 0x80);  // RFC 9562 variant
  return formatted(digest);
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
  return formatted(bytes);
}

}  // namespace jiaozhu::detail
