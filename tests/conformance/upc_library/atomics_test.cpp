// UPC 1.3 optional library section 7.6 (lib/opt/upc-lib-atomic-ops.tex, <upc_atomic.h>) on the integer
// types: every thread applies every operation to cells on every thread at once, and the final values are
// the ones the text's definitions give whatever the interleaving ("*target = *target (+) *operand1", ...),
// with C's unsigned wrap-around ("overflows ... are handled as specified in [ISO/IEC00]"). Plain accesses
// to the cells are separated from the atomic ones by barriers (7.6.2 paragraph 2's footnote).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

constexpr upc_op_t kIntegerOps = UPC_GET | UPC_SET | UPC_CSWAP | UPC_AND | UPC_OR | UPC_XOR | UPC_ADD |
                                 UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MAX | UPC_MIN;

// 7.6 paragraph 1: __UPC_ATOMIC__ is 1; 7.6.3.2: the hints are positive and distinct, UPC_ATOMIC_HINT_DEFAULT
// is 0; 7.6.4.1: each operation value "has a unique bitwise representation that can be unambiguously tested
// using the bitwise AND operator".
TEST(UpcAtomic, HeaderDefinitions) {
  static_assert(__UPC_ATOMIC__ == 1);
  static_assert(UPC_ATOMIC_HINT_DEFAULT == 0);
  static_assert(UPC_ATOMIC_HINT_LATENCY > 0 && UPC_ATOMIC_HINT_THROUGHPUT > 0);
  static_assert(UPC_ATOMIC_HINT_LATENCY != UPC_ATOMIC_HINT_THROUGHPUT);
  const upc_op_t ops[] = {UPC_GET, UPC_SET,  UPC_CSWAP, UPC_AND, UPC_OR,  UPC_XOR, UPC_ADD,
                          UPC_SUB, UPC_MULT, UPC_INC,   UPC_DEC, UPC_MAX, UPC_MIN};
  for (upc_op_t a : ops) {
    EXPECT_NE(a, 0);
    for (upc_op_t b : ops)
      if (a != b) {
        EXPECT_EQ(a & b, 0) << a << " and " << b << " share bits";
      }
    EXPECT_NE(kIntegerOps & a, 0);
  }
}

// 7.6.4.1: collective, "The return value on every thread points to the same atomicity domain object";
// 7.6.4.2: freeing a null pointer is no action. The hints may be ignored (any value is accepted).
TEST(UpcAtomic, DomainIsTheSameOnEveryThread) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_MAX | UPC_MIN, 0);
  upc_atomicdomain_t *e = upc_all_atomicdomain_alloc(UPC_INT, UPC_INC, UPC_ATOMIC_HINT_LATENCY);
  upc_atomicdomain_t *f = upc_all_atomicdomain_alloc(UPC_UINT64, UPC_ADD, UPC_ATOMIC_HINT_THROUGHPUT);
  ASSERT_NE(d, nullptr);
  const auto all = conf::all_gather(d);
  for (std::size_t t = 0; t < nthreads(); ++t) EXPECT_EQ(all[t], d) << "thread " << t;
  EXPECT_NE(d, e);
  // The text's example: a fetch-and-increment of a uint64_t.
  shared_array<std::uint64_t> val(1);
  if (me() == 0) val[0] = 42;
  upc_barrier;
  upc_atomicdomain_t *inc = upc_all_atomicdomain_alloc(UPC_UINT64, UPC_INC, 0);
  std::uint64_t oldval = 0;
  upc_atomic_relaxed(inc, &oldval, UPC_INC, &val[0], nullptr, nullptr);
  EXPECT_GE(oldval, 42u);
  EXPECT_LT(oldval, 42u + nthreads());
  upc_barrier;
  EXPECT_EQ(static_cast<std::uint64_t>(val[0]), 42u + nthreads());
  (void)upc_atomic_isfast(UPC_UINT64, UPC_INC, &val[0]);  // 7.6.4.4: any answer is a valid hint
  upc_barrier;
  upc_all_atomicdomain_free(inc);
  upc_all_atomicdomain_free(f);
  upc_all_atomicdomain_free(e);
  upc_all_atomicdomain_free(d);
  upc_all_atomicdomain_free(nullptr);
}

// 7.6.4.2: "The atomicity domain referenced by ptr is guaranteed to remain valid until all threads have
// entered the call to upc_all_atomicdomain_free": a late thread still uses it after the others entered.
TEST(UpcAtomic, DomainStaysValidUntilEveryThreadHasEntered) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_GET, 0);
  shared_array<long> cell(1);
  upc_barrier;
  if (me() == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const long one = 1;
    long got = -1;
    upc_atomic_relaxed(d, nullptr, UPC_ADD, &cell[0], &one, nullptr);
    upc_atomic_relaxed(d, &got, UPC_GET, &cell[0], nullptr, nullptr);
    EXPECT_EQ(got, 1);
  }
  upc_all_atomicdomain_free(d);
  upc_barrier;  // before the collective free of `cell`
}

// The cells of one integer case, one role each, spread cyclically over the threads.
enum Role { kAdd, kIncDec, kSub, kMax, kMin, kOr, kAnd, kXor, kMult, kCasCounter, kCasRace, kSwap, kRoles };

template <class V>
void run_integer_case(upc_type_t code) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(code, kIntegerOps, 0);
  shared_array<V> cell(kRoles);
  const long n = conf::scaled(150);
  const V t = static_cast<V>(nthreads()), mine = static_cast<V>(me());
  const auto at = [&](Role r) { return global_ptr<void>(&cell[static_cast<std::size_t>(r)]); };
  const auto op = [&](V *fetch, upc_op_t o, Role r, const V *a, const V *b, bool strict) {
    if (strict) {
      upc_atomic_strict(d, fetch, o, at(r), a, b);
    } else {
      upc_atomic_relaxed(d, fetch, o, at(r), a, b);
    }
  };
  const V bits = static_cast<V>(0x3FFFFFFF);
  if (me() == 0) {
    cell[kSub] = static_cast<V>(1000000);
    cell[kMin] = static_cast<V>(1000000);
    cell[kAnd] = bits;
    cell[kMult] = static_cast<V>(1);
  }
  upc_barrier;
  const V step = static_cast<V>(mine + 1);
  V last = 0, fetched = 0;
  long not_increasing = 0;
  for (long k = 0; k < n; ++k) {
    const bool strict = k % 2 == 1;
    op(&fetched, UPC_ADD, kAdd, &step, nullptr, strict);
    if (k > 0 && !(fetched > last)) ++not_increasing;  // all operands are positive: the value only grows
    last = fetched;
    op(nullptr, UPC_INC, kIncDec, nullptr, nullptr, strict);
    if (k % 2 == 0) op(nullptr, UPC_DEC, kIncDec, nullptr, nullptr, !strict);
    op(nullptr, UPC_SUB, kSub, &step, nullptr, strict);
    const V big = static_cast<V>(mine * 1000 + static_cast<V>(k)), small = static_cast<V>(500 + big);
    op(nullptr, UPC_MAX, kMax, &big, nullptr, strict);
    op(nullptr, UPC_MIN, kMin, &small, nullptr, strict);
    // The compare-and-swap counter: read, then swap in old + 1 until no other thread came between.
    for (;;) {
      V old = 0, got = 0;
      op(&old, UPC_GET, kCasCounter, nullptr, nullptr, strict);
      const V next = static_cast<V>(old + 1);
      op(&got, UPC_CSWAP, kCasCounter, &old, &next, strict);
      if (got == old) break;  // 7.6.4.3: the fetched value is the one before the operation
    }
  }
  const V bit = static_cast<V>(V{1} << me());
  const V not_bit = static_cast<V>(~bit);
  op(nullptr, UPC_OR, kOr, &bit, nullptr, false);
  op(nullptr, UPC_AND, kAnd, &not_bit, nullptr, true);
  for (int k = 0; k < 3; ++k) op(nullptr, UPC_XOR, kXor, &bit, nullptr, k == 1);
  const V three = 3;
  op(nullptr, UPC_MULT, kMult, &three, nullptr, false);
  op(nullptr, UPC_MULT, kMult, &three, nullptr, true);
  // One compare-and-swap of 0 by every thread: exactly one finds 0 (7.6.4.3's footnote: no spurious
  // failure).
  const V zero = 0, me1 = static_cast<V>(mine + 1);
  V race = 99;
  op(&race, UPC_CSWAP, kCasRace, &zero, &me1, true);
  // Swaps (UPC_SET with a fetch pointer): every value written is fetched exactly once, by the next swap,
  // or is the final value.
  const std::size_t kSwaps = 20;
  shared_array<V> swapped(kSwaps * nthreads());
  for (std::size_t k = 0; k < kSwaps; ++k) {
    const V value = static_cast<V>((me() + 1) * 1000 + k + 1);
    V previous = 0;
    op(&previous, UPC_SET, kSwap, &value, nullptr, k % 2 == 0);
    swapped[me() * kSwaps + k] = previous;
  }
  EXPECT_EQ(not_increasing, 0);
  upc_barrier;
  const V nn = static_cast<V>(n), tri = static_cast<V>(t * (t + 1) / 2);
  EXPECT_EQ(static_cast<V>(cell[kAdd]), static_cast<V>(nn * tri));
  EXPECT_EQ(static_cast<V>(cell[kIncDec]), static_cast<V>(t * (nn - (nn + 1) / 2)));
  EXPECT_EQ(static_cast<V>(cell[kSub]), static_cast<V>(1000000 - nn * tri));
  EXPECT_EQ(static_cast<V>(cell[kMax]), static_cast<V>((t - 1) * 1000 + nn - 1));
  EXPECT_EQ(static_cast<V>(cell[kMin]), static_cast<V>(500));
  const V all_bits = static_cast<V>((V{1} << nthreads()) - 1);
  EXPECT_EQ(static_cast<V>(cell[kOr]), all_bits);
  EXPECT_EQ(static_cast<V>(cell[kAnd]), static_cast<V>(bits & ~all_bits));
  EXPECT_EQ(static_cast<V>(cell[kXor]), all_bits);
  V power = 1;
  for (std::size_t k = 0; k < 2 * nthreads(); ++k) power = static_cast<V>(power * 3);
  EXPECT_EQ(static_cast<V>(cell[kMult]), power);
  EXPECT_EQ(static_cast<V>(cell[kCasCounter]), static_cast<V>(nn * t));
  const auto races = conf::all_gather(race);
  const long winners = std::count(races.begin(), races.end(), V{0});
  EXPECT_EQ(winners, 1);
  for (std::size_t th = 0; th < nthreads(); ++th)
    if (races[th] == 0) {
      EXPECT_EQ(static_cast<V>(cell[kCasRace]), static_cast<V>(th + 1));
    } else {
      EXPECT_NE(races[th], static_cast<V>(th + 1)) << "a failed swap fetches the current value";
    }
  std::vector<V> fetched_values, written{V{0}};
  for (std::size_t i = 0; i < kSwaps * nthreads(); ++i) fetched_values.push_back(swapped[i]);
  fetched_values.push_back(cell[kSwap]);
  for (std::size_t th = 0; th < nthreads(); ++th)
    for (std::size_t k = 0; k < kSwaps; ++k) written.push_back(static_cast<V>((th + 1) * 1000 + k + 1));
  std::sort(fetched_values.begin(), fetched_values.end());
  std::sort(written.begin(), written.end());
  EXPECT_EQ(fetched_values, written) << "a swap lost or duplicated a value";
  // UPC_GET reads what a plain read reads once the phase has changed.
  for (int r = 0; r < kRoles; ++r) {
    V got = 0;
    upc_atomic_relaxed(d, &got, UPC_GET, at(static_cast<Role>(r)), nullptr, nullptr);
    EXPECT_EQ(got, static_cast<V>(cell[static_cast<std::size_t>(r)])) << "role " << r;
  }
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

TEST(UpcAtomicIntegers, Int) { run_integer_case<int>(UPC_INT); }
TEST(UpcAtomicIntegers, UnsignedInt) { run_integer_case<unsigned>(UPC_UINT); }
TEST(UpcAtomicIntegers, Long) { run_integer_case<long>(UPC_LONG); }
TEST(UpcAtomicIntegers, UnsignedLong) { run_integer_case<unsigned long>(UPC_ULONG); }
TEST(UpcAtomicIntegers, Int32) { run_integer_case<std::int32_t>(UPC_INT32); }
TEST(UpcAtomicIntegers, Uint32) { run_integer_case<std::uint32_t>(UPC_UINT32); }
TEST(UpcAtomicIntegers, Int64) { run_integer_case<std::int64_t>(UPC_INT64); }
TEST(UpcAtomicIntegers, Uint64) { run_integer_case<std::uint64_t>(UPC_UINT64); }

// 7.6.4.3: "the value computed by op and stored in *target shall be equal to the value that would have been
// computed by passing the operands to the corresponding built-in language operator": unsigned arithmetic
// wraps around; the signed types' limits are reached by MIN and MAX without overflow.
template <class V>
void expect_wraps(upc_type_t code) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(code, kIntegerOps, 0);
  shared_array<V> cell(nthreads());
  const global_ptr<void> target(&cell[(me() + 1) % nthreads()]);  // another thread's cell, mine alone
  const V max = std::numeric_limits<V>::max(), a = static_cast<V>(max - 5), b = 10, two = 2;
  V old = 0;
  upc_atomic_relaxed(d, nullptr, UPC_SET, target, &a, nullptr);
  upc_atomic_relaxed(d, &old, UPC_ADD, target, &b, nullptr);
  EXPECT_EQ(old, a);
  upc_atomic_relaxed(d, &old, UPC_GET, target, nullptr, nullptr);
  EXPECT_EQ(old, static_cast<V>(a + b));
  upc_atomic_strict(d, nullptr, UPC_SUB, target, &b, nullptr);
  upc_atomic_strict(d, &old, UPC_GET, target, nullptr, nullptr);
  EXPECT_EQ(old, a);
  upc_atomic_relaxed(d, nullptr, UPC_SET, target, &max, nullptr);
  upc_atomic_relaxed(d, nullptr, UPC_INC, target, nullptr, nullptr);
  upc_atomic_relaxed(d, &old, UPC_GET, target, nullptr, nullptr);
  EXPECT_EQ(old, V{0});
  upc_atomic_relaxed(d, nullptr, UPC_DEC, target, nullptr, nullptr);
  upc_atomic_relaxed(d, &old, UPC_MULT, target, &two, nullptr);
  EXPECT_EQ(old, max);
  upc_atomic_relaxed(d, &old, UPC_GET, target, nullptr, nullptr);
  EXPECT_EQ(old, static_cast<V>(max * two));
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

template <class V>
void expect_signed_limits(upc_type_t code) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(code, kIntegerOps, 0);
  shared_array<V> cell(2);
  const V lo = std::numeric_limits<V>::min(), hi = std::numeric_limits<V>::max(), minus = -7;
  if (me() == 0) {
    cell[0] = 0;
    cell[1] = 0;
  }
  upc_barrier;
  upc_atomic_relaxed(d, nullptr, UPC_MIN, &cell[0], &lo, nullptr);
  upc_atomic_relaxed(d, nullptr, UPC_MAX, &cell[1], &hi, nullptr);
  upc_atomic_relaxed(d, nullptr, UPC_MIN, &cell[0], &minus, nullptr);
  upc_atomic_relaxed(d, nullptr, UPC_MAX, &cell[1], &minus, nullptr);
  upc_barrier;
  EXPECT_EQ(static_cast<V>(cell[0]), lo);
  EXPECT_EQ(static_cast<V>(cell[1]), hi);
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

TEST(UpcAtomicIntegers, UnsignedArithmeticWrapsAround) {
  expect_wraps<unsigned>(UPC_UINT);
  expect_wraps<unsigned long>(UPC_ULONG);
  expect_wraps<std::uint32_t>(UPC_UINT32);
  expect_wraps<std::uint64_t>(UPC_UINT64);
}

TEST(UpcAtomicIntegers, SignedMinAndMaxReachTheLimits) {
  expect_signed_limits<int>(UPC_INT);
  expect_signed_limits<long>(UPC_LONG);
  expect_signed_limits<std::int32_t>(UPC_INT32);
  expect_signed_limits<std::int64_t>(UPC_INT64);
}

}  // namespace
