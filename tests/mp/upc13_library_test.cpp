// UPC 1.3 library pieces: upc_ticks_now / upc_ticks_to_ns, upc_all_free, upc_localsizeof /
// upc_blocksizeof / upc_elemsizeof, upc_affinitysize (against the layout reference model).
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <pgas/upc.hpp>
#include <thread>

#include "layout_model.hpp"
#include "mp_util.hpp"

using namespace pgas;

namespace {

TEST(Ticks, MeasureElapsedTime) {
  const upc_tick_t start = upc_ticks_now();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const upc_tick_t end = upc_ticks_now();
  ASSERT_GE(end, start);
  const std::uint64_t ns = upc_ticks_to_ns(end - start);
  EXPECT_GE(ns, 20'000'000u);
  EXPECT_LT(ns, 20'000'000'000u);  // generous: a loaded machine
  upc_tick_t last = upc_ticks_now();
  for (int k = 0; k < 1000; ++k) {
    const upc_tick_t now = upc_ticks_now();
    ASSERT_GE(now, last);
    last = now;
  }
}

// Every thread calls upc_all_free with the same pointer; the object is freed once, for everyone.
TEST(AllFree, FreesOnceForEveryThread) {
  for (int round = 0; round < 3; ++round) {
    global_ptr<long> p = upc_all_alloc(static_cast<std::size_t>(THREADS), 64 * sizeof(long));
    p[MYTHREAD] = MYTHREAD;
    const pgas_handle_t handle = p.handle();
    pgas_layout_t layout;
    ASSERT_EQ(pgas_handle_layout(handle, &layout), 1);
    upc_barrier;
    upc_all_free(p);
    // Freed by one thread (thread 0); on the MPI conduit the others learn of it later.
    if (MYTHREAD == 0) {
      EXPECT_EQ(pgas_handle_layout(handle, &layout), 0) << "round " << round;
    }
    upc_barrier;
  }
  upc_all_free(nullptr);  // NULL on every thread: nothing
}

TEST(SizeOf, ArraysReportTheirLayout) {
  const auto threads = static_cast<std::size_t>(THREADS);
  for (std::size_t block : {std::size_t{1}, std::size_t{3}, std::size_t{16}, indefinite}) {
    const std::size_t n = 7 * threads + 5;
    shared_array<double> a(n, block);
    EXPECT_EQ(upc_blocksizeof(a), block);
    EXPECT_EQ(upc_elemsizeof(a), sizeof(double));
    const auto model = layout_model::deal(n, block, threads);
    std::vector<std::size_t> per_thread(threads);
    for (const auto &p : model.where) ++per_thread[static_cast<std::size_t>(p.thread)];
    EXPECT_EQ(upc_localsizeof(a), *std::max_element(per_thread.begin(), per_thread.end()) * sizeof(double))
        << "block " << block;
    EXPECT_GE(upc_localsizeof(a), a.local_part().size_bytes());
    upc_barrier;
  }
  shared_array<int, 5> typed(20);
  EXPECT_EQ(upc_blocksizeof(typed), 5u);
  EXPECT_EQ(upc_blocksizeof(typed.ptr()), 5u);
  shared_array2d<short> m(4, 6, 6);
  EXPECT_EQ(upc_blocksizeof(m), 6u);
  EXPECT_EQ(upc_elemsizeof(m), sizeof(short));
  EXPECT_EQ(upc_localsizeof(m), upc_localsizeof(m.flat()));
  upc_barrier;
}

TEST(AffinitySize, MatchesTheModelAndTheAllocation) {
  const auto threads = static_cast<std::size_t>(THREADS);
  for (std::size_t nbytes : {std::size_t{1}, std::size_t{8}, std::size_t{24}, std::size_t{0}})
    for (std::size_t totalsize : {std::size_t{0}, std::size_t{1}, std::size_t{100}, std::size_t{24 * 13}}) {
      const auto model = layout_model::deal(totalsize, nbytes, threads);
      std::size_t sum = 0;
      for (std::size_t t = 0; t < threads; ++t) {
        std::size_t want = 0;
        for (const auto &p : model.where) want += p.thread == static_cast<std::int64_t>(t);
        EXPECT_EQ(upc_affinitysize(totalsize, nbytes, t), want)
            << "totalsize " << totalsize << " nbytes " << nbytes << " thread " << t;
        sum += upc_affinitysize(totalsize, nbytes, t);
      }
      EXPECT_EQ(sum, totalsize);
    }
}

}  // namespace
