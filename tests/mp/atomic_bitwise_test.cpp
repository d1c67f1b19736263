// Bitwise remote atomics: every thread flips, clears and sets its own bit of one word on thread 0
// (thread 0's own calls take the local path), under contention.
#include <gtest/gtest.h>

#include <cstdint>
#include <pgas/upc.hpp>

using namespace pgas;

TEST(AtomicBitwise, EveryThreadsBitLandsExactlyOnce) {
  shared_array<std::uint64_t> word(1, pgas::indefinite);
  const std::uint64_t mine = std::uint64_t{1} << MYTHREAD,
                      all = (THREADS == 64 ? ~0ull : (1ull << THREADS) - 1);
  global_ptr<std::uint64_t> target = &word[0];
  for (int round = 0; round < 1000; ++round) {  // an even number of flips leaves every bit as it was
    atomic_fetch_xor(target, mine);
  }
  upc_barrier;
  EXPECT_EQ(atomic_load(target), 0u);
  upc_barrier;
  std::uint64_t before = atomic_fetch_or(target, mine);
  EXPECT_EQ(before & mine, 0u);
  upc_barrier;
  EXPECT_EQ(atomic_load(target), all);
  upc_barrier;
  before = atomic_fetch_and(target, ~mine);
  EXPECT_NE(before & mine, 0u);
  upc_barrier;
  EXPECT_EQ(atomic_load(target), 0u);
  upc_barrier;
  std::uint64_t flipped = atomic_fetch_xor(target, mine);
  EXPECT_EQ(flipped & mine, 0u);
  upc_barrier;
  EXPECT_EQ(static_cast<std::uint64_t>(word[0]), all);
  upc_barrier;
}
