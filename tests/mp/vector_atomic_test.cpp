// Vector transfers and remote atomics: getv / putv of many indices on each thread agree with element
// accesses; accv with sum / min / max / replace under contention from every thread gives exactly the
// expected element values for int32, int64 and double; atomic_fetch_add under contention counts exactly and
// hands out every ticket once; compare-and-swap elects exactly one winner; fetch_min / fetch_max / swap /
// load.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <pgas/upc.hpp>
#include <random>
#include <string>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

const auto kT = [] { return static_cast<std::size_t>(THREADS); };

std::string block_name(std::size_t block) {
  return block == indefinite ? std::string("indefinite") : "block " + std::to_string(block);
}

// Indices of the n elements that live on `thread`, in a scrambled order with some repeated.
std::vector<std::size_t> indices_on(std::size_t n, std::size_t block, int thread, unsigned seed) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < n; ++i)
    if (mp::where(i, block, THREADS).thread == thread) idx.push_back(i);
  std::mt19937 random(seed);
  std::shuffle(idx.begin(), idx.end(), random);
  return idx;
}

template <class T>
class VectorOps : public testing::Test {};
using VectorTypes = testing::Types<int, long long, double>;
TYPED_TEST_SUITE(VectorOps, VectorTypes);

TYPED_TEST(VectorOps, GetvMatchesElementReads) {
  using T = TypeParam;
  for (std::size_t block : {std::size_t{1}, std::size_t{3}, indefinite}) {
    SCOPED_TRACE(block_name(block));
    const std::size_t n = 9 * kT() + 4;
    shared_array<T> a(n, block);
    upc_forall(std::size_t i = 0, i < n, ++i, &a[i]) a[i] = static_cast<T>(static_cast<long long>(i) * 5 - 3);
    upc_barrier;
    for (int t = 0; t < THREADS; ++t) {
      std::vector<std::size_t> idx = indices_on(n, block, t, static_cast<unsigned>(t * 7 + MYTHREAD));
      if (!idx.empty()) idx.push_back(idx.front());  // a repeated index
      std::vector<T> got(idx.size(), static_cast<T>(-1));
      getv(a, t, std::span<const std::size_t>(idx), got.data());
      for (std::size_t k = 0; k < idx.size(); ++k) {
        EXPECT_EQ(got[k], T(a[idx[k]])) << "thread " << t << " index " << idx[k];
        EXPECT_EQ(got[k], static_cast<T>(static_cast<long long>(idx[k]) * 5 - 3)) << "index " << idx[k];
      }
    }
    upc_barrier;
  }
}

TYPED_TEST(VectorOps, PutvWritesEveryIndex) {
  using T = TypeParam;
  for (std::size_t block : {std::size_t{1}, std::size_t{3}, indefinite}) {
    SCOPED_TRACE(block_name(block));
    const std::size_t n = 9 * kT() + 4;
    shared_array<T> a(n, block);
    // Each thread writes all elements of its right neighbour (so every element has one writer); with an
    // indefinite block everything is on thread 0, written by the last thread.
    const int target = (MYTHREAD + 1) % THREADS;
    std::vector<std::size_t> idx = indices_on(n, block, target, static_cast<unsigned>(MYTHREAD));
    std::vector<T> values;
    for (std::size_t i : idx) values.push_back(static_cast<T>(static_cast<long long>(i) * 11 + MYTHREAD));
    putv(a, target, std::span<const std::size_t>(idx), values.data());
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) {
      const int writer = (mp::where(i, block, THREADS).thread + THREADS - 1) % THREADS;
      EXPECT_EQ(T(a[i]), static_cast<T>(static_cast<long long>(i) * 11 + writer)) << "i=" << i;
    }
    upc_barrier;
  }
}

// Value thread t contributes to element i.
long long contribution(std::size_t i, int t) { return static_cast<long long>(i % 13) - 4 + 3 * t; }

TYPED_TEST(VectorOps, AccumulateUnderContentionIsExact) {
  using T = TypeParam;
  const std::size_t n = 5 * kT() + 3, block = 2;
  const int rounds = 20;
  shared_array<T> sum(n, block), lo(n, block), hi(n, block), rep(n, block);
  // Initial values for min / max, set with accv replace by the owner.
  for (int t = 0; t < THREADS; ++t) {
    if (t != MYTHREAD) continue;
    std::vector<std::size_t> idx = indices_on(n, block, t, 1);
    std::vector<T> big(idx.size(), static_cast<T>(1000)), small(idx.size(), static_cast<T>(-1000));
    accv(lo, t, std::span<const std::size_t>(idx), big.data(), accumulate::replace);
    accv(hi, t, std::span<const std::size_t>(idx), small.data(), accumulate::replace);
  }
  upc_barrier;
  // Every thread combines into every element, many times, one vector call per target thread.
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < THREADS; ++k) {
      const int t = (MYTHREAD + k) % THREADS;
      std::vector<std::size_t> idx = indices_on(n, block, t, static_cast<unsigned>(r * 31 + MYTHREAD));
      std::vector<T> add, mins, maxs, same;
      for (std::size_t i : idx) {
        add.push_back(static_cast<T>(contribution(i, MYTHREAD)));
        mins.push_back(static_cast<T>(contribution(i, MYTHREAD) * 10 - r));
        maxs.push_back(static_cast<T>(contribution(i, MYTHREAD) * 10 + r));
        same.push_back(static_cast<T>(static_cast<long long>(i) + 77));
      }
      const std::span<const std::size_t> s(idx);
      accv(sum, t, s, add.data(), accumulate::sum);
      accv(lo, t, s, mins.data(), accumulate::min);
      accv(hi, t, s, maxs.data(), accumulate::max);
      accv(rep, t, s, same.data(), accumulate::replace);
    }
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) {
    long long total = 0, expected_lo = 1000, expected_hi = -1000;
    for (int t = 0; t < THREADS; ++t) {
      total += contribution(i, t);
      expected_lo = std::min(expected_lo, contribution(i, t) * 10 - (rounds - 1));
      expected_hi = std::max(expected_hi, contribution(i, t) * 10 + (rounds - 1));
    }
    EXPECT_EQ(T(sum[i]), static_cast<T>(total * rounds)) << "sum, i=" << i;
    EXPECT_EQ(T(lo[i]), static_cast<T>(expected_lo)) << "min, i=" << i;
    EXPECT_EQ(T(hi[i]), static_cast<T>(expected_hi)) << "max, i=" << i;
    EXPECT_EQ(T(rep[i]), static_cast<T>(static_cast<long long>(i) + 77)) << "replace, i=" << i;
  }
  upc_barrier;
}

TEST(VectorOps, AccumulateRepeatedIndexAppliesEachTime) {
  const std::size_t n = 2 * kT();
  shared_array<long long> a(n);
  const int t = (MYTHREAD + 1) % THREADS;
  std::vector<std::size_t> idx = indices_on(n, 1, t, 5);
  std::vector<std::size_t> thrice;
  for (int rep = 0; rep < 3; ++rep) thrice.insert(thrice.end(), idx.begin(), idx.end());
  std::vector<long long> ones(thrice.size(), MYTHREAD + 1);
  accv(a, t, std::span<const std::size_t>(thrice), ones.data(), accumulate::sum);
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) {
    const int adder = (mp::where(i, 1, THREADS).thread + THREADS - 1) % THREADS;
    EXPECT_EQ(static_cast<long long>(a[i]), 3LL * (adder + 1)) << "i=" << i;
  }
  upc_barrier;
}

TEST(Atomics, FetchAddContentionCountsExactlyAndHandsOutEveryTicketOnce) {
  const long long total = 20000;
  shared_var<long long> counter;
  shared_array<unsigned char> ticket(static_cast<std::size_t>(total));  // cyclic: marks go everywhere
  const global_ptr<long long> c = &counter;
  std::vector<long long> mine;
  for (long long k = 0; k < mp::share_of(total, MYTHREAD); ++k) mine.push_back(atomic_fetch_add(c, 1LL));
  long long out_of_range = 0;
  for (long long old : mine) {
    if (old < 0 || old >= total)
      ++out_of_range;
    else
      ticket[static_cast<std::size_t>(old)] = 1;
  }
  EXPECT_EQ(out_of_range, 0);
  EXPECT_TRUE(std::is_sorted(mine.begin(), mine.end())) << "one thread's tickets must increase";
  upc_barrier;
  EXPECT_EQ(atomic_load(c), total);
  EXPECT_EQ(static_cast<long long>(counter), total);
  // Every ticket handed out exactly once: `total` tickets, all distinct, all in range.
  long long missing = 0;
  for (unsigned char v : ticket.local_part()) missing += v != 1;
  EXPECT_EQ(mp::sum_over_threads(missing), 0);
}

TEST(Atomics, FetchAddOnEveryThreadsElementsWithSeveralTypes) {
  shared_array<int> i32(kT());
  shared_array<unsigned> u32(kT(), 1);
  shared_array<long long> i64(kT());
  shared_array<unsigned long long> u64(kT());
  const int rounds = 300;
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t t = 0; t < kT(); ++t) {
      atomic_fetch_add(&i32[t], -2);
      atomic_fetch_add(&u32[t], 3u);
      atomic_fetch_add(&i64[t], 1LL << 33);
      atomic_fetch_add(&u64[t], 5ULL);
    }
  }
  upc_barrier;
  const long long adds = static_cast<long long>(rounds) * THREADS;
  for (std::size_t t = 0; t < kT(); ++t) {
    EXPECT_EQ(int(i32[t]), static_cast<int>(-2 * adds));
    EXPECT_EQ(unsigned(u32[t]), static_cast<unsigned>(3 * adds));
    EXPECT_EQ(static_cast<long long>(i64[t]), adds << 33);
    EXPECT_EQ(static_cast<unsigned long long>(u64[t]), static_cast<unsigned long long>(5 * adds));
    EXPECT_EQ(atomic_load(&i64[t]), adds << 33);
  }
  upc_barrier;
}

TEST(Atomics, CompareSwapElectsExactlyOneWinner) {
  const int rounds = 30;
  shared_array<int> elected(static_cast<std::size_t>(rounds));
  shared_array<int> seen(static_cast<std::size_t>(rounds) * kT());  // what each thread's CAS returned
  shared_array<int> winners(static_cast<std::size_t>(rounds));
  for (int r = 0; r < rounds; ++r) {
    const int old = atomic_compare_swap(&elected[static_cast<std::size_t>(r)], 0, MYTHREAD + 1);
    seen[static_cast<std::size_t>(r) * kT() + static_cast<std::size_t>(MYTHREAD)] = old;
    if (old == 0) atomic_fetch_add(&winners[static_cast<std::size_t>(r)], 1);
  }
  upc_barrier;
  for (int r = 0; r < rounds; ++r) {
    const auto ur = static_cast<std::size_t>(r);
    EXPECT_EQ(int(winners[ur]), 1) << "round " << r;
    const int winner = elected[ur];
    EXPECT_TRUE(winner >= 1 && winner <= THREADS) << "round " << r << ": " << winner;
    for (std::size_t t = 0; t < kT(); ++t) {
      // The winner saw 0; every loser saw the winner's value.
      const int expected = static_cast<int>(t) + 1 == winner ? 0 : winner;
      EXPECT_EQ(int(seen[ur * kT() + t]), expected) << "round " << r << ", thread " << t;
    }
  }
  upc_barrier;
  // A failing CAS leaves the value alone; a matching one replaces it (64-bit).
  shared_var<long long> v;
  if (MYTHREAD == 0) {
    EXPECT_EQ(atomic_compare_swap(&v, 5LL, 9LL), 0LL);
    EXPECT_EQ(static_cast<long long>(v), 0LL);
    EXPECT_EQ(atomic_compare_swap(&v, 0LL, -(1LL << 40)), 0LL);
    EXPECT_EQ(static_cast<long long>(v), -(1LL << 40));
  }
  upc_barrier;
}

TEST(Atomics, FetchMinAndFetchMax) {
  shared_var<long long> lo, hi;
  if (MYTHREAD == 0) {
    lo = 1000000;
    hi = -1000000;
  }
  upc_barrier;
  std::mt19937 random(static_cast<unsigned>(MYTHREAD) + 17);
  long long my_min = 1000000, my_max = -1000000;
  std::vector<long long> old_lo, old_hi;
  for (int k = 0; k < 500; ++k) {
    const long long v = static_cast<long long>(random() % 200000) - 100000;
    my_min = std::min(my_min, v);
    my_max = std::max(my_max, v);
    old_lo.push_back(atomic_fetch_min(&lo, v));
    old_hi.push_back(atomic_fetch_max(&hi, v));
  }
  // The values this thread saw only go down (min) and up (max), and never past its own extremes.
  EXPECT_TRUE(std::is_sorted(old_lo.rbegin(), old_lo.rend()));
  EXPECT_TRUE(std::is_sorted(old_hi.begin(), old_hi.end()));
  auto mins = mp::all_gather(my_min), maxs = mp::all_gather(my_max);
  EXPECT_EQ(atomic_load(&lo), *std::min_element(mins.begin(), mins.end()));
  EXPECT_EQ(atomic_load(&hi), *std::max_element(maxs.begin(), maxs.end()));
  upc_barrier;
  // 32-bit, on an element of another thread.
  shared_array<int> e(kT());
  const std::size_t last = kT() - 1;
  if (MYTHREAD == 0) e[last] = 50;
  upc_barrier;
  atomic_fetch_min(&e[last], 40 - MYTHREAD);
  upc_barrier;
  EXPECT_EQ(int(e[last]), 40 - (THREADS - 1));
  upc_barrier;
  atomic_fetch_max(&e[last], 100 + MYTHREAD);
  upc_barrier;
  EXPECT_EQ(int(e[last]), 100 + THREADS - 1);
  upc_barrier;
}

TEST(Atomics, SwapChainsEveryValueOnce) {
  // Each thread swaps its id + 1 in; the values returned plus the final value are 0, 1, ..., THREADS, each
  // exactly once (swaps form a chain).
  shared_var<int> s;
  const int old = atomic_swap(&s, MYTHREAD + 1);
  auto olds = mp::all_gather(old);
  std::vector<int> values = olds;
  values.push_back(atomic_load(&s));
  std::sort(values.begin(), values.end());
  std::vector<int> expected(kT() + 1);
  for (int v = 0; v <= THREADS; ++v) expected[static_cast<std::size_t>(v)] = v;
  EXPECT_EQ(values, expected);
  upc_barrier;
  // 64-bit swap on this thread's own element (a local target through the same interface).
  shared_array<unsigned long long> own(kT());
  global_ptr<unsigned long long> p = &own[static_cast<std::size_t>(MYTHREAD)];
  EXPECT_EQ(atomic_swap(p, ~0ULL), 0ULL);
  EXPECT_EQ(atomic_swap(p, 7ULL), ~0ULL);
  EXPECT_EQ(atomic_load(p), 7ULL);
  upc_barrier;
}

}  // namespace
