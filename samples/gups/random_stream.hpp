// The HPC Challenge RandomAccess random stream: a 64-bit LFSR over GF(2) with the primitive polynomial
// x^63 + x^2 + x + 1, and HPCC_starts(n), its n-th value from 1 in O(log n) steps, so that every thread can
// start at its own share of one global stream.
#pragma once

#include <cstdint>

namespace gups {

inline constexpr std::uint64_t kPoly = 7;
inline constexpr std::int64_t kPeriod = 1317624576693539401LL;

inline std::uint64_t next_random(std::uint64_t ran) {
  return (ran << 1) ^ (static_cast<std::int64_t>(ran) < 0 ? kPoly : 0);
}

// HPCC_starts: next_random applied n times to 1. Doubling ran is a GF(2)-linear map; m2[j] is the image of
// bit j squared (x^(2j)), so each step squares ran and, if the bit of n is set, multiplies it by x.
inline std::uint64_t starts(std::int64_t n) {
  while (n < 0) n += kPeriod;
  while (n > kPeriod) n -= kPeriod;
  if (n == 0) return 1;
  std::uint64_t m2[64];
  std::uint64_t temp = 1;
  for (auto &m : m2) {
    m = temp;
    temp = next_random(next_random(temp));
  }
  int i = 62;
  while (i >= 0 && ((n >> i) & 1) == 0) --i;
  std::uint64_t ran = 2;
  while (i > 0) {
    temp = 0;
    for (int j = 0; j < 64; ++j)
      if ((ran >> j) & 1) temp ^= m2[j];
    ran = temp;
    --i;
    if ((n >> i) & 1) ran = next_random(ran);
  }
  return ran;
}

}  // namespace gups
