// SHA-256 (GNU Nettle), for content identity: of editions' texts, source
// files and note revisions.
//
// Nettle rather than OpenSSL: libcrypto brings 21,000 relocations that the
// loader applies on every start (~4 ms of a 13 ms `jiaozhu --version`) for
// one hash function; Nettle's SHA-256 is as fast and costs 700.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

struct sha256_ctx;

namespace jiaozhu::detail {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view bytes);
  // The digest as 64 lowercase hex digits. Call once.
  std::string hex();

 private:
  std::unique_ptr<sha256_ctx> ctx_;
};

std::string sha256_hex(std::string_view bytes);

// `n` bytes as 2n lowercase hex digits.
std::string to_hex(const unsigned char* bytes, std::size_t n);

}  // namespace jiaozhu::detail
