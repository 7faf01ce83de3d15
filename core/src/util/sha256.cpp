#include "util/sha256.h"

#include <nettle/sha2.h>

#include <cstdint>

namespace jiaozhu::detail {

std::string to_hex(const unsigned char* bytes, std::size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

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

}  // namespace jiaozhu::detail
