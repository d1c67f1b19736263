// upc_all_reduceT, upc_all_prefix_reduceT and upc_all_sort against a sequential reference, for random
// (type, op, nelems, blk_size, start) in random sync modes: every type suffix with every op defined for
// it, UPC_FUNC with a commutative function and UPC_NONCOMM_FUNC with non-commutative ones (whose results
// tell the element order apart).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "../mp/mp_util.hpp"
#include "coll_util.hpp"

using namespace pgas;

namespace {

std::size_t T() { return static_cast<std::size_t>(THREADS); }

const upc_op_t kOps[] = {UPC_ADD,   UPC_MULT, UPC_AND, UPC_OR,   UPC_XOR,         UPC_LOGAND,
                         UPC_LOGOR, UPC_MIN,  UPC_MAX, UPC_FUNC, UPC_NONCOMM_FUNC};

template <class X>
X add(X a, X b) {
  return static_cast<X>(a + b);
}
template <class X>
X first(X a, X) {  // associative, not commutative: a reduction of it is the first element
  return a;
}
template <class X>
X last(X, X b) {
  return b;
}

// The sequential definition, in element order; integer sums and products wrap (computed in unsigned long long
// and truncated: the same residue modulo 2^bits).
template <class X>
X combine(upc_op_t op, X a, X b, X (*func)(X, X)) {
  using Wide = std::conditional_t<std::is_integral_v<X>, unsigned long long, X>;
  switch (op) {
    case UPC_ADD:
      return static_cast<X>(static_cast<Wide>(a) + static_cast<Wide>(b));
    case UPC_MULT:
      return static_cast<X>(static_cast<Wide>(a) * static_cast<Wide>(b));
    case UPC_LOGAND:
      return static_cast<X>(a && b);
    case UPC_LOGOR:
      return static_cast<X>(a || b);
    case UPC_MIN:
      return std::min(a, b);
    case UPC_MAX:
      return std::max(a, b);
    default:
      break;
  }
  if constexpr (std::is_integral_v<X>) {
    if (op == UPC_AND) return static_cast<X>(a & b);
    if (op == UPC_OR) return static_cast<X>(a | b);
    if (op == UPC_XOR) return static_cast<X>(a ^ b);
  }
  return func(a, b);
}

// Each typed entry point, so the test runs through all of them.
template <class X>
struct Entry;
#define PGAS_TEST_ENTRY(S, TYPE)                              \
  template <>                                                 \
  struct Entry<TYPE> {                                        \
    static constexpr auto reduce = &upc_all_reduce##S;        \
    static constexpr auto prefix = &upc_all_prefix_reduce##S; \
    static constexpr const char *name = #S;                   \
  };
PGAS_UPC_REDUCE_TYPES(PGAS_TEST_ENTRY)
#undef PGAS_TEST_ENTRY

template <class X>
void check_type(std::uint32_t salt) {
  coll_test::Same same(salt);
  constexpr std::size_t kCapacity = 400;
  const std::size_t cases = static_cast<std::size_t>(mp::scaled(4));
  for (upc_op_t op : kOps) {
    if (!std::is_integral_v<X> && (op == UPC_AND || op == UPC_OR || op == UPC_XOR)) continue;
    for (std::size_t c = 0; c < cases; ++c) {
      const std::size_t blk = same.below(4) == 0 ? 0 : same.between(1, 9);
      const std::size_t nelems = same.between(1, 200);
      // Any start: the phase of src (and of dst) is respected (UPC 1.3 library 7.3.2.1), so element i is
      // src[start + i] whatever the start's phase.
      const std::size_t start = same.below(50);
      const coll_test::Mode &mode = coll_test::kModes[same.below(9)];
      X(*func)
      (X, X) = op == UPC_FUNC ? &add<X> : op == UPC_NONCOMM_FUNC ? (c % 2 ? &first<X> : &last<X>) : nullptr;
      shared_array<X> src(kCapacity, blk), dst(kCapacity, blk), result(T());
      std::vector<X> values(nelems);
      for (std::size_t i = 0; i < nelems; ++i) {
        // Small values keep sums and products exact in every type; MULT mostly by one.
        const std::size_t r = same.below(op == UPC_MULT ? 8 : 60);
        values[i] = static_cast<X>(op == UPC_MULT ? (r < 6 ? 1 : 2) : r);
      }
      for (std::size_t i = 0; i < nelems; ++i)
        if (src[start + i].is_local()) src[start + i] = values[i];
      const std::size_t root = same.below(T());
      if (!mode.in_my) upc_barrier;
      // With IN_MYSYNC nobody reads another thread's elements before it entered: no barrier needed.
      Entry<X>::reduce(&result[root], src.ptr() + static_cast<std::ptrdiff_t>(start), op, nelems, blk, func,
                       mode.flags, std::source_location::current());
      Entry<X>::prefix(dst.ptr() + static_cast<std::ptrdiff_t>(start),
                       src.ptr() + static_cast<std::ptrdiff_t>(start), op, nelems, blk, func, mode.flags,
                       std::source_location::current());
      // With OUT_MYSYNC or OUT_ALLSYNC nobody reads this thread's elements any more: scribbled over, a
      // reader that was not done would compute something else.
      if (!mode.out_no)
        for (std::size_t i = 0; i < nelems; ++i)
          if (src[start + i].is_local()) src[start + i] = static_cast<X>(99);
      upc_barrier;
      std::vector<X> prefix(values);
      for (std::size_t i = 1; i < nelems; ++i) prefix[i] = combine(op, prefix[i - 1], values[i], func);
      const std::string what = std::string(Entry<X>::name) + " op " + std::to_string(op) + " nelems " +
                               std::to_string(nelems) + " blk_size " + std::to_string(blk) + " start " +
                               std::to_string(start) + " " + mode.name + " seed " +
                               std::to_string(coll_test::seed());
      if (MYTHREAD == static_cast<int>(root)) {
        EXPECT_TRUE(X(result[root]) == prefix.back()) << "reduce " << what;
      }
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < nelems; ++i)
        if (dst[start + i].is_local() && !(X(dst[start + i]) == prefix[i])) ++wrong;
      EXPECT_EQ(wrong, 0u) << "prefix reduce " << what;
      upc_barrier;
      ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
    }
  }
}

TEST(Reduce, EveryTypeAndOpMatchesTheSequentialReference) {
  std::uint32_t salt = 100;
#define PGAS_TEST_TYPE(S, TYPE) check_type<TYPE>(salt++);
  PGAS_UPC_REDUCE_TYPES(PGAS_TEST_TYPE)
#undef PGAS_TEST_TYPE
}

// The phase of src is respected (UPC 1.3 library 7.3.2.1): two elements from &A[3] of a shared [4] array
// are A[3] and A[4] (the next block, on the next thread), and a prefix reduction from &B[3] writes B[3]
// and B[4].
TEST(Reduce, APointerInsideABlockStartsAtItsPhase) {
  shared_array<long> a(8 * T(), 4), b(8 * T(), 4), result(1);
  for (std::size_t i = 0; i < 8 * T(); ++i)
    if (a[i].is_local()) a[i] = 1L << i;
  upc_barrier;
  const auto from = a.ptr() + 3, to = b.ptr() + 3;
  upc_all_reduceL(&result[0], from, UPC_ADD, 2, 4, nullptr, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  upc_all_prefix_reduceL(to, from, UPC_ADD, 3, 4, nullptr, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  if (MYTHREAD == 0) {
    EXPECT_EQ(long(result[0]), (1L << 3) + (1L << 4));
    EXPECT_EQ(long(b[2]), 0);
    EXPECT_EQ(long(b[3]), 1L << 3);
    EXPECT_EQ(long(b[4]), (1L << 3) + (1L << 4));
    EXPECT_EQ(long(b[5]), (1L << 3) + (1L << 4) + (1L << 5));
    EXPECT_EQ(long(b[6]), 0);
  }
  upc_barrier;
  ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
}

// Each thread posts its part of a reduction in a ring of 32 slots, read by the thread holding dst. A reader
// that falls more than a ring of calls behind must still find its call's partials: here thread 1 reads the
// first call late, while the next 40 go to thread 0 and read only the last thread's block (so thread 0 does
// not wait for thread 1), and the last thread, which posts in all of them, must not overwrite its first
// partial before thread 1 has read it.
TEST(Reduce, APartialWaitsForAReaderARingBehind) {
  constexpr std::size_t kBlock = 4;
  constexpr upc_flag_t kNoSync = UPC_IN_NOSYNC | UPC_OUT_NOSYNC;
  const std::size_t n = kBlock * T(), late_reader = 1 % T(), last = T() - 1;
  shared_array<long> src(n, kBlock), result(T());
  for (std::size_t i = 0; i < n; ++i)
    if (src[i].is_local()) src[i] = static_cast<long>(i);
  upc_barrier;
  if (MYTHREAD == static_cast<int>(late_reader)) usleep(300000);
  upc_all_reduceL(&result[late_reader], src, UPC_ADD, n, kBlock, nullptr, kNoSync);
  const auto last_block = src.ptr() + static_cast<std::ptrdiff_t>(last * kBlock);
  for (int call = 0; call < 40; ++call)
    upc_all_reduceL(&result[0], last_block, UPC_ADD, kBlock, kBlock, nullptr, kNoSync);
  upc_barrier;
  if (MYTHREAD == static_cast<int>(late_reader)) {
    EXPECT_EQ(long(result[late_reader]), long(n * (n - 1) / 2));
  }
  if (MYTHREAD == 0) {
    EXPECT_EQ(long(result[0]), long(kBlock * last * kBlock + kBlock * (kBlock - 1) / 2));
  }
  upc_barrier;
  ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
}

struct Item {
  int key;
  int serial;  // tells a stable sort from an unstable one
  char pad[4];
};

int by_key(global_ptr<void> a, global_ptr<void> b) {
  const Item x = *global_ptr<Item>(a, 1), y = *global_ptr<Item>(b, 1);
  return (x.key > y.key) - (x.key < y.key);
}

TEST(Sort, SortsStablyInEveryLayout) {
  coll_test::Same same(7);
  const std::size_t cases = static_cast<std::size_t>(mp::scaled(12));
  for (std::size_t c = 0; c < cases; ++c) {
    const std::size_t blk = same.below(4) == 0 ? 0 : same.between(1, 7);
    const std::size_t nelems = same.between(1, 120);
    const coll_test::Mode &mode = coll_test::kModes[c % 9];
    shared_array<Item> a(nelems, blk);
    std::vector<Item> items(nelems);
    for (std::size_t i = 0; i < nelems; ++i)
      items[i] = {static_cast<int>(same.below(10)), static_cast<int>(i), {}};
    for (std::size_t i = 0; i < nelems; ++i)
      if (a[i].is_local()) a[i] = items[i];
    if (!mode.in_my) upc_barrier;
    upc_all_sort(a, sizeof(Item), nelems, blk, &by_key, mode.flags);
    upc_barrier;
    std::stable_sort(items.begin(), items.end(), [](const Item &x, const Item &y) { return x.key < y.key; });
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < nelems; ++i) {
      const Item got = a[i];
      if (got.key != items[i].key || got.serial != items[i].serial) ++wrong;
    }
    EXPECT_EQ(wrong, 0u) << "nelems " << nelems << " blk_size " << blk << " " << mode.name;
    upc_barrier;
    ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
  }
}

}  // namespace
