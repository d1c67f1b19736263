// UPC 1.3 atomics (pgas/upc_atomic.h): every operation on every supported type, applied by all threads at
// once to one element (on the last thread, so remote for the others), strict and relaxed; the fetched old
// values; UPC_PTS (pointers-to-shared); upc_atomic_isfast.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

template <class Value>
struct Case {
  upc_type_t type;
  shared_array<Value> cell{static_cast<std::size_t>(THREADS)};  // element THREADS-1 is the target
  upc_atomicdomain_t *domain;

  explicit Case(upc_type_t t, upc_op_t ops) : type(t), domain(upc_all_atomicdomain_alloc(t, ops, 0)) {}
  ~Case() { upc_all_atomicdomain_free(domain); }
  global_ptr<Value> target() const { return &cell[static_cast<std::size_t>(THREADS - 1)]; }
  Value apply(upc_op_t op, Value a = Value{}, Value b = Value{}, bool strict = false) {
    Value old{};
    if (strict)
      upc_atomic_strict(domain, &old, op, target(), &a, &b);
    else
      upc_atomic_relaxed(domain, &old, op, target(), &a, &b);
    return old;
  }
  void set_everywhere(Value v) {
    upc_barrier;
    if (MYTHREAD == 0) apply(UPC_SET, v);
    upc_barrier;
  }
  Value get() { return apply(UPC_GET); }
  // After every thread's operations: the value every thread reads, before any thread goes on.
  long long settled() {
    upc_barrier;
    const auto v = static_cast<long long>(get());
    upc_barrier;
    return v;
  }
};

constexpr upc_op_t kNumeric = UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX;
constexpr upc_op_t kAccess = UPC_GET | UPC_SET | UPC_CSWAP;

template <class Value>
void check_numeric(upc_type_t type, bool strict) {
  SCOPED_TRACE(std::string(strict ? "strict" : "relaxed") + " type " + std::to_string(type));
  Case<Value> c(type, kNumeric | kAccess);
  const int rounds = static_cast<int>(mp::scaled(50));
  const auto threads = static_cast<long long>(THREADS);

  // UPC_ADD / UPC_INC: the old values fetched are all different, and the sum is exact.
  c.set_everywhere(Value{0});
  std::vector<long long> olds;
  for (int r = 0; r < rounds; ++r) {
    olds.push_back(static_cast<long long>(c.apply(UPC_ADD, Value{2}, Value{}, strict)));
    olds.push_back(static_cast<long long>(c.apply(UPC_INC, Value{}, Value{}, strict)));
  }
  EXPECT_EQ(c.settled(), threads * rounds * 3);
  for (std::size_t k = 1; k < olds.size(); ++k) EXPECT_LT(olds[k - 1], olds[k]);
  // UPC_SUB / UPC_DEC back to zero.
  for (int r = 0; r < rounds; ++r) {
    c.apply(UPC_SUB, Value{2}, Value{}, strict);
    c.apply(UPC_DEC, Value{}, Value{}, strict);
  }
  EXPECT_EQ(c.settled(), 0);
  // UPC_MULT: every thread doubles it twice (a compare-and-swap loop for every type).
  c.set_everywhere(Value{3});
  c.apply(UPC_MULT, Value{2}, Value{}, strict);
  c.apply(UPC_MULT, Value{2}, Value{}, strict);
  EXPECT_EQ(c.settled(), 3LL << (2 * threads));
  // UPC_MIN / UPC_MAX of every thread's number.
  c.set_everywhere(Value{50});
  c.apply(UPC_MIN, static_cast<Value>(10 + MYTHREAD), Value{}, strict);
  EXPECT_EQ(c.settled(), 10);
  c.apply(UPC_MAX, static_cast<Value>(60 + MYTHREAD), Value{}, strict);
  EXPECT_EQ(c.settled(), 60 + threads - 1);
  // UPC_CSWAP: a ticket each, taken by compare-and-swap until it succeeds.
  c.set_everywhere(Value{0});
  for (int r = 0; r < rounds; ++r) {
    Value seen = c.get();
    for (;;) {
      const Value old = c.apply(UPC_CSWAP, seen, static_cast<Value>(seen + 1), strict);
      if (old == seen) break;
      seen = old;
    }
  }
  EXPECT_EQ(c.settled(), threads * rounds);
  upc_barrier;
}

template <class Value>
void check_bits(upc_type_t type) {
  SCOPED_TRACE("type " + std::to_string(type));
  Case<Value> c(type, UPC_AND | UPC_OR | UPC_XOR | kAccess);
  const auto bit = static_cast<Value>(Value{1} << (MYTHREAD % 16));
  c.set_everywhere(Value{0});
  c.apply(UPC_OR, bit);
  upc_barrier;
  Value all{0};
  for (int t = 0; t < THREADS; ++t) all = static_cast<Value>(all | (Value{1} << (t % 16)));
  EXPECT_EQ(c.get(), all);
  upc_barrier;
  if (MYTHREAD < 16) c.apply(UPC_AND, static_cast<Value>(~bit));
  EXPECT_EQ(static_cast<Value>(c.settled()), Value{0});
  c.set_everywhere(Value{0});
  c.apply(UPC_XOR, Value{5});
  c.apply(UPC_XOR, Value{5});
  EXPECT_EQ(static_cast<Value>(c.settled()), Value{0});
  upc_barrier;
}

TEST(AtomicDomain, NumericOperationsOnEveryType) {
  for (bool strict : {false, true}) {
    check_numeric<int>(UPC_INT, strict);
    check_numeric<unsigned>(UPC_UINT, strict);
    check_numeric<long>(UPC_LONG, strict);
    check_numeric<unsigned long>(UPC_ULONG, strict);
    check_numeric<std::int32_t>(UPC_INT32, strict);
    check_numeric<std::uint32_t>(UPC_UINT32, strict);
    check_numeric<std::int64_t>(UPC_INT64, strict);
    check_numeric<std::uint64_t>(UPC_UINT64, strict);
    check_numeric<float>(UPC_FLOAT, strict);
    check_numeric<double>(UPC_DOUBLE, strict);
  }
}

TEST(AtomicDomain, BitOperationsOnIntegers) {
  check_bits<int>(UPC_INT);
  check_bits<unsigned>(UPC_UINT);
  check_bits<long>(UPC_LONG);
  check_bits<std::uint64_t>(UPC_UINT64);
}

// Floating-point UPC_CSWAP compares values: -0.0 equals 0.0.
TEST(AtomicDomain, FloatingCompareAndSwapComparesValues) {
  Case<double> c(UPC_DOUBLE, kAccess);
  c.set_everywhere(-0.0);
  if (MYTHREAD == 0) {
    EXPECT_EQ(c.apply(UPC_CSWAP, 0.0, 2.5), -0.0);
  }
  upc_barrier;
  EXPECT_EQ(c.get(), 2.5);
  upc_barrier;
}

// UPC_PTS: a pointer-to-shared keeps its thread, phase and address through the domain, and every thread's
// compare-and-swap increments of one pointer (remote for all but its owner) are all counted.
TEST(AtomicDomain, PointersToSharedThroughGetSetAndCompareAndSwap) {
  for (bool strict : {false, true}) {
    SCOPED_TRACE(strict ? "strict" : "relaxed");
    Case<global_ptr<void>> c(UPC_PTS, kAccess);
    const auto threads = static_cast<std::ptrdiff_t>(THREADS);
    const auto rounds = static_cast<std::ptrdiff_t>(mp::scaled(16));
    shared_array<int> data(static_cast<std::size_t>(4 * (rounds + 2) * threads), 4);
    const global_ptr<int> start = &data[5];  // phase 1 of a block of 4
    c.set_everywhere(start);
    const global_ptr<void> seen = c.get();
    EXPECT_TRUE(global_ptr<int>(seen) == start);
    EXPECT_EQ(upc_phaseof(seen), 1u);
    EXPECT_EQ(upc_threadof(seen), upc_threadof(start));
    upc_barrier;
    for (std::ptrdiff_t r = 0; r < rounds; ++r) {
      global_ptr<void> old = c.apply(UPC_GET, nullptr, nullptr, strict);
      for (;;) {
        const global_ptr<void> fetched = c.apply(UPC_CSWAP, old, global_ptr<int>(old) + 1, strict);
        if (fetched == old) break;
        old = fetched;
      }
    }
    upc_barrier;
    const global_ptr<int> want = start + rounds * threads;
    const global_ptr<void> end = c.get();
    EXPECT_TRUE(global_ptr<int>(end) == want) << "increments lost";
    EXPECT_EQ(upc_phaseof(end), upc_phaseof(want));
    upc_barrier;
    // A compare-and-swap that does not match changes nothing and fetches the current pointer; UPC_SET
    // fetches the pointer it replaces.
    if (MYTHREAD == 0) {
      EXPECT_TRUE(global_ptr<int>(c.apply(UPC_CSWAP, start, nullptr, strict)) == want);
      EXPECT_TRUE(global_ptr<int>(c.apply(UPC_SET, &data[2], nullptr, strict)) == want);
    }
    upc_barrier;
    EXPECT_TRUE(global_ptr<int>(c.get()) == &data[2]);
    EXPECT_EQ(upc_phaseof(c.get()), 2u);
    upc_barrier;
  }
}

TEST(AtomicDomain, OnlyEngineOperationsAreFast) {
  global_ptr<const void> any = nullptr;
  EXPECT_EQ(upc_atomic_isfast(UPC_LONG, UPC_ADD | UPC_CSWAP | UPC_XOR | UPC_MIN, any), 1);
  EXPECT_EQ(upc_atomic_isfast(UPC_LONG, UPC_ADD | UPC_MULT, any), 0);
  EXPECT_EQ(upc_atomic_isfast(UPC_DOUBLE, UPC_GET | UPC_SET, any), 1);
  EXPECT_EQ(upc_atomic_isfast(UPC_DOUBLE, UPC_ADD, any), 0);
  EXPECT_EQ(upc_atomic_isfast(UPC_PTS, UPC_GET, any), 0);
}

// A freed domain's slot serves the next domain; the old pointer stays invalid (see failures).
TEST(AtomicDomain, DomainsAreReusedAfterFree) {
  upc_atomicdomain_t *a = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
  upc_atomicdomain_t *b = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
  EXPECT_NE(a, b);
  upc_all_atomicdomain_free(a);
  upc_atomicdomain_t *c = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD, 0);
  EXPECT_NE(c, a);
  const auto everywhere = mp::all_gather(reinterpret_cast<std::uintptr_t>(c));
  for (auto value : everywhere) EXPECT_EQ(value, reinterpret_cast<std::uintptr_t>(c));
  upc_all_atomicdomain_free(b);
  upc_all_atomicdomain_free(c);
  upc_all_atomicdomain_free(nullptr);
}

}  // namespace
