// UPC 1.3 section 7.2.3.5 (lang/upc-lib-core.tex): upc_affinitysize, and section 6.4.1
// (lang/upc-language.tex) the operators upc_localsizeof, upc_blocksizeof and upc_elemsizeof, which the
// dialect spells as functions of a shared object. Expected values are counts over the layout of the
// declaration (conf::place_of).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <pgas/upc.hpp>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

struct Twelve {
  int a, b, c;
};

// 7.2.3.5 paragraph 2: for an object from upc_global_alloc / upc_all_alloc(nblocks, nbytes), totalsize is
// nbytes*nblocks and nbytes is nbytes; the result is "the exact size of the local portion of the data in a
// shared object with affinity to threadid". Checked against the bytes of a real allocation that
// upc_threadof places on each thread.
TEST(UpcAffinitysize, MatchesTheBytesOfAnAllocationOnEachThread) {
  const std::size_t t = nthreads();
  const std::size_t shapes[][2] = {{1, 1}, {t, 1},   {t + 1, 3},    {2 * t + 3, 24},
                                   {5, 7}, {1, 999}, {3 * t - 1, 2}};
  for (const auto &s : shapes) {
    const std::size_t nblocks = s[0], nbytes = s[1];
    const global_ptr<void> raw = upc_all_alloc(nblocks, nbytes);
    const global_ptr<unsigned char> p(raw, nbytes);
    std::vector<std::size_t> seen(t, 0);
    for (std::size_t i = 0; i < nblocks * nbytes; ++i)
      ++seen[upc_threadof(p + static_cast<std::ptrdiff_t>(i))];
    std::size_t total = 0;
    for (std::size_t th = 0; th < t; ++th) {
      const std::size_t got = upc_affinitysize(nblocks * nbytes, nbytes, th);
      EXPECT_EQ(got, seen[th]) << nblocks << " x " << nbytes << " thread " << th;
      EXPECT_EQ(got, conf::count_on(nblocks * nbytes, nbytes, th, t)) << nblocks << " x " << nbytes;
      total += got;
    }
    EXPECT_EQ(total, nblocks * nbytes);
    upc_all_free(raw);
  }
}

// 7.2.3.5 paragraph 3: for `shared [b] t d[s]`, totalsize is s * sizeof(t) and nbytes b * upc_elemsizeof(d)
// (0 when the block size is indefinite). s need not be a multiple of b: the last block is partial.
TEST(UpcAffinitysize, MatchesADeclaredArrayOfAnySize) {
  const std::size_t t = nthreads();
  const std::size_t cases[][2] = {{0, 3},         {1, 1},   {7, 1},  {10, 3}, {3, 10},
                                  {4 * t + 1, 4}, {100, 7}, {50, 0}, {1, 0}};
  for (const auto &c : cases) {
    const std::size_t s = c[0], b = c[1];
    shared_array<double> d(s, b);
    std::vector<std::size_t> seen(t, 0);
    for (std::size_t i = 0; i < s; ++i) ++seen[upc_threadof(&d[i])];
    for (std::size_t th = 0; th < t; ++th) {
      const std::size_t got = upc_affinitysize(s * sizeof(double), b * upc_elemsizeof(d), th);
      EXPECT_EQ(got, seen[th] * sizeof(double))
          << "shared [" << b << "] double d[" << s << "], thread " << th;
      EXPECT_EQ(got, conf::count_on(s, b, th, t) * sizeof(double)) << "[" << b << "] d[" << s << "]";
    }
  }
}

// Large arguments (no object allocated): whole blocks dealt round-robin, a partial last block on the thread
// whose turn it is. Computed from the definition block by block: blocks k*THREADS + th are th's.
TEST(UpcAffinitysize, LargeSizesFollowTheDefinition) {
  const std::size_t t = nthreads();
  const std::size_t cases[][2] = {
      {std::size_t{1} << 40, 4096}, {(std::size_t{1} << 33) + 5, 1000}, {12345, 12346}};
  for (const auto &c : cases) {
    const std::size_t total = c[0], nbytes = c[1];
    const std::size_t whole = total / nbytes, rest = total % nbytes;
    std::size_t sum = 0;
    for (std::size_t th = 0; th < t; ++th) {
      std::size_t want = (whole / t + (th < whole % t ? 1 : 0)) * nbytes;
      if (rest != 0 && whole % t == th) want += rest;
      EXPECT_EQ(upc_affinitysize(total, nbytes, th), want) << total << " / " << nbytes << " thread " << th;
      sum += upc_affinitysize(total, nbytes, th);
    }
    EXPECT_EQ(sum, total);
  }
  // Indefinite block size (nbytes 0): everything has affinity to thread 0.
  for (std::size_t th = 0; th < t; ++th) EXPECT_EQ(upc_affinitysize(1000, 0, th), th == 0 ? 1000u : 0u);
}

// 6.4.1.2: upc_localsizeof "returns the same value on all threads; the value is an upper bound of the size
// allocated with affinity to any single thread".
TEST(UpcLocalsizeof, IsTheSameEverywhereAndBoundsEveryThreadsPart) {
  const std::size_t t = nthreads();
  const std::size_t cases[][2] = {{1, 1}, {10, 3}, {3, 10}, {4 * t + 1, 4}, {100, 7}, {50, 0}, {8 * t, 1}};
  for (const auto &c : cases) {
    shared_array<Twelve> d(c[0], c[1]);
    const std::size_t size = upc_localsizeof(d);
    const auto all = conf::all_gather(size);
    for (std::size_t th = 0; th < t; ++th) {
      EXPECT_EQ(all[th], size) << "thread " << th;
      EXPECT_GE(size, conf::count_on(c[0], c[1], th, t) * sizeof(Twelve)) << c[0] << " [" << c[1] << "]";
    }
  }
  shared_array2d<int> a(5, 7, 3);  // shared [3] int a[5][7]
  std::size_t most = 0;
  for (std::size_t th = 0; th < t; ++th) most = std::max(most, conf::count_on(35, 3, th, t) * sizeof(int));
  EXPECT_GE(upc_localsizeof(a), most);
}

// 6.4.1.3: the block size is "the value specified in the layout qualifier ... If there is no layout
// qualifier, the block size is 1"; indefinite gives 0. 6.4.1.4: upc_elemsizeof is the size of the ultimate
// element type (for a 2-d array the element, not a row).
TEST(UpcBlocksizeofAndElemsizeof, GiveTheDeclaredBlockAndElementSize) {
  shared_array<double> cyclic(10);
  shared_array<double> five(10, 5);
  shared_array<double> indef(10, pgas::indefinite);
  shared_array<int, 17> typed(40);
  shared_array2d<short> grid(4, 6, 3);
  shared_array<Twelve> structs(9, 2);
  EXPECT_EQ(upc_blocksizeof(cyclic), 1u);
  EXPECT_EQ(upc_blocksizeof(five), 5u);
  EXPECT_EQ(upc_blocksizeof(indef), 0u);
  EXPECT_EQ(upc_blocksizeof(typed), 17u);
  EXPECT_EQ(upc_blocksizeof(grid), 3u);
  EXPECT_EQ(upc_blocksizeof(global_ptr<int, 17>(&typed[3])), 17u);
  EXPECT_EQ(upc_elemsizeof(cyclic), sizeof(double));
  EXPECT_EQ(upc_elemsizeof(typed), sizeof(int));
  EXPECT_EQ(upc_elemsizeof(grid), sizeof(short));
  EXPECT_EQ(upc_elemsizeof(structs), sizeof(Twelve));
  upc_barrier;
}

}  // namespace
