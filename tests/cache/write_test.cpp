// Write policies under real races: every thread writes the same elements (remote and local ones) through
// its own cache, uploads, and after the next barrier every element holds what the policy defines: any ->
// one of the written values, min / max / sum -> exactly the combination of all writes with the old value.
#include <gtest/gtest.h>

#include <pgas/cache.hpp>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

std::size_t array_size() { return 11 * static_cast<std::size_t>(THREADS) + 3; }

// What thread t writes to element i: small integers, exact in every element type.
template <class T>
T written(int t, std::size_t i) {
  return static_cast<T>((static_cast<std::size_t>(t) * 7919 + i * 104729) % 1000);
}

TEST(CacheWrites, AnyPolicyLeavesOneOfTheWrittenValues) {
  shared_array<record> a(array_size(), 3);
  cache<record> c(a, 16);  // smaller than the array: the tile loop below runs several tiles
  for (std::size_t first = 0; first < a.size(); first += 16) {
    c.download();  // nothing hinted: a write-only tile
    for (std::size_t i = first; i < std::min(a.size(), first + 16); ++i)
      c.put(i, {MYTHREAD, static_cast<double>(i), {'w', 0, 0, 0}});
    c.upload();
  }
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) {
    record r = a[i];
    EXPECT_TRUE(r.id >= 0 && r.id < THREADS && r.weight == static_cast<double>(i) && r.tag[0] == 'w') << i;
  }
  EXPECT_LE(c.stats().transport_calls, (a.size() / 16 + 1) * static_cast<std::size_t>(THREADS));
  upc_barrier;
}

template <class T>
class CombiningWrites : public testing::Test {};
using NumberTypes = testing::Types<int, double, std::int64_t, float>;
TYPED_TEST_SUITE(CombiningWrites, NumberTypes);

TYPED_TEST(CombiningWrites, MinMaxSumAreExact) {
  using T = TypeParam;
  struct Case {
    write_policy policy;
    T initial;
  };
  for (Case k :
       {Case{write_policy::min, T(5000)}, Case{write_policy::max, T(-1)}, Case{write_policy::sum, T(10)}}) {
    shared_array<T> a(array_size(), 1);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a.locate(i).thread == MYTHREAD) a[i] = k.initial;
    upc_barrier;
    {
      cache<T> c(a, a.size(), k.policy);
      for (std::size_t i = 0; i < a.size(); i += 2) c.hint(i);  // half read before written, half not
      c.download();
      upc_barrier;  // nobody's writes reach memory before every thread has read the old values
      auto put_twice = [&](bool local) {  // twice: combined in the cache before the upload
        for (std::size_t i = 0; i < a.size(); ++i)
          if ((a.locate(i).thread == MYTHREAD) == local) {
            c.put(i, written<T>(MYTHREAD, i));
            c.put(i, written<T>(MYTHREAD, i));
          }
      };
      put_twice(false);
      // The thread's own view: the old value combined with its writes.
      for (std::size_t i = 0; i < a.size(); i += 3) {
        T w = written<T>(MYTHREAD, i), mine = k.policy == write_policy::min   ? std::min(k.initial, w)
                                              : k.policy == write_policy::max ? std::max(k.initial, w)
                                                                              : T(k.initial + w + w);
        if (a.locate(i).thread != MYTHREAD) {
          EXPECT_EQ(c.get(i), mine) << i;
        }
      }
      upc_barrier;
      put_twice(true);  // local elements are combined in memory at once
      c.upload();
    }
    upc_barrier;
    for (std::size_t i = 0; i < a.size(); ++i) {
      T expect = k.initial;
      for (int t = 0; t < THREADS; ++t) {
        T w = written<T>(t, i);
        expect = k.policy == write_policy::min   ? std::min(expect, w)
                 : k.policy == write_policy::max ? std::max(expect, w)
                                                 : T(expect + w + w);
      }
      EXPECT_EQ(T(a[i]), expect) << "policy " << static_cast<int>(k.policy) << " index " << i;
    }
    upc_barrier;
  }
}

TEST(CacheWrites, PutsWithoutRoomAreWrittenThrough) {
  shared_array<int> a(array_size());
  {
    cache<int> c(a, 1, write_policy::sum);
    c.download();
    for (std::size_t i = 0; i < a.size(); ++i) c.put(i, 1);
    c.upload();
  }
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(int(a[i]), THREADS) << i;
  upc_barrier;
}

TEST(CacheWrites, CApiSum) {
  shared_array<double> a(array_size(), 2);
  hpcstpf_handle_t h = hpcstpf_open_ex(a.handle(), 8, HPCSTPF_SUM, PGAS_DOUBLE);
  for (std::size_t first = 0; first < a.size(); first += 8) {
    hpcstpf_start_download(h);
    hpcstpf_finish_download(h);
    for (std::size_t i = first; i < std::min(a.size(), first + 8); ++i) {
      double one = 0.5;
      hpcstpf_put(h, i, &one);
    }
    hpcstpf_start_upload(h);
    hpcstpf_finish_upload(h);
  }
  hpcstpf_close(h);
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(double(a[i]), 0.5 * THREADS) << i;
  upc_barrier;
}

}  // namespace
