// UPC 1.3 optional library section 7.6 (lib/opt/upc-lib-atomic-ops.tex): the floating-point types (accessors
// and numeric operations, 7.6.2's table) with operands whose sums and products are exact, UPC_PTS (accessors
// only; "the comparison shall be performed as specified in [UPC Language Specification Sec. 6.4.2];
// specifically, it ignores the phase component"), and upc_atomic_strict as a strict access that orders the
// caller's relaxed writes (7.6.4.3: it "atomically performs a strict shared read of *target followed by a
// strict shared write").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

constexpr upc_op_t kFloatOps =
    UPC_GET | UPC_SET | UPC_CSWAP | UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MAX | UPC_MIN;

enum Role { kAdd, kSub, kMult, kIncDec, kMax, kMin, kCasCounter, kRoles };

template <class V>
void run_float_case(upc_type_t code) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(code, kFloatOps, 0);
  shared_array<V> cell(kRoles);
  const long n = conf::scaled(100);
  const auto at = [&](Role r) { return global_ptr<void>(&cell[static_cast<std::size_t>(r)]); };
  if (me() == 0) {
    cell[kSub] = V(1000);
    cell[kMult] = V(1);
    cell[kMin] = V(1e6);
    cell[kMax] = V(-1e6);
  }
  upc_barrier;
  const V half = V(0.5), quarter = V(0.25), two = V(2), mine = V(static_cast<double>(me()));
  for (long k = 0; k < n; ++k) {
    const bool strict = k % 2 == 0;
    auto apply = [&](upc_op_t op, Role r, const V *a, const V *b) {
      if (strict) {
        upc_atomic_strict(d, nullptr, op, at(r), a, b);
      } else {
        upc_atomic_relaxed(d, nullptr, op, at(r), a, b);
      }
    };
    apply(UPC_ADD, kAdd, &half, nullptr);
    apply(UPC_SUB, kSub, &quarter, nullptr);
    apply(UPC_INC, kIncDec, nullptr, nullptr);
    if (k % 4 == 0) apply(UPC_DEC, kIncDec, nullptr, nullptr);
    const V v = V(mine * 100 + V(static_cast<double>(k)) - 50);
    apply(UPC_MAX, kMax, &v, nullptr);
    apply(UPC_MIN, kMin, &v, nullptr);
    for (;;) {
      V old = 0, got = 0;
      upc_atomic_relaxed(d, &old, UPC_GET, at(kCasCounter), nullptr, nullptr);
      const V next = old + V(1);
      upc_atomic_relaxed(d, &got, UPC_CSWAP, at(kCasCounter), &old, &next);
      if (got == old) break;
    }
  }
  upc_atomic_relaxed(d, nullptr, UPC_MULT, at(kMult), &two, nullptr);
  upc_barrier;
  const double t = static_cast<double>(nthreads()), nn = static_cast<double>(n);
  EXPECT_EQ(static_cast<V>(cell[kAdd]), V(0.5 * nn * t));
  EXPECT_EQ(static_cast<V>(cell[kSub]), V(1000 - 0.25 * nn * t));
  EXPECT_EQ(static_cast<V>(cell[kIncDec]), V(t * (nn - static_cast<double>((n + 3) / 4))));
  EXPECT_EQ(static_cast<V>(cell[kMax]), V((t - 1) * 100 + nn - 1 - 50));
  EXPECT_EQ(static_cast<V>(cell[kMin]), V(-50));
  V power = 1;
  for (std::size_t k = 0; k < nthreads(); ++k) power *= two;
  EXPECT_EQ(static_cast<V>(cell[kMult]), power);
  EXPECT_EQ(static_cast<V>(cell[kCasCounter]), V(nn * t));
  // A swap, and a compare-and-swap that fails and leaves the value (fetching it).
  upc_barrier;
  if (me() == nthreads() - 1) {
    const V x = V(3.75), y = V(-1.5), wrong = V(7);
    V old = 0;
    upc_atomic_strict(d, &old, UPC_SET, at(kAdd), &x, nullptr);
    EXPECT_EQ(old, V(0.5 * nn * t));
    upc_atomic_strict(d, &old, UPC_CSWAP, at(kAdd), &wrong, &y);
    EXPECT_EQ(old, x);
    upc_atomic_strict(d, &old, UPC_GET, at(kAdd), nullptr, nullptr);
    EXPECT_EQ(old, x);
    upc_atomic_strict(d, &old, UPC_CSWAP, at(kAdd), &x, &y);
    EXPECT_EQ(old, x);
    upc_atomic_strict(d, &old, UPC_GET, at(kAdd), nullptr, nullptr);
    EXPECT_EQ(old, y);
  }
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

// 7.6.4.3: UPC_CSWAP stores *operand2 when "*target == *operand1", and the values computed "shall be equal to
// the value that would have been computed by passing the operands to the corresponding built-in language
// operator": with C's ==, -0.0 equals +0.0, so the swap takes place although the bits differ. UPC_MIN and
// UPC_MAX are op1<op2?op1:op2 and op1>op2?op1:op2 (the core library's 7.3.1 table) with op1 = *target, op2 =
// *operand1
// ("*target = *target (+) *operand1").
template <class V>
void expect_signed_zeros(upc_type_t code) {
  upc_atomicdomain_t *d =
      upc_all_atomicdomain_alloc(code, UPC_GET | UPC_SET | UPC_CSWAP | UPC_MIN | UPC_MAX, 0);
  shared_array<V> cell(nthreads());
  const global_ptr<void> target(&cell[(me() + 1) % nthreads()]);  // another thread's cell, mine alone
  const V negative_zero = -V(0), positive_zero = V(0), one = V(1);
  V old = 7, now = 7;
  upc_atomic_relaxed(d, nullptr, UPC_SET, target, &negative_zero, nullptr);
  upc_atomic_relaxed(d, &old, UPC_CSWAP, target, &positive_zero, &one);
  EXPECT_TRUE(old == V(0) && std::signbit(old)) << "the fetched value is the old -0.0";
  upc_atomic_relaxed(d, &now, UPC_GET, target, nullptr, nullptr);
  EXPECT_EQ(now, one) << "-0.0 == +0.0 in C, so the compare-and-swap must store the new value";
  // MIN(+0.0, -0.0) = (+0.0 < -0.0) ? +0.0 : -0.0 = -0.0; MAX(-0.0, +0.0) = (-0.0 > +0.0) ? -0.0 : +0.0 =
  // +0.0.
  upc_atomic_relaxed(d, nullptr, UPC_SET, target, &positive_zero, nullptr);
  upc_atomic_relaxed(d, nullptr, UPC_MIN, target, &negative_zero, nullptr);
  upc_atomic_relaxed(d, &now, UPC_GET, target, nullptr, nullptr);
  EXPECT_TRUE(now == V(0) && std::signbit(now)) << "MIN(+0.0, -0.0) is op2, -0.0";
  upc_atomic_relaxed(d, nullptr, UPC_MAX, target, &positive_zero, nullptr);
  upc_atomic_relaxed(d, &now, UPC_GET, target, nullptr, nullptr);
  EXPECT_TRUE(now == V(0) && !std::signbit(now)) << "MAX(-0.0, +0.0) is op2, +0.0";
  // Quiet NaNs "are handled as specified in [ISO/IEC00]": every comparison with a NaN is false, so
  // MIN(NaN, 1) = MAX(NaN, 1) = 1 and MIN(1, NaN) = MAX(1, NaN) = NaN.
  const V nan = std::numeric_limits<V>::quiet_NaN();
  for (upc_op_t op : {UPC_MIN, UPC_MAX}) {
    upc_atomic_relaxed(d, nullptr, UPC_SET, target, &nan, nullptr);
    upc_atomic_relaxed(d, &old, op, target, &one, nullptr);
    EXPECT_TRUE(std::isnan(old));
    upc_atomic_relaxed(d, &now, UPC_GET, target, nullptr, nullptr);
    EXPECT_EQ(now, one) << (op == UPC_MIN ? "MIN" : "MAX") << "(NaN, 1) is op2, 1";
    upc_atomic_relaxed(d, nullptr, op, target, &nan, nullptr);
    upc_atomic_relaxed(d, &now, UPC_GET, target, nullptr, nullptr);
    EXPECT_TRUE(std::isnan(now)) << (op == UPC_MIN ? "MIN" : "MAX") << "(1, NaN) is op2, NaN";
  }
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

TEST(UpcAtomicFloating, SignedZerosAndNaNsCompareAsCDoes) {
  expect_signed_zeros<float>(UPC_FLOAT);
  expect_signed_zeros<double>(UPC_DOUBLE);
}

TEST(UpcAtomicFloating, Float) { run_float_case<float>(UPC_FLOAT); }
TEST(UpcAtomicFloating, Double) { run_float_case<double>(UPC_DOUBLE); }

// UPC_PTS with UPC_GET, UPC_SET and UPC_CSWAP on a pointer-to-shared in shared memory: values keep their
// thread, address and phase; exactly one of many simultaneous compare-and-swaps of the same expected value
// succeeds; the comparison ignores the phase.
TEST(UpcAtomicPts, AccessorsOnPointersToShared) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
  shared_array<int> objects(8 * nthreads(), 4);     // shared [4] int: pointers into it have phases
  shared_array<global_ptr<void>> cell(nthreads());  // cell[t] on thread t
  const global_ptr<void> target(&cell[0]);
  const global_ptr<void> initial(&objects[1]);  // thread 0, phase 1
  if (me() == 0) {
    upc_atomic_strict(d, nullptr, UPC_SET, target, &initial, nullptr);
  }
  upc_barrier;
  const std::size_t pick = 4 * me() + 2;  // phase 2 on thread me()
  const global_ptr<void> proposal(&objects[pick]);
  global_ptr<void> old;
  upc_atomic_relaxed(d, &old, UPC_CSWAP, target, &initial, &proposal);
  const bool won = old == initial;
  EXPECT_EQ(upc_phaseof(old), won ? 1u : 2u) << "the fetched pointer keeps its phase";
  long winners = 0;
  for (int w : conf::all_gather(won ? 1 : 0)) winners += w;
  EXPECT_EQ(winners, 1);
  global_ptr<void> now;
  upc_atomic_relaxed(d, &now, UPC_GET, target, nullptr, nullptr);
  EXPECT_EQ(upc_phaseof(now), 2u);
  EXPECT_TRUE(now == global_ptr<void>(&objects[4 * upc_threadof(now) + 2])) << "not any thread's proposal";
  // The phase does not take part in the comparison: the winner's pointer with its phase reset (same thread
  // and address, "identical to its input except that it has zero phase") matches.
  upc_barrier;
  if (won) {
    const global_ptr<void> reset = upc_resetphase(proposal);
    EXPECT_EQ(upc_phaseof(reset), 0u);
    const global_ptr<void> replacement(&objects[0]);
    upc_atomic_strict(d, &old, UPC_CSWAP, target, &reset, &replacement);
    EXPECT_TRUE(old == proposal);
    upc_atomic_strict(d, &now, UPC_GET, target, nullptr, nullptr);
    EXPECT_TRUE(now == replacement) << "the compare-and-swap with the phase reset failed";
  }
  // A cell of a declared array of pointers starts as null pointers (C's static initialization); one of
  // many simultaneous compare-and-swaps of null succeeds.
  shared_array<global_ptr<void>> fresh(1);
  const global_ptr<void> null;
  upc_atomic_strict(d, &old, UPC_CSWAP, &fresh[0], &null, &proposal);
  long null_winners = 0;
  for (int w : conf::all_gather(old == null ? 1 : 0)) null_winners += w;
  EXPECT_EQ(null_winners, 1);
  // Swaps of pointers on every thread's cell: the fetched value is the one before.
  upc_barrier;
  const global_ptr<void> mine(&cell[me()]);
  const global_ptr<void> first(&objects[me() * 3]), second(&objects[me() * 3 + 1]);
  upc_atomic_relaxed(d, nullptr, UPC_SET, mine, &first, nullptr);
  upc_atomic_relaxed(d, &old, UPC_SET, mine, &second, nullptr);
  EXPECT_TRUE(old == first);
  EXPECT_EQ(upc_phaseof(old), upc_phaseof(first));
  EXPECT_EQ(upc_threadof(old), upc_threadof(first));
  EXPECT_EQ(upc_addrfield(old), upc_addrfield(first));
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

// A strict atomic write after relaxed writes, and a strict atomic read before relaxed reads: once the
// reader sees the flag it sees the data (strict accesses order the caller's relaxed ones, 5.1.2.3 of the
// language specification).
TEST(UpcAtomicStrict, OrdersTheCallersRelaxedAccesses) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT, UPC_GET | UPC_SET, 0);
  shared_array<int> flag(nthreads());
  shared_array<long> data(64 * nthreads());  // cyclic: every thread holds some
  const std::size_t next = (me() + 1) % nthreads(), prev = (me() + nthreads() - 1) % nthreads();
  for (int round = 1; round <= 3; ++round) {
    for (std::size_t i = 0; i < 64; ++i) data[next * 64 + i] = static_cast<long>(round * 1000 + i + next);
    upc_atomic_strict(d, nullptr, UPC_SET, &flag[next], &round, nullptr);
    int seen = 0;
    while (seen != round) {
      upc_atomic_strict(d, &seen, UPC_GET, &flag[me()], nullptr, nullptr);
      if (seen != round) std::this_thread::yield();
    }
    long bad = 0;
    for (std::size_t i = 0; i < 64; ++i)
      if (static_cast<long>(data[me() * 64 + i]) != static_cast<long>(round * 1000 + i + me())) ++bad;
    EXPECT_EQ(bad, 0) << "round " << round << " (written by thread " << prev << ")";
    upc_barrier;
  }
  upc_all_atomicdomain_free(d);
}

}  // namespace
