// The blocking factor as part of the type: shared_array<T, 17> and global_ptr<T, 17> (UPC's shared [17] T).
// A shared void * from upc_all_alloc becomes a pointer with the type's factor (it cannot silently become
// cyclic); conversions between two different typed factors are explicit (checked at compile time below);
// a run-time factor converts implicitly to the same typed one and stops the job when they differ (a cast
// converts it to any typed factor: pointer_cast_test.cpp).
#include <gtest/gtest.h>

#include <cstddef>
#include <pgas/upc.hpp>
#include <type_traits>

#include "layout_model.hpp"
#include "mp_util.hpp"

using namespace pgas;

namespace {

// Which conversions compile, and which of them are implicit.
static_assert(std::is_convertible_v<global_ptr<void>, global_ptr<int, 17>>);    // = upc_all_alloc(...)
static_assert(std::is_convertible_v<global_ptr<int, 17>, global_ptr<int>>);     // to the run-time form
static_assert(std::is_convertible_v<global_ptr<int>, global_ptr<int, 17>>);     // checked
static_assert(std::is_constructible_v<global_ptr<char, 17>, global_ptr<int>>);  // a cast, not checked
static_assert(std::is_convertible_v<global_ptr<int, 17>, global_ptr<const int, 17>>);
static_assert(std::is_convertible_v<global_ptr<int, 17>, global_ptr<const void>>);  // upc_memget's argument
static_assert(!std::is_convertible_v<global_ptr<int, 17>, global_ptr<int, 4>>);     // another typed factor:
static_assert(std::is_constructible_v<global_ptr<int, 4>, global_ptr<int, 17>>);    // explicit only
static_assert(!std::is_convertible_v<global_ptr<const int, 17>, global_ptr<int, 17>>);
static_assert(!std::is_convertible_v<global_ptr<char, 17>, global_ptr<int, 17>>);  // element types: explicit
static_assert(std::is_same_v<shared_array<int, 17>::pointer, global_ptr<int, 17>>);
static_assert(std::is_same_v<shared_array<int, 17, strict>::pointer, global_ptr<int, 17>>);
static_assert(std::is_same_v<shared_array<int, strict>::pointer, global_ptr<int>>);
static_assert(std::is_same_v<decltype(std::declval<shared_array<int, 17> &>() + 1), global_ptr<int, 17>>);
static_assert(global_ptr<int, 17>::static_block == 17 && global_ptr<int>::static_block == dynamic_block);
// 2-D arrays take the same arguments: shared [17] int A[rows][cols] is shared_array2d<int, 17>.
static_assert(std::is_same_v<std::remove_cvref_t<decltype(std::declval<shared_array2d<int, 17> &>().flat())>,
                             shared_array<int, 17>>);
static_assert(
    std::is_same_v<std::remove_cvref_t<decltype(std::declval<shared_array2d<int, 17, strict> &>().flat())>,
                   shared_array<int, 17, strict>>);
static_assert(std::is_constructible_v<shared_array2d<int, 17>, std::size_t, std::size_t>);
static_assert(!std::is_constructible_v<shared_array2d<int, 17>, std::size_t, std::size_t, std::size_t>);

constexpr std::size_t kBlock = 17;

TEST(TypedBlock, ArrayLaysOutByTheTypesFactor) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const std::size_t n = 3 * kBlock * threads + 5;
  shared_array<int, kBlock> a(n);
  EXPECT_EQ(a.block(), kBlock);
  const auto model = layout_model::deal(n, kBlock, threads);
  for (std::size_t i = 0; i < n; ++i) {
    const auto p = a.locate(i);
    ASSERT_EQ(p, model.where[i]) << "i=" << i;
  }
  upc_forall(std::size_t i = 0, i < n, ++i, &a[i]) a[i] = static_cast<int>(i);
  upc_barrier;
  global_ptr<int, kBlock> p = a;
  for (std::size_t i = 0; i < n; ++i) {
    const global_ptr<int, kBlock> q = p + static_cast<std::ptrdiff_t>(i);
    EXPECT_EQ(static_cast<std::int64_t>(upc_threadof(q)), model.where[i].thread) << "i=" << i;
    EXPECT_EQ(static_cast<std::int64_t>(upc_phaseof(q)), model.where[i].phase) << "i=" << i;
    EXPECT_EQ(int(*q), static_cast<int>(i));
    EXPECT_TRUE(q == &a[i]);
    EXPECT_TRUE(a + i == q);
    const global_ptr<int, kBlock> from_ref = &a[i];  // the run-time factor agrees: implicit
    EXPECT_EQ(upc_phaseof(from_ref), upc_phaseof(q));
  }
  upc_barrier;
}

// `shared [17] int *A = upc_all_alloc(nblocks, 17 * sizeof(int))`: A has blocks of 17, not cyclic.
TEST(TypedBlock, AllocationResultTakesTheTypesFactor) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const std::size_t nblocks = 2 * threads + 1, n = nblocks * kBlock;
  global_ptr<int, kBlock> a = upc_all_alloc(nblocks, kBlock * sizeof(int));
  EXPECT_EQ(a.block(), kBlock);
  const auto model = layout_model::deal(n, kBlock, threads);
  for (std::size_t i = 0; i < n; ++i) {
    const auto q = a + static_cast<std::ptrdiff_t>(i);
    EXPECT_EQ(static_cast<std::int64_t>(upc_threadof(q)), model.where[i].thread) << "i=" << i;
    EXPECT_EQ(static_cast<std::int64_t>(upc_phaseof(q)), model.where[i].phase) << "i=" << i;
    EXPECT_EQ(upc_addrfield(q) - upc_addrfield(a),
              static_cast<std::size_t>(model.where[i].local) * sizeof(int));
  }
  upc_forall(std::size_t i = 0, i < n, ++i, a + static_cast<std::ptrdiff_t>(i)) {
    a[static_cast<std::ptrdiff_t>(i)] = static_cast<int>(i) * 3;
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(int(a[static_cast<std::ptrdiff_t>(i)]), static_cast<int>(i) * 3);
  upc_barrier;
  if (MYTHREAD == 0) upc_free(a);
  upc_barrier;
}

// An explicit conversion to another typed factor keeps thread and address (and the phase only for the
// same factor); through shared void * the phase survives to the same factor.
TEST(TypedBlock, ExplicitConversionBetweenFactors) {
  const std::size_t n = 4 * kBlock * static_cast<std::size_t>(THREADS);
  shared_array<int, kBlock> a(n);
  const global_ptr<int, kBlock> p = a + 20;  // phase 3
  ASSERT_EQ(upc_phaseof(p), 3u);
  const global_ptr<int, 4> other(p);
  EXPECT_EQ(upc_threadof(other), upc_threadof(p));
  EXPECT_EQ(upc_addrfield(other), upc_addrfield(p));
  EXPECT_EQ(upc_phaseof(other), 0u);
  const global_ptr<void> v = p;
  const global_ptr<int, kBlock> back = v;
  EXPECT_EQ(upc_phaseof(back), 3u);
  EXPECT_TRUE(back == p);
  const global_ptr<int> dynamic = p;
  EXPECT_EQ(dynamic.block(), kBlock);
  EXPECT_EQ(upc_phaseof(dynamic), 3u);
  upc_barrier;
}

// Typed and run-time factors side by side with the same layout hold the same elements.
TEST(TypedBlock, AgreesWithTheRunTimeFactor) {
  const std::size_t n = 5 * kBlock * static_cast<std::size_t>(THREADS) + 3;
  shared_array<long, kBlock, strict> typed(n);
  shared_array<long> dynamic(n, kBlock);
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(typed.locate(i), dynamic.locate(i));
    EXPECT_EQ(upc_phaseof(typed + i), upc_phaseof(dynamic.ptr() + static_cast<std::ptrdiff_t>(i)));
  }
  upc_barrier;
}

// A 2-D array with the factor in its type lays out like the run-time form: the same owner, phase and value
// for every [i][j], and upc_blocksizeof reads the type's factor.
TEST(TypedBlock, TwoDimensionalArrayWithTheTypesFactor) {
  const std::size_t rows = 2 * static_cast<std::size_t>(THREADS) + 1, cols = kBlock + 2;
  shared_array2d<int, kBlock> typed(rows, cols);
  shared_array2d<int> dynamic(rows, cols, kBlock);
  EXPECT_EQ(upc_blocksizeof(typed), kBlock);
  EXPECT_EQ(upc_localsizeof(typed), upc_localsizeof(dynamic));
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      const global_ptr<int> t = &typed[i][j], d = &dynamic[i][j];
      if (t.thread() == MYTHREAD) typed[i][j] = static_cast<int>(i * cols + j);
      EXPECT_EQ(t.thread(), d.thread()) << i << "," << j;
      EXPECT_EQ(upc_phaseof(t), upc_phaseof(d)) << i << "," << j;
    }
  upc_barrier;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) EXPECT_EQ(int(typed(i, j)), static_cast<int>(i * cols + j));
  upc_barrier;
}

}  // namespace
