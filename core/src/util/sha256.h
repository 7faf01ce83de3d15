// SHA-256 (OpenSSL), for content identity.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st;

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
  struct Free {
    void operator()(evp_md_ctx_st* ctx) const;
  };
  std::unique_ptr<evp_md_ctx_st, Free> ctx_;
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
