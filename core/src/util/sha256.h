// SHA-256 (GNU Nettle), for content identity, and the uuids and clock that
// rows are stamped with.
//
// Nettle rather than OpenSSL: libcrypto brings 21,000 relocations that the
// loader applies on every start (~4 ms of a 13 ms `jiaozhu --version`) for
// one hash function; Nettle's SHA-256 is as fast and costs 700.
#pragma once

#include <array>
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

// A UUID (RFC 9562 version 8, name-based) derived from `name`: the same name
// gives the same UUID on every machine.
std::string uuid_from_name(std::string_view name);

// A random UUID (RFC 9562 version 4), for rows created by a person, which
// are distinct even when they look alike.
std::string random_uuid();

// The current UTC time as 2026-12-02T15:18:20Z.
std::string utc_now();

}  // namespace jiaozhu::detail
