// Reads through pgas::cache<T> return exactly what a direct read returns, for random index patterns,
// element types (int, double, a struct) and blocking factors (1, 3, indefinite), with complete hints, and
// the downloads are coalesced: one transport call per owner thread, never for local or duplicate indices.
#include <gtest/gtest.h>

#include <cmath>
#include <pgas/cache.hpp>
#include <set>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

const std::size_t kBlocks[] = {1, 3, indefinite};

template <class T>
class CacheReads : public testing::Test {};
TYPED_TEST_SUITE(CacheReads, ElementTypes);

TYPED_TEST(CacheReads, EveryGetEqualsTheDirectRead) {
  using T = TypeParam;
  constexpr std::size_t kTile = 64;
  for (std::size_t block : kBlocks) {
    shared_array<T> a(37 * static_cast<std::size_t>(THREADS) + 5, block);
    fill(a);
    for (pattern p : kPatterns) {
      SCOPED_TRACE("block " + std::to_string(block) + ", pattern " + name(p));
      std::vector<std::size_t> idx = indices(a, p, 300);
      cache<T> c(a, kTile);
      for (std::size_t first = 0; first < idx.size(); first += kTile) {
        const std::size_t last = std::min(idx.size(), first + kTile);
        std::set<int> owners;
        for (std::size_t k = first; k < last; ++k) {
          c.hint(idx[k]);
          if (int t = static_cast<int>(a.locate(idx[k]).thread); t != MYTHREAD) owners.insert(t);
        }
        const std::uint64_t calls = c.stats().transport_calls;
        c.download();
        EXPECT_EQ(c.stats().transport_calls - calls, owners.size()) << "one vector get per owner";
        for (std::size_t k = first; k < last; ++k) {
          T direct = a[idx[k]];
          EXPECT_EQ(c.get(idx[k]), direct) << "index " << idx[k];
          EXPECT_EQ(direct, value_of<T>(idx[k]));
        }
        c.upload();
      }
      EXPECT_EQ(c.stats().misses, 0u);
      if (p == pattern::all_local) {
        EXPECT_EQ(c.stats().transport_calls, 0u);
      }
    }
    upc_barrier;
  }
}

TEST(CacheReads, DuplicateAndCachedIndicesAreFetchedOnce) {
  shared_array<long> a(16 * static_cast<std::size_t>(THREADS), 2);
  fill(a);
  std::vector<std::size_t> idx = indices(a, pattern::all_remote, 40);
  std::set<std::size_t> distinct(idx.begin(), idx.end());
  cache<long> c(a, 1000);
  for (int round = 0; round < 3; ++round)
    for (std::size_t i : idx) c.hint(i);
  c.download();
  EXPECT_EQ(c.stats().elems_fetched, distinct.size());
  for (std::size_t i : idx) c.hint(i);  // already cached: a second download fetches nothing
  c.download();
  EXPECT_EQ(c.stats().elems_fetched, distinct.size());
  for (std::size_t i : idx) EXPECT_EQ(c.get(i), value_of<long>(i));
  EXPECT_EQ(c.stats().hits, idx.size());
  c.upload();
  upc_barrier;
}

TEST(CacheReads, ThroughAPointerToShared) {
  constexpr std::size_t kBlock = 4;
  const std::size_t n = kBlock * 5 * static_cast<std::size_t>(THREADS);
  global_ptr<int> p(upc_all_alloc(n / kBlock, kBlock * sizeof(int)), kBlock);
  for (std::size_t i = 0; i < n; ++i)
    if ((p + static_cast<std::ptrdiff_t>(i)).thread() == MYTHREAD)
      p[static_cast<std::ptrdiff_t>(i)] = 3 * static_cast<int>(i);
  upc_barrier;
  const std::size_t skip = 6;  // a pointer into the middle of a block: index k is p[skip + k]
  cache<int> c(p + skip, 32);
  for (std::size_t k = 0; k + skip < n; k += 3) c.hint(k);
  c.download();
  for (std::size_t k = 0; k + skip < n; ++k) EXPECT_EQ(c.get(k), 3 * static_cast<int>(k + skip)) << k;
  c.upload();
  upc_barrier;
  if (MYTHREAD == 0) upc_free(p);
}

}  // namespace
