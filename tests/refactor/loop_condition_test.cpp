// pgas::refactored::loop_condition: owned_iterations given the loop's condition as a loop_condition finds the
// iterations in range of a block by bisection, and finds exactly what testing every iteration finds, also
// where bisection does not apply (a signed variable compared as unsigned across 0, a range at the end of the
// variable's type), in tiles of any size.
#include <gtest/gtest.h>

#include <climits>
#include <cstddef>
#include <pgas/refactored.hpp>
#include <pgas/upc.hpp>
#include <vector>

namespace {

using namespace pgas;

// The owned iterations in tiles of `limit`, walked with `in_range` as given: every tile appended in turn.
template <class T, class InRange, class Affinity>
std::vector<T> tiles(T first, InRange in_range, Affinity affinity, std::size_t limit) {
  std::vector<T> out;
  for (T tile = first; in_range(tile);) {
    const std::size_t before = out.size();
    const T next = refactored::owned_iterations(tile, in_range, affinity, out, limit);
    EXPECT_LE(out.size() - before, limit);
    if (next == tile) break;
    tile = next;
  }
  return out;
}

// The same walk with the condition tested one iteration at a time and bisected: the same iterations.
template <class T, class Test, class Affinity>
void expect_bisection_agrees(T first, Test test, Affinity affinity, std::size_t limit, const char *what) {
  EXPECT_EQ(tiles(first, refactored::loop_condition(test), affinity, limit),
            tiles(first, test, affinity, limit))
      << what << " limit " << limit;
}

TEST(LoopCondition, RowsEndingInsideABlock) {
  const std::size_t rows = 2 * static_cast<std::size_t>(THREADS) + 1, cols = 37;
  for (std::size_t block : {std::size_t{1}, std::size_t{5}, cols, 3 * cols, rows * cols}) {
    shared_array2d<double> g(rows, cols, block);
    for (std::size_t r = 0; r < rows; ++r) {
      const auto at = [&](long c) { return &g[r][static_cast<std::size_t>(c)]; };
      for (std::size_t limit : {std::size_t{1}, std::size_t{7}, std::size_t{36}, SIZE_MAX}) {
        const long last = static_cast<long>(cols) - 1;
        expect_bisection_agrees(
            1L, [&](long c) { return c < last; }, at, limit, "<");
        expect_bisection_agrees(
            1L, [&](long c) { return c <= last; }, at, limit, "<=");
        expect_bisection_agrees(
            0L, [&](long c) { return c < 0.5 * static_cast<double>(cols); }, at, limit, "< a double");
      }
    }
  }
}

// A signed variable compared with an unsigned bound: -3, -2 hold (as 2^32 - 3 and 2^32 - 2), -1 fails, and
// 0, 1, ... would hold again: the loop runs -3 and -2, which a bisection over -3 .. 10 would not find.
TEST(LoopCondition, SignedAgainstUnsignedAcrossZero) {
  shared_array<int> a(64 * static_cast<std::size_t>(THREADS), 64);
  if (MYTHREAD != 0) return;  // the run's first block, -3 .. 60, is thread 0's
  const auto at = [&](int v) { return &a[static_cast<std::size_t>(v + 3)]; };
  const unsigned bound = UINT_MAX;
  const auto below = [&](int v) { return static_cast<unsigned>(v) < bound; };  // as `v < bound` compares
  for (std::size_t limit : {std::size_t{2}, std::size_t{14}, std::size_t{64}}) {
    std::vector<int> out;
    const int next = refactored::owned_iterations(-3, refactored::loop_condition(below), at, out, limit);
    EXPECT_EQ(next, -1) << limit;
    EXPECT_EQ(out, std::vector<int>({-3, -2})) << limit;
  }
}

TEST(LoopCondition, FromNegativeToPositiveValues) {
  shared_array<int> a(300, 100);
  const auto at = [&](signed char v) { return &a[static_cast<std::size_t>(v + 128)]; };
  for (std::size_t limit : {std::size_t{9}, std::size_t{100}, SIZE_MAX}) {
    expect_bisection_agrees(
        static_cast<signed char>(-128), [](signed char v) { return v < 127; }, at, limit, "signed char, <");
    expect_bisection_agrees(
        static_cast<signed char>(-20), [](signed char v) { return v <= 100; }, at, limit, "signed char, <=");
  }
}

// A row of 1000 iterations in one block: the condition is tested about log2(1000) times, not 1000.
TEST(LoopCondition, TestsLogarithmicallyMany) {
  shared_array<double> a(1024 * static_cast<std::size_t>(THREADS), 1024);
  std::size_t tests = 0;
  const auto counted = [&](long v) {
    ++tests;
    return v < 1000;
  };
  std::vector<long> out;
  const auto at = [&](long v) {
    return &a[static_cast<std::size_t>(MYTHREAD) * 1024 + static_cast<std::size_t>(v)];
  };
  const long next = refactored::owned_iterations(0L, refactored::loop_condition(counted), at, out);
  EXPECT_EQ(next, 1000);
  ASSERT_EQ(out.size(), 1000u);
  EXPECT_EQ(out.front(), 0);
  EXPECT_EQ(out.back(), 999);
  EXPECT_LE(tests, 14u);
}

}  // namespace
