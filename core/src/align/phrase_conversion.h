// Differences a phrase converter makes: OpenCC's Taiwan and Hong Kong
// phrase tables (循環 → 迴圈, 信道 → 通道), generated at build time
// (core/gen/gen_conversion_phrases.cpp).
#pragma once

#include <cstdint>
#include <string_view>

namespace jiaozhu::detail {

// Whether [a_start, a_end) of text a and [b_start, b_end) of text b, the two
// sides of one difference whose surroundings read alike, lie inside a pair
// of phrases the table turns into each other at the same place (水平 / 水準
// where only 平 / 準 differ). Compared in search form, so a Simplified side
// matches too. Thread-safe.
bool phrase_converted(std::u32string_view a, uint32_t a_start, uint32_t a_end, std::u32string_view b, uint32_t b_start,
                      uint32_t b_end);

}  // namespace jiaozhu::detail
