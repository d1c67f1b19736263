// upc_forall: every iteration runs exactly once across the threads, on the thread its affinity names
// (an integer modulo THREADS, negative ones included, or the thread a pointer-to-shared points to), and
// pgas::all_threads runs every iteration everywhere.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

// Runs upc_forall over n iterations with affinity aff(i). Each thread records the iterations it ran in its
// own block of `ran` (and marks the iteration with MYTHREAD + 1); then every iteration must have run
// exactly once, on owner(i). With owner(i) < 0, every iteration must have run on every thread.
template <class Aff, class Owner>
void check_forall(long n, Aff aff, Owner owner) {
  const auto un = static_cast<std::size_t>(n);
  shared_array<int> ran(un * static_cast<std::size_t>(THREADS), un);  // thread t's block: what t ran
  shared_array<int> mark(un);
  std::vector<long> mine;
  const std::size_t row = static_cast<std::size_t>(MYTHREAD) * un;
  upc_forall(long i = 0, i < n, ++i, aff(i)) {
    ran[row + static_cast<std::size_t>(i)] += 1;
    mark[static_cast<std::size_t>(i)] = MYTHREAD + 1;
    mine.push_back(i);
  }
  // Locally: exactly the iterations owned by this thread, in increasing order.
  std::vector<long> expected;
  for (long i = 0; i < n; ++i)
    if (owner(i) < 0 || owner(i) == MYTHREAD) expected.push_back(i);
  EXPECT_EQ(mine, expected) << "thread " << MYTHREAD;
  upc_barrier;
  if (MYTHREAD == 0) {
    for (long i = 0; i < n; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      int runs = 0;
      for (int t = 0; t < THREADS; ++t) runs += ran[static_cast<std::size_t>(t) * un + ui];
      if (owner(i) < 0) {
        EXPECT_EQ(runs, THREADS) << "iteration " << i;
      } else {
        EXPECT_EQ(runs, 1) << "iteration " << i;
        EXPECT_EQ(ran[static_cast<std::size_t>(owner(i)) * un + ui], 1) << "iteration " << i;
        EXPECT_EQ(mark[ui], owner(i) + 1) << "iteration " << i;
      }
    }
  }
  upc_barrier;
}

int floor_mod_threads(long v) {
  long t = THREADS;
  return static_cast<int>(((v % t) + t) % t);
}

TEST(Forall, IntegerAffinity) {
  long n = 10L * THREADS + 3;
  check_forall(
      n, [](long i) { return i; }, [](long i) { return floor_mod_threads(i); });
}

TEST(Forall, IntegerAffinityExpression) {
  long n = 7L * THREADS + 5;
  check_forall(
      n, [](long i) { return 3 * i + 1; }, [](long i) { return floor_mod_threads(3 * i + 1); });
}

TEST(Forall, IntAndUnsignedAffinityTypes) {
  long n = 4L * THREADS + 1;
  check_forall(
      n, [](long i) { return static_cast<int>(i); }, [](long i) { return floor_mod_threads(i); });
  check_forall(
      n, [](long i) { return static_cast<std::size_t>(i) * 5u; },
      [](long i) { return floor_mod_threads(i * 5); });
  check_forall(
      n, [](long i) { return static_cast<short>(i + 2); }, [](long i) { return floor_mod_threads(i + 2); });
}

TEST(Forall, NegativeIntegerAffinityWrapsModuloThreads) {
  long n = 6L * THREADS + 2;
  // UPC: affinity is the value modulo THREADS, taken as a non-negative residue.
  check_forall(
      n, [](long i) { return i - 1000; }, [](long i) { return floor_mod_threads(i - 1000); });
  check_forall(
      n, [](long i) { return -i; }, [](long i) { return floor_mod_threads(-i); });
  check_forall(
      n, [](long i) { return static_cast<int>(-1 - 2 * i); },
      [](long i) { return floor_mod_threads(-1 - 2 * i); });
}

TEST(Forall, UnsignedAffinityAboveInt64MaxUsesTheUnsignedValue) {
  // UPC: an integer affinity selects thread (affinity mod THREADS) of the affinity's value. For 64-bit
  // unsigned values above INT64_MAX that is not the residue of the same bits read as a negative number
  // (they differ when THREADS is not a power of two, e.g. (2^64 - 1) mod 3 == 0 but -1 mod 3 == 2).
  long n = 4L * THREADS + 3;
  const std::uint64_t top = ~std::uint64_t{0};
  const auto T = static_cast<std::uint64_t>(THREADS);
  check_forall(
      n, [top](long i) { return top - static_cast<std::uint64_t>(i); },
      [top, T](long i) { return static_cast<int>((top - static_cast<std::uint64_t>(i)) % T); });
  check_forall(
      n, [](long i) { return std::size_t{0} - 1 - static_cast<std::size_t>(i) * 7; },
      [T](long i) { return static_cast<int>((std::size_t{0} - 1 - static_cast<std::size_t>(i) * 7) % T); });
}

TEST(Forall, ConstantAffinityRunsEverythingOnOneThread) {
  long n = 9;
  const int last = THREADS - 1;
  check_forall(
      n, [last](long) { return last; }, [last](long) { return last; });
  check_forall(
      n, [](long) { return -1; }, [](long) { return THREADS - 1; });
}

TEST(Forall, AllThreadsRunsEveryIterationEverywhere) {
  long n = 3L * THREADS + 2;
  check_forall(
      n, [](long) { return all_threads; }, [](long) { return -1; });
}

class ForallPointer : public testing::TestWithParam<std::size_t> {};

TEST_P(ForallPointer, AddressOfElementAffinity) {
  const std::size_t block = GetParam();
  long n = 8L * THREADS + 5;
  shared_array<double> x(static_cast<std::size_t>(n), block);
  auto owner = [block](long i) { return mp::where(static_cast<std::size_t>(i), block, THREADS).thread; };
  check_forall(
      n, [&x](long i) { return &x[static_cast<std::size_t>(i)]; }, owner);
  // The reference itself (UPC accepts any pointer-to-shared expression; x[i] names the same element).
  check_forall(
      n, [&x](long i) { return x[static_cast<std::size_t>(i)]; }, owner);
  // A pointer moved by arithmetic from the start of the array.
  global_ptr<double> base = x;
  check_forall(
      n, [base](long i) { return base + i; }, owner);
}

TEST_P(ForallPointer, PointerLoopVariableIsItsOwnAffinity) {
  const std::size_t block = GetParam();
  const std::size_t n = 5 * static_cast<std::size_t>(THREADS) + 3;
  shared_array<int> x(n, block);
  std::vector<std::size_t> mine;
  const global_ptr<int> begin = x.ptr(), end = x.ptr() + static_cast<std::ptrdiff_t>(n);
  upc_forall(global_ptr<int> p = begin, p < end, ++p, p) {
    *p = MYTHREAD + 1;
    mine.push_back(static_cast<std::size_t>(p - begin));
  }
  std::vector<std::size_t> expected;
  for (std::size_t i = 0; i < n; ++i)
    if (mp::where(i, block, THREADS).thread == MYTHREAD) expected.push_back(i);
  EXPECT_EQ(mine, expected);
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(x[i], mp::where(i, block, THREADS).thread + 1) << "i=" << i;
  upc_barrier;
}

TEST_P(ForallPointer, OwnerComputesUpdateTouchesOnlyLocalElements) {
  const std::size_t block = GetParam();
  const std::size_t n = 6 * static_cast<std::size_t>(THREADS) + 1;
  shared_array<long> x(n, block);
  upc_forall(std::size_t i = 0, i < n, i++, &x[i]) {
    EXPECT_TRUE(x[i].is_local()) << "i=" << i;
    x[i] = static_cast<long>(i * i);
  }
  upc_barrier;
  upc_forall(std::size_t i = 0, i < n, i++, &x[i]) x[i] += 1;
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(x[i], static_cast<long>(i * i + 1)) << "i=" << i;
  upc_barrier;
}

INSTANTIATE_TEST_SUITE_P(Blocks, ForallPointer, testing::Values(std::size_t{1}, std::size_t{3}, indefinite),
                         [](const testing::TestParamInfo<std::size_t> &info) {
                           return info.param == indefinite ? std::string("indefinite")
                                                           : "block" + std::to_string(info.param);
                         });

// UPC 1.2 section 6.6.2: in nested upc_forall statements only the outermost one with an affinity (the
// controlling one) distributes iterations; the inner ones behave as if their affinity were `continue`, so the
// thread that runs an outer iteration runs every inner iteration of it. The dialect's upc_forall is a plain
// `for` plus an affinity test (forall.hpp), so an inner loop also filters by affinity and the inner
// iterations whose affinity differs from the outer one are never run by any thread. Disabled until the
// dialect implements controlling upc_forall (run with --gtest_also_run_disabled_tests to see it fail).
TEST(Forall, DISABLED_NestedForallRunsEveryInnerIterationOnTheOuterIterationsThread) {
  const long outer = 2L * THREADS + 1, inner = 3L * THREADS + 2;
  const auto un = static_cast<std::size_t>(outer * inner);
  shared_array<int> runs(un);
  upc_forall(long i = 0, i < outer, ++i, i) {
    upc_forall(long j = 0, j < inner, ++j, j) {  // not controlling: runs every j
      atomic_fetch_add(&runs[static_cast<std::size_t>(i * inner + j)], 1);
    }
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (long i = 0; i < outer; ++i)
      for (long j = 0; j < inner; ++j)
        EXPECT_EQ(runs[static_cast<std::size_t>(i * inner + j)], 1) << "outer " << i << ", inner " << j;
  }
  upc_barrier;
}

TEST(Forall, ContinueAndBreakBehaveLikeFor) {
  const long n = 4L * THREADS + 3;
  std::vector<long> seen;
  upc_forall(long i = 0, i < n, ++i, i) {
    if (i % 2 == 0) continue;
    if (i >= n - 2) break;
    seen.push_back(i);
  }
  std::vector<long> expected;
  for (long i = 0; i < n; ++i) {
    if (floor_mod_threads(i) != MYTHREAD || i % 2 == 0) continue;
    if (i >= n - 2) break;
    expected.push_back(i);
  }
  EXPECT_EQ(seen, expected);
}

}  // namespace
