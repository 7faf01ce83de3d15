#include "util/sha256.h"

#include <openssl/evp.h>

#include <chrono>
#include <ctime>
#include <random>
#include <stdexcept>

namespace jiaozhu::detail {
namespace {

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

// The SHA-256 implementation, fetched once: OpenSSL 3 looks it up again,
// under a lock, on every EVP_sha256() init, which was a third of deriving a
// variant uuid.
const EVP_MD* sha256_md() {
  static const EVP_MD* md = [] {
    const EVP_MD* fetched = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    return fetched ? fetched : EVP_sha256();
  }();
  return md;
}

}  // namespace

void Sha256::Free::operator()(evp_md_ctx_st* ctx) const { EVP_MD_CTX_free(ctx); }

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), sha256_md(), nullptr) != 1) {
    throw std::runtime_error("OpenSSL cannot compute SHA-256");
  }
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) { EVP_DigestUpdate(ctx_.get(), bytes.data(), bytes.size()); }

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  EVP_DigestFinal_ex(ctx_.get(), digest, &n);
  return to_hex(digest, n);
}

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &n, sha256_md(), nullptr) != 1) {
    throw std::runtime_error("OpenSSL cannot compute SHA-256");
  }
  return to_hex(digest, n);
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
