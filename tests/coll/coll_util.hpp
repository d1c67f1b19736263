// Helpers of the UPC 1.2 collective tests: the nine sync modes, a random generator every thread draws the
// same numbers from (the collectives' arguments are single-valued), and a skew that makes threads enter
// a collective at different times.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <random>
#include <string>
#include <thread>

namespace coll_test {

struct Mode {
  upc_flag_t flags;
  const char *name;
  bool in_my, in_no, out_my, out_no;
};

inline const Mode kModes[] = {
    {UPC_IN_NOSYNC | UPC_OUT_NOSYNC, "IN_NOSYNC|OUT_NOSYNC", false, true, false, true},
    {UPC_IN_NOSYNC | UPC_OUT_MYSYNC, "IN_NOSYNC|OUT_MYSYNC", false, true, true, false},
    {UPC_IN_NOSYNC | UPC_OUT_ALLSYNC, "IN_NOSYNC|OUT_ALLSYNC", false, true, false, false},
    {UPC_IN_MYSYNC | UPC_OUT_NOSYNC, "IN_MYSYNC|OUT_NOSYNC", true, false, false, true},
    {UPC_IN_MYSYNC | UPC_OUT_MYSYNC, "IN_MYSYNC|OUT_MYSYNC", true, false, true, false},
    {UPC_IN_MYSYNC | UPC_OUT_ALLSYNC, "IN_MYSYNC|OUT_ALLSYNC", true, false, false, false},
    {UPC_IN_ALLSYNC | UPC_OUT_NOSYNC, "IN_ALLSYNC|OUT_NOSYNC", false, false, false, true},
    {UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, "IN_ALLSYNC|OUT_MYSYNC", false, false, true, false},
    {0, "0 (IN_ALLSYNC|OUT_ALLSYNC)", false, false, false, false},
};

// The seed of the run: $PGAS_COLL_TEST_SEED, or a fixed default (printed on failure by the tests).
inline std::uint32_t seed() {
  const char *text = std::getenv("PGAS_COLL_TEST_SEED");
  return text ? static_cast<std::uint32_t>(std::strtoul(text, nullptr, 10)) : 20040701u;
}

// Draws the same numbers on every thread.
class Same {
 public:
  explicit Same(std::uint32_t salt) : gen_(seed() * 2654435761u + salt) {}
  std::size_t below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(gen_); }
  std::size_t between(std::size_t lo, std::size_t hi) { return lo + below(hi - lo + 1); }

 private:
  std::mt19937 gen_;
};

// Thread `t` sleeps for a while that differs per thread and round, so that threads enter out of order.
inline void skew(std::size_t round) {
  const auto t = static_cast<std::size_t>(MYTHREAD);
  const std::size_t us = ((t * 7 + round * 3) % 5) * 150;
  if (us > 0) std::this_thread::sleep_for(std::chrono::microseconds(us));
}

}  // namespace coll_test
