// Shared elements where C code expects values and pointers: `A + MYTHREAD` on a shared array is a
// pointer-to-shared (array-to-pointer decay), and a shared array of pointers-to-shared is indexed twice
// (C[i][j]) and passed to upc_memget and upc_memput without a cast.
#include <gtest/gtest.h>

#include <cstddef>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

TEST(ArrayDecay, ArrayPlusThreadIsAPointerToShared) {
  for (std::size_t block : {std::size_t{1}, std::size_t{3}, indefinite}) {
    const std::size_t n = 5 * static_cast<std::size_t>(THREADS) + 2;
    shared_array<long> a(n, block);
    upc_forall(std::size_t i = 0, i < n, ++i, &a[i]) a[i] = static_cast<long>(i) * 10;
    upc_barrier;
    global_ptr<long> mine = a + MYTHREAD;
    EXPECT_TRUE(mine == &a[static_cast<std::size_t>(MYTHREAD)]) << "block " << block;
    EXPECT_EQ(upc_phaseof(mine), upc_phaseof(&a[static_cast<std::size_t>(MYTHREAD)]));
    EXPECT_EQ(long(*mine), MYTHREAD * 10L);
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_TRUE(a + i == &a[i]) << "i=" << i;
      EXPECT_TRUE(static_cast<std::ptrdiff_t>(i) + a == &a[i]) << "i=" << i;
      EXPECT_EQ(long((a + i)[0]), static_cast<long>(i) * 10);
    }
    upc_barrier;
  }
}

// shared [] double *shared C[THREADS]: thread t's row of kLength doubles, found through C[t].
TEST(PointerElements, IndexedTwiceAndPassedToMemget) {
  constexpr std::size_t kLength = 37;
  const auto threads = static_cast<std::size_t>(THREADS);
  shared_array<global_ptr<double>> rows(threads);
  global_ptr<double> mine = upc_alloc(kLength * sizeof(double));
  for (std::size_t j = 0; j < kLength; ++j) mine.local()[j] = static_cast<double>(MYTHREAD) * 1000 + j;
  rows[static_cast<std::size_t>(MYTHREAD)] = mine;
  upc_barrier;
  for (std::size_t t = 0; t < threads; ++t) {
    for (std::size_t j = 0; j < kLength; ++j)
      EXPECT_EQ(double(rows[t][static_cast<std::ptrdiff_t>(j)]), static_cast<double>(t) * 1000 + j)
          << "C[" << t << "][" << j << "]";
    EXPECT_EQ(double(*rows[t]), static_cast<double>(t) * 1000);
    std::vector<double> copy(kLength);
    upc_memget(copy.data(), rows[t], kLength * sizeof(double));
    for (std::size_t j = 0; j < kLength; ++j) EXPECT_EQ(copy[j], static_cast<double>(t) * 1000 + j);
  }
  upc_barrier;
  // Write the next thread's row through the pointer element, then check it where it lives.
  const std::size_t next = (static_cast<std::size_t>(MYTHREAD) + 1) % threads;
  std::vector<double> values(kLength, -1.0 - MYTHREAD);
  upc_memput(rows[next], values.data(), kLength * sizeof(double));
  rows[next][2] = 0.5;
  upc_barrier;
  const int previous = (MYTHREAD + THREADS - 1) % THREADS;
  for (std::size_t j = 0; j < kLength; ++j)
    EXPECT_EQ(mine.local()[j], j == 2 ? 0.5 : -1.0 - previous) << "j=" << j;
  upc_barrier;
  upc_free(mine);
  upc_barrier;
}

}  // namespace
