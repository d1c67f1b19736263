// Other threads' elements that remote_cast reaches are read and written in place: no copy, no transport
// call, the combining policies atomic per element. Registered three ways (tests/cache/CMakeLists.txt): on
// shm with nothing set (EXPECT_IN_PLACE=1: every peer is in place), and with PGAS_CACHE_DIRECT=0 or an
// emulated network (EXPECT_IN_PLACE=0: every peer's element is copied). The values must be the same.
#include <gtest/gtest.h>
#include <pgas/hpcstpf.h>

#include <cstdlib>
#include <cstring>
#include <pgas/cache.hpp>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

bool env_is(const char *name, const char *value) {
  const char *v = std::getenv(name);
  return v != nullptr && std::strcmp(v, value) == 0;
}
bool expect_in_place() { return env_is("EXPECT_IN_PLACE", "1"); }
// remote_cast reaches peers on shm without emulation, whether the cache uses it or not.
bool expect_cast() { return expect_in_place() || env_is("PGAS_CACHE_DIRECT", "0"); }

TEST(CacheInPlace, RemoteCastReachesEveryPeerExactlyWhenExpected) {
  shared_array<int> a(4 * static_cast<std::size_t>(THREADS), 1);
  for (int t = 0; t < THREADS; ++t) {
    void *p = remote_cast(a.handle(), t);
    if (t == MYTHREAD) {
      EXPECT_EQ(p, static_cast<void *>(a.local_part().data()));
    } else {
      EXPECT_EQ(p != nullptr, expect_cast()) << "thread " << t;
    }
  }
}

TEST(CacheInPlace, ReadsEqualDirectReadsWithoutCopies) {
  for (std::size_t block : {std::size_t{1}, std::size_t{5}, indefinite}) {
    shared_array<double> a(29 * static_cast<std::size_t>(THREADS) + 3, block);
    fill(a);
    const std::vector<std::size_t> idx = indices(a, pattern::uniform, 400);
    cache<double> c(a, 64);
    std::size_t gets = 0, peer_gets = 0;
    auto get = [&](std::size_t i) {
      ++gets;
      peer_gets += static_cast<int>(a.locate(i).thread) != MYTHREAD;
      return c.get(i);
    };
    for (std::size_t first = 0; first < idx.size(); first += 64) {
      const std::size_t last = std::min(idx.size(), first + 64);
      for (std::size_t k = first; k < last; ++k) c.hint(idx[k]);
      c.download();
      for (std::size_t k = first; k < last; ++k) EXPECT_EQ(get(idx[k]), value_of<double>(idx[k]));
      const std::size_t unhinted = (idx[first] + 1) % a.size();
      EXPECT_EQ(get(unhinted), value_of<double>(unhinted));
      c.upload();
    }
    SCOPED_TRACE("block " + std::to_string(block));
    const cache_stats &s = c.stats();
    EXPECT_EQ(s.local, gets - peer_gets);
    if (expect_in_place()) {
      EXPECT_EQ(s.direct, peer_gets);
      EXPECT_EQ(s.hits + s.misses + s.transport_calls, 0u);
    } else {
      EXPECT_EQ(s.direct, 0u);
      EXPECT_EQ(s.hits + s.misses, peer_gets);
    }
    upc_barrier;
  }
}

TEST(CacheInPlace, HintsAreWantedExactlyWhenSomePeerIsCopied) {
  shared_array<int> a(6 * static_cast<std::size_t>(THREADS), 2);
  const bool peers = THREADS > 1;
  EXPECT_EQ(cache<int>(a, 8).wants_hints(), peers && !expect_in_place());
  {
    cache<int> priority(a, 8, write_policy::priority);  // collective open and close
    EXPECT_EQ(priority.wants_hints(), peers);
  }
  shared_array<int> mine(4, indefinite);  // everything on thread 0
  EXPECT_EQ(cache<int>(mine, 8).wants_hints(), MYTHREAD != 0 && !expect_in_place());
  hpcstpf_handle_t h = hpcstpf_open(a.handle(), 8);
  EXPECT_EQ(hpcstpf_wants_hints(h), peers && !expect_in_place() ? 1 : 0);
  hpcstpf_close(h);
  upc_barrier;
}

// Every thread puts into every element, twice; after the barrier each element holds the policy's
// combination of all the puts with its old value, whether the puts went in place or were uploaded.
TEST(CacheInPlace, CombiningPutsUnderRacesAreExact) {
  const std::size_t n = 13 * static_cast<std::size_t>(THREADS) + 1;
  auto written = [](int t, std::size_t i) {
    return static_cast<long>((t * 31 + static_cast<long>(i) * 7) % 50);
  };
  for (write_policy policy : {write_policy::min, write_policy::max, write_policy::sum}) {
    shared_array<long> a(n, 2);
    for (std::size_t i = 0; i < n; ++i)
      if (static_cast<int>(a.locate(i).thread) == MYTHREAD) a[i] = 20;
    upc_barrier;
    {
      cache<long> c(a, n, policy);
      c.download();
      for (int twice = 0; twice < 2; ++twice)
        for (std::size_t i = 0; i < n; ++i) c.put(i, written(MYTHREAD, i));
      c.upload();
      c.close();
      EXPECT_EQ(c.stats().direct > 0, expect_in_place() && THREADS > 1);
    }
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) {
      long want = 20;
      for (int t = 0; t < THREADS; ++t) {
        const long w = written(t, i);
        want = policy == write_policy::min   ? std::min(want, w)
               : policy == write_policy::max ? std::max(want, w)
                                             : want + 2 * w;
      }
      EXPECT_EQ(static_cast<long>(a[i]), want) << "element " << i;
    }
    upc_barrier;
  }
}

// ANY: each element written by one thread (its successor's elements), read back by its owner.
TEST(CacheInPlace, AnyPutsReachTheOwner) {
  shared_array<int> a(7 * static_cast<std::size_t>(THREADS), 1);
  const int next = (MYTHREAD + 1) % THREADS;
  {
    cache<int> c(a, a.size());
    c.download();
    for (std::size_t i = 0; i < a.size(); ++i)
      if (static_cast<int>(a.locate(i).thread) == next) c.put(i, static_cast<int>(3 * i + 1));
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (static_cast<int>(a.locate(i).thread) == next) {
        EXPECT_EQ(c.get(i), static_cast<int>(3 * i + 1));
      }
    }
    c.upload();
  }
  upc_barrier;
  for (int v : a.local_part()) EXPECT_EQ((v - 1) % 3, 0);
  for (std::size_t k = 0; k < a.local_part().size(); ++k)
    EXPECT_EQ(a.local_part()[k],
              static_cast<int>(3 * (k * static_cast<std::size_t>(THREADS) + MYTHREAD) + 1));
  upc_barrier;
}

// PRIORITY never works in place: its writes must take the owner's lock and tags.
TEST(CacheInPlace, PriorityAlwaysCopies) {
  shared_array<int> a(5 * static_cast<std::size_t>(THREADS), 1);
  {
    cache<int> c(a, a.size(), write_policy::priority);
    for (std::size_t i = 0; i < a.size(); ++i) c.hint(i);
    c.download();
    for (std::size_t i = 0; i < a.size(); ++i) c.put(i, MYTHREAD);
    c.upload();
    c.close();
    EXPECT_EQ(c.stats().direct, 0u);
  }
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(static_cast<int>(a[i]), 0) << i;
  upc_barrier;
}

TEST(CacheInPlace, CApiCountsInPlaceAccesses) {
  shared_array<int> a(3 * static_cast<std::size_t>(THREADS), 1);
  fill(a);
  hpcstpf_handle_t h = hpcstpf_open(a.handle(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) hpcstpf_hint(h, i);
  hpcstpf_start_download(h);
  hpcstpf_finish_download(h);
  for (std::size_t i = 0; i < a.size(); ++i) {
    int v = 0;
    hpcstpf_get(h, i, &v);
    EXPECT_EQ(v, value_of<int>(i));
  }
  hpcstpf_start_upload(h);
  hpcstpf_finish_upload(h);
  hpcstpf_stats_t s{};
  hpcstpf_stats(h, &s);
  EXPECT_EQ(s.direct, expect_in_place() ? a.size() - a.local_part().size() : 0u);
  hpcstpf_close(h);
  upc_barrier;
}

}  // namespace
