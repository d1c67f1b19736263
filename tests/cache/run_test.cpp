// Runs (pgas::cache::run, cache_runs.cpp): consecutive indices read as one array hold exactly what direct
// reads return, for every blocking factor, element type and run (empty, one element, across blocks and
// owners, the whole array); a run in one block of this thread's part is that memory itself; a run within
// one peer's block is one transfer when it is copied; the copies last until the tile ends, or until close()
// when kept: a kept run is fetched once for every later tile. Strided runs likewise, one transfer per owner.
#include <gtest/gtest.h>

#include <algorithm>
#include <pgas/cache.hpp>
#include <random>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

const std::size_t kBlocks[] = {1, 3, 16, indefinite};

template <class T>
class CacheRuns : public testing::Test {};
TYPED_TEST_SUITE(CacheRuns, ElementTypes);

TYPED_TEST(CacheRuns, EveryElementEqualsTheDirectRead) {
  using T = TypeParam;
  for (std::size_t block : kBlocks) {
    shared_array<T> a(37 * static_cast<std::size_t>(THREADS) + 5, block);
    fill(a);
    std::mt19937_64 rng(99 + static_cast<unsigned>(MYTHREAD));
    cache<T> c(a, 16);
    for (int tile = 0; tile < 20; ++tile) {
      c.download();
      std::vector<std::pair<std::size_t, std::size_t>> runs = {{0, 0}, {a.size(), 0}, {0, a.size()}};
      for (int k = 0; k < 5; ++k) {
        const std::size_t first = std::uniform_int_distribution<std::size_t>(0, a.size() - 1)(rng);
        runs.push_back({first, std::uniform_int_distribution<std::size_t>(1, a.size() - first)(rng)});
      }
      std::vector<const T *> arrays;
      for (auto [first, count] : runs) arrays.push_back(c.run(first, count));
      for (std::size_t r = 0; r < runs.size(); ++r)  // every run of the tile is still readable at its end
        for (std::size_t k = 0; k < runs[r].second; ++k)
          ASSERT_EQ(arrays[r][k], value_of<T>(runs[r].first + k))
              << "block " << block << ", run " << runs[r].first << "+" << runs[r].second << ", element " << k;
      c.upload();
    }
    c.close();
    upc_barrier;
  }
}

// A run inside one block: in this thread's part, the elements themselves (no copy, no transfer); in a
// peer's part, copied with one transfer, or read in place where peers' parts are mapped.
TEST(CacheRuns, ARunInOneBlockIsOneTransferAtMost) {
  constexpr std::size_t kBlock = 16;
  shared_array<double> a(kBlock * static_cast<std::size_t>(THREADS), kBlock);
  fill(a);
  cache<double> c(a, 8);
  c.download();
  const std::size_t mine = kBlock * static_cast<std::size_t>(MYTHREAD);
  const hpcstpf_stats_t before = c.stats();
  const double *own = c.run(mine + 2, kBlock - 4);
  EXPECT_EQ(own, a.local_part().data() + 2);
  EXPECT_EQ(c.stats().transport_calls, before.transport_calls);
  EXPECT_EQ(c.stats().local, before.local + (kBlock - 4));
  const std::size_t peer = kBlock * static_cast<std::size_t>((MYTHREAD + 1) % THREADS);
  const double *theirs = c.run(peer + 1, kBlock - 1);
  for (std::size_t k = 0; k + 1 < kBlock; ++k) EXPECT_EQ(theirs[k], value_of<double>(peer + 1 + k));
  EXPECT_LE(c.stats().transport_calls, before.transport_calls + 1);
  // Across every block: one transfer per peer at most.
  (void)c.run(0, a.size());
  EXPECT_LE(c.stats().transport_calls, before.transport_calls + 1 + static_cast<std::uint64_t>(THREADS - 1));
  c.upload();
  c.close();
}

// Runs of an array the tile also writes elsewhere: a put outside every copied run is allowed, and the next
// tile's runs see what the last upload wrote.
TEST(CacheRuns, NextTileSeesTheUploadedWrites) {
  const auto threads = static_cast<std::size_t>(THREADS);
  shared_array<int> a(8 * threads, 8);
  fill(a);
  cache<int> c(a, 8);
  c.download();
  const std::size_t next = 8 * ((static_cast<std::size_t>(MYTHREAD) + 1) % threads);
  (void)c.run(next, 4);
  c.put(next + 4, -7);
  c.upload();
  upc_barrier;
  c.download();
  const int *after = c.run(next, 8);
  EXPECT_EQ(after[4], -7);
  for (std::size_t k : {0, 1, 2, 3, 5, 6, 7}) EXPECT_EQ(after[k], value_of<int>(next + k));
  c.upload();
  c.close();
}

// A run kept until close(): fetched in the first tile with one transfer per peer at most, then read in
// every later tile (the whole run or a part of it) with no transfer, holding the values it was read with;
// after close() the cache is unusable as before. A tile's own runs still end with the tile.
TYPED_TEST(CacheRuns, AKeptRunIsFetchedOnceForEveryTile) {
  using T = TypeParam;
  for (std::size_t block : kBlocks) {
    shared_array<T> a(11 * static_cast<std::size_t>(THREADS) + 3, block);
    fill(a);
    cache<T> c(a, 8);
    const hpcstpf_stats_t before = c.stats();
    const T *first_tile = nullptr;
    for (int tile = 0; tile < 6; ++tile) {
      c.download();
      const T *all = c.run(0, a.size(), run_lifetime::until_close);
      if (tile == 0) first_tile = all;
      EXPECT_EQ(all, first_tile) << "block " << block << ": the kept copy is the same in every tile";
      const T *part = c.run(3, a.size() - 5, run_lifetime::until_close);
      for (std::size_t k = 0; k < a.size(); ++k) ASSERT_EQ(all[k], value_of<T>(k)) << "block " << block;
      for (std::size_t k = 0; k + 5 < a.size(); ++k) ASSERT_EQ(part[k], value_of<T>(3 + k));
      c.upload();
      EXPECT_LE(c.stats().transport_calls, before.transport_calls + static_cast<std::uint64_t>(THREADS - 1))
          << "block " << block << ", tile " << tile << ": fetched once, not once per tile";
    }
    c.close();
    upc_barrier;
  }
}

// Elements outside every kept run may still be written; the kept run keeps the values it was read with
// while the array changes after it.
TEST(CacheRuns, AKeptRunKeepsItsValuesAndAllowsPutsOutside) {
  const auto threads = static_cast<std::size_t>(THREADS);
  shared_array<int> a(8 * threads, 8);
  fill(a);
  upc_barrier;
  cache<int> c(a, 8);
  const std::size_t next = 8 * ((static_cast<std::size_t>(MYTHREAD) + 1) % threads);
  c.download();
  const int *kept = c.run(next, 4, run_lifetime::until_close);
  c.put(next + 4, -7);
  c.upload();
  upc_barrier;
  c.download();
  EXPECT_EQ(c.run(next, 4, run_lifetime::until_close), kept);
  EXPECT_EQ(c.run(next + 4, 1)[0], -7);
  for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(kept[k], value_of<int>(next + k));
  c.upload();
  c.close();
}

// Strided runs (cache::run_strided: first, first + stride, ...): every element equals the direct read for
// every blocking factor, stride (1, odd, THREADS, 2 * THREADS, a block's length) and count (one element, up
// to the array's end); the copy holds each run until the tile ends, and a put is refused at an element of
// the run but allowed between its elements.
TYPED_TEST(CacheRuns, StridedRunsEqualTheDirectReads) {
  using T = TypeParam;
  const auto threads = static_cast<std::size_t>(THREADS);
  for (std::size_t block : kBlocks) {
    shared_array<T> a(23 * threads + 7, block);
    fill(a);
    cache<T> c(a, 16);
    for (std::size_t stride : {std::size_t{1}, std::size_t{2}, std::size_t{3}, threads, 2 * threads,
                               std::size_t{16}, a.size() - 1}) {
      for (std::size_t first : {std::size_t{0}, std::size_t{1}, static_cast<std::size_t>(MYTHREAD) + 2}) {
        c.download();
        const std::size_t most = (a.size() - 1 - first) / stride + 1;  // the last one lands in the array
        for (std::size_t count : {std::size_t{1}, std::min<std::size_t>(2, most), most}) {
          const T *row = c.run_strided(first, count, stride);
          for (std::size_t k = 0; k < count; ++k)
            ASSERT_EQ(row[k], value_of<T>(first + k * stride))
                << "block " << block << ", stride " << stride << ", first " << first << ", count " << count;
        }
        EXPECT_NE(c.run_strided(a.size(), 0, stride), nullptr);  // empty: nothing read, no misuse
        c.upload();
      }
    }
    c.close();
    upc_barrier;
  }
}

// A strided run of one owner's elements (y[2i] over a cyclic tile's i = MYTHREAD + k * THREADS) is one
// transfer; a strided run over every owner, one transfer per owner at most.
TEST(CacheRuns, AStridedRunIsOneTransferPerOwner) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const std::size_t n = 40 * threads;
  shared_array<int> y(2 * n, 1);
  fill(y);
  cache<int> c(y, 8);
  c.download();
  const hpcstpf_stats_t before = c.stats();
  const std::size_t me = static_cast<std::size_t>(MYTHREAD), count = n / threads;
  const int *row = c.run_strided(2 * me, count, 2 * threads);
  for (std::size_t k = 0; k < count; ++k) EXPECT_EQ(row[k], value_of<int>(2 * me + 2 * threads * k));
  EXPECT_LE(c.stats().transport_calls, before.transport_calls + 1);
  (void)c.run_strided(1, (2 * n - 2) / 3 + 1, 3);
  EXPECT_LE(c.stats().transport_calls, before.transport_calls + 1 + static_cast<std::uint64_t>(threads - 1));
  c.upload();
  c.close();
}

}  // namespace
