// Division by a divisor fixed at run time (THREADS, a blocking factor) without a divide instruction: a
// multiplication by a precomputed inverse, exact for every numerator below 2^32 (Lemire, Kaser and Kurz,
// "Faster remainder by direct computation", 2019); larger numerators fall back to the divide instruction.
#pragma once

#include <cstdint>

namespace pgas::detail {

__extension__ typedef unsigned __int128 uint128_t;  // GCC and Clang; __extension__ keeps -Wpedantic quiet

class fast_divisor {
 public:
  struct result {
    std::uint64_t quotient, remainder;
  };

  fast_divisor() = default;
  explicit fast_divisor(std::uint64_t d)
      : d_(d), inverse_(d > 1 && d <= 0xffffffffu ? ~std::uint64_t{0} / d + 1 : 0) {}

  std::uint64_t divisor() const { return d_; }

  result divide(std::uint64_t n) const {
    if (inverse_ != 0 && (n >> 32) == 0) {
      auto q = static_cast<std::uint64_t>((static_cast<uint128_t>(inverse_) * n) >> 64);
      return {q, n - q * d_};
    }
    if (d_ == 1) return {n, 0};
    return {n / d_, n % d_};
  }
  std::uint64_t quotient(std::uint64_t n) const { return divide(n).quotient; }
  std::uint64_t remainder(std::uint64_t n) const { return divide(n).remainder; }

 private:
  std::uint64_t d_ = 1;
  std::uint64_t inverse_ = 0;  // ceil(2^64 / d), or 0 when the fast path does not apply
};

}  // namespace pgas::detail
