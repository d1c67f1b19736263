// Edge cases of the tile protocol: incomplete hints, empty tiles, a chunk of 1, a chunk larger than the
// array, several download rounds in one tile, the memory bound, and the C API on a shared array's handle;
// negative indices of a pointer-to-shared, indices read from shared memory, and an exception leaving a tile.
#include <gtest/gtest.h>

#include <algorithm>
#include <pgas/cache.hpp>
#include <set>
#include <stdexcept>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

std::size_t array_size() { return 23 * static_cast<std::size_t>(THREADS) + 1; }

TEST(CacheEdges, IncompleteHintsMissOncePerElement) {
  shared_array<int> a(array_size());
  fill(a);
  std::vector<std::size_t> idx = indices(a, pattern::all_remote, 60);
  cache<int> c(a, 200);
  for (std::size_t k = 0; k < idx.size(); k += 2) c.hint(idx[k]);  // every other one
  c.download();
  std::set<std::size_t> hinted, missed;
  for (std::size_t k = 0; k < idx.size(); k += 2) hinted.insert(idx[k]);
  for (std::size_t i : idx) {
    EXPECT_EQ(c.get(i), value_of<int>(i));
    if (!hinted.count(i)) missed.insert(i);
  }
  for (std::size_t i : idx) EXPECT_EQ(c.get(i), value_of<int>(i));  // now all cached
  EXPECT_EQ(c.stats().misses, missed.size());
  c.upload();
  upc_barrier;
}

TEST(CacheEdges, EmptyTilesCostNothing) {
  shared_array<double> a(array_size(), 3);
  cache<double> c(a, 10);
  for (int tile = 0; tile < 5; ++tile) {
    c.download();
    c.upload();
  }
  EXPECT_EQ(c.stats().transport_calls, 0u);
  hpcstpf_handle_t h = hpcstpf_open(a.handle(), 4);
  hpcstpf_start_download(h);
  hpcstpf_finish_download(h);
  hpcstpf_start_upload(h);
  hpcstpf_finish_upload(h);
  hpcstpf_stats_t s;
  hpcstpf_stats(h, &s);
  EXPECT_EQ(s.transport_calls, 0u);
  hpcstpf_close(h);
  upc_barrier;
}

// Chunk 1 (almost every hint dropped, gets fall back to single gets), a chunk equal to the array, and a
// chunk larger than the array (capacity clamped to it), over several tiles.
TEST(CacheEdges, ChunkSizes) {
  shared_array<int> a(array_size(), 2);
  fill(a);
  std::vector<std::size_t> idx = indices(a, pattern::uniform, 200);
  for (std::size_t chunk : {std::size_t{1}, a.size(), 10 * a.size()}) {
    cache<int> c(a, chunk);
    EXPECT_EQ(c.capacity(), std::min(chunk, a.size()));
    for (std::size_t first = 0; first < idx.size(); first += 50) {
      for (std::size_t k = first; k < first + 50; ++k) c.hint(idx[k]);
      c.download();
      for (std::size_t k = first; k < first + 50; ++k)
        EXPECT_EQ(c.get(idx[k]), value_of<int>(idx[k])) << chunk;
      c.upload();
    }
  }
  upc_barrier;
}

TEST(CacheEdges, SeveralDownloadRoundsInOneTile) {
  shared_array<int> a(array_size());
  fill(a);
  cache<int> c(a, a.size());
  for (std::size_t i = 0; i < a.size(); i += 2) c.hint(i);
  c.download();
  for (std::size_t i = 0; i < a.size(); ++i) c.hint(i);  // the even ones are cached already
  c.download();
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(c.get(i), value_of<int>(i));
  std::size_t all_remote = 0;
  for (std::size_t i = 0; i < a.size(); ++i) all_remote += a.locate(i).thread != MYTHREAD;
  EXPECT_EQ(c.stats().elems_fetched, all_remote);
  EXPECT_EQ(c.stats().misses, 0u);
  c.upload();
  upc_barrier;
}

// Gets that follow the hints' order take their values without a lookup; any other order, gets of indices
// hinted for a later round, and elements written before they were hinted must still read right.
TEST(CacheEdges, GetsInAnyOrder) {
  shared_array<int> a(array_size());
  fill(a);
  std::vector<std::size_t> idx = indices(a, pattern::duplicates, 80);
  cache<int> c(a, a.size());
  for (std::size_t i : idx) c.hint(i);
  c.download();
  for (std::size_t k = 0; k < idx.size(); k += 2) EXPECT_EQ(c.get(idx[k]), value_of<int>(idx[k]));  // skips
  for (std::size_t k = idx.size(); k-- > 0;) EXPECT_EQ(c.get(idx[k]), value_of<int>(idx[k]));  // reversed
  EXPECT_EQ(c.stats().misses, 0u);
  // A second round, hinted but not yet downloaded: a get fetches the element itself.
  std::size_t later = a.size() - 1;
  c.hint(later);
  EXPECT_EQ(c.get(later), value_of<int>(later));
  c.download();
  EXPECT_EQ(c.get(later), value_of<int>(later));
  c.upload();
  upc_barrier;
  // Written (combining) before being hinted: the get sees the old value combined with the write.
  cache<int> sum(a, a.size(), write_policy::sum);
  sum.download();
  for (std::size_t i : idx)
    if (a.locate(i).thread != MYTHREAD) sum.put(i, 1);  // local puts would change memory at once
  for (std::size_t i : idx) sum.hint(i);
  sum.download();
  for (std::size_t i : idx) {
    if (a.locate(i).thread == MYTHREAD) continue;
    std::size_t times = static_cast<std::size_t>(std::count(idx.begin(), idx.end(), i));
    EXPECT_EQ(sum.get(i), value_of<int>(i) + static_cast<int>(times)) << i;
  }
  upc_barrier;  // every thread has read the old values
  sum.upload();
  upc_barrier;
}

// The hash table starts small and doubles while a tile fills it: every entry survives the moves (values,
// dirty state, the upload), and the next tile finds none of them (it sees the owners' new values).
TEST(CacheEdges, TheTableGrowsWithinATile) {
  if (THREADS == 1) GTEST_SKIP() << "every element is local: nothing is cached";
  shared_array<long> a(3000 * static_cast<std::size_t>(THREADS));  // cyclic
  fill(a);
  std::vector<std::size_t> mine;  // 2500 elements of the next thread, written by this thread only
  for (std::size_t i = static_cast<std::size_t>((MYTHREAD + 1) % THREADS); mine.size() < 2500; i += THREADS)
    mine.push_back(i);
  cache<long> c(a, 4096);
  const std::size_t at_open = c.memory_bytes();
  for (std::size_t i : mine) c.hint(i);  // the table doubles from 1024 slots to 8192
  c.download();
  for (std::size_t i : mine) ASSERT_EQ(c.get(i), value_of<long>(i)) << i;
  for (std::size_t i : mine) c.put(i, -static_cast<long>(i));
  c.upload();
  EXPECT_EQ(c.stats().misses, 0u);
  EXPECT_GT(c.memory_bytes(), at_open);
  EXPECT_LE(c.memory_bytes(), cache<long>::memory_bound(4096));
  upc_barrier;
  for (std::size_t i = static_cast<std::size_t>(MYTHREAD); i < a.size(); i += THREADS) a[i] = a[i] + 1000;
  upc_barrier;
  for (std::size_t i : mine) c.hint(i);
  c.download();
  for (std::size_t i : mine) ASSERT_EQ(c.get(i), 1000 - static_cast<long>(i)) << i;
  c.upload();
  upc_barrier;
}

TEST(CacheEdges, MemoryStaysWithinTheBound) {
  shared_array<double> a(1200 * static_cast<std::size_t>(THREADS));
  for (std::size_t chunk : {std::size_t{1}, std::size_t{100}, std::size_t{400}}) {
    cache<double> c(a, chunk, write_policy::sum);
    const std::size_t at_open = c.memory_bytes();
    EXPECT_LE(at_open, cache<double>::memory_bound(chunk));
    EXPECT_GE(at_open, chunk * sizeof(double));
    // 3x more hints than room, for at most 200 tiles: the bound holds from the first overflowing tile,
    // and more single-element tiles only slow the TCP runs down.
    const std::size_t end = std::min(a.size(), chunk * 3 * 200);
    for (std::size_t first = 0; first < end; first += chunk * 3) {
      c.download();
      for (std::size_t i = first; i < std::min(end, first + 3 * chunk); ++i) c.hint(i);
      c.download();
      for (std::size_t i = first; i < std::min(end, first + 3 * chunk); ++i) c.put(i, c.get(i) * 0);
      c.upload();
      ASSERT_LE(c.memory_bytes(), cache<double>::memory_bound(chunk));  // the table may have grown
      ASSERT_GE(c.memory_bytes(), at_open);
    }
    if (THREADS > 1) {
      EXPECT_GT(c.stats().hints_dropped, 0u);
    }
  }
  upc_barrier;
}

// As in UPC, p[-k] is the element k before the one p points to: a cache over a pointer into the middle of
// an array reads and writes the elements before it at negative indices (converted to std::size_t as a
// generated loop's int index is), and ignores speculative hints outside the object.
TEST(CacheEdges, NegativeIndicesOfAPointer) {
  shared_array<long> a(array_size(), 2);
  fill(a);
  const long middle = static_cast<long>(a.size() / 2), before = -middle,
             after = static_cast<long>(a.size()) - middle;
  cache<long> c(&a[static_cast<std::size_t>(middle)], 64);
  for (long k = before - 3; k < after + 3; ++k) c.hint_speculative(k);
  c.download();
  for (long k = before; k < after; ++k)
    EXPECT_EQ(c.get(static_cast<std::size_t>(k)), value_of<long>(static_cast<std::size_t>(middle + k))) << k;
  c.upload();
  upc_barrier;
  const long mine = before + MYTHREAD;  // each thread writes one element before the pointer
  c.download();
  c.put(static_cast<std::size_t>(mine), -7);
  c.upload();
  upc_barrier;
  EXPECT_EQ(static_cast<long>(a[static_cast<std::size_t>(middle + before + THREADS - 1)]), -7);
  upc_barrier;
}

// X[P[i]] with P not cached: the inspector hints the value of a shared element.
TEST(CacheEdges, HintsAnIndexReadFromSharedMemory) {
  shared_array<int> a(array_size()), p(array_size());
  fill(a);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.locate(i).thread == MYTHREAD) p[i] = static_cast<int>((i * 7 + 3) % p.size());
  upc_barrier;
  cache<int> c(a, p.size());
  for (std::size_t i = 0; i < p.size(); ++i) c.hint_speculative(p[i]);
  c.download();
  const std::size_t hits = c.stats().hits;
  for (std::size_t i = 0; i < p.size(); ++i)
    EXPECT_EQ(c.get(p[i]), value_of<int>(static_cast<std::size_t>((i * 7 + 3) % p.size())));
  EXPECT_EQ(c.stats().misses, 0u);
  EXPECT_GE(c.stats().hits, hits);
  c.upload();
  upc_barrier;
}

// An exception that leaves a tile (a call in the loop body throws) propagates as it would from the original
// loop: the cache does not stop the job, and the elements written before it are written to the array.
TEST(CacheEdges, AnExceptionLeavingATileUploadsWhatWasWritten) {
  for (auto policy : {write_policy::any, write_policy::sum, write_policy::priority}) {
    shared_array<int> a(array_size());
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a.locate(i).thread == MYTHREAD) a[i] = 1;
    upc_barrier;
    const std::size_t mine = (static_cast<std::size_t>(MYTHREAD) + 1) % a.size();  // a peer's, mostly
    bool caught = false;
    try {
      cache<int> c(a, 16, policy);
      c.hint(mine);
      c.download();
      c.put(mine, policy == write_policy::sum ? 4 : 5);  // sum adds 4 to the 1 there
      throw std::runtime_error("from the loop body");
    } catch (const std::runtime_error &) {
      caught = true;
    }
    EXPECT_TRUE(caught);
    upc_barrier;
    EXPECT_EQ(static_cast<int>(a[mine]), 5) << "policy " << static_cast<int>(policy);
    upc_barrier;
  }
}

}  // namespace
