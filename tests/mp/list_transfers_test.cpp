// Berkeley list transfers and access regions (pgas/bupc_transfers.h), and the shared-to-shared strided
// copies (pgas/bupc_strided.h). What each moves is written from the definition (the source regions' bytes
// in list order fill the destination regions in list order) and read back element by element: the lists
// are cut differently on the two sides, regions lie on every thread, and the async forms are synced by
// waiting, by attempts and through an access region.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

constexpr std::size_t kBlock = 80;

std::uint64_t value(std::size_t i, int round) { return i * 1000003u + static_cast<std::uint64_t>(round); }

// kBlock elements per thread, element i = value(i, round).
struct Elements {
  shared_array<std::uint64_t> a{kBlock * static_cast<std::size_t>(THREADS), kBlock};
  void fill(int round) {
    const auto me = static_cast<std::size_t>(MYTHREAD);
    for (std::size_t k = 0; k < kBlock; ++k) a[me * kBlock + k] = value(me * kBlock + k, round);
    upc_barrier;
  }
};

// The element runs every list below reads: on each thread t, elements 3..3+len(t) of its block, len(t)
// varying with t so that the private side is cut across them.
struct ElementRun {
  std::size_t first, count;
};
std::vector<ElementRun> runs() {
  std::vector<ElementRun> out;
  for (std::size_t t = 0; t < static_cast<std::size_t>(THREADS); ++t)
    out.push_back({t * kBlock + 3, 5 + t % 4});
  return out;
}
std::vector<std::uint64_t> expected(const std::vector<ElementRun> &rs, int round) {
  std::vector<std::uint64_t> out;
  for (const ElementRun &r : rs)
    for (std::size_t k = 0; k < r.count; ++k) out.push_back(value(r.first + k, round));
  return out;
}

// `total` elements of private memory as three regions of unequal length.
std::vector<bupc_pmemvec_t> three_regions(std::vector<std::uint64_t> &buffer) {
  const std::size_t n = buffer.size(), first = n / 5, second = n / 2;
  return {{buffer.data(), first * sizeof(std::uint64_t)},
          {buffer.data() + first, (second - first) * sizeof(std::uint64_t)},
          {buffer.data() + second, (n - second) * sizeof(std::uint64_t)}};
}

TEST(ListTransfers, VectorGetGathersRunsOfEveryThread) {
  Elements e;
  e.fill(1);
  const std::vector<ElementRun> rs = runs();
  std::vector<bupc_smemvec_t> src;
  for (const ElementRun &r : rs) src.push_back({&e.a[r.first], r.count * sizeof(std::uint64_t)});
  const std::vector<std::uint64_t> want = expected(rs, 1);
  std::vector<std::uint64_t> got(want.size(), 0);
  const std::vector<bupc_pmemvec_t> dst = three_regions(got);
  bupc_memget_vlist(dst.size(), dst.data(), src.size(), src.data());
  EXPECT_EQ(got, want);
  std::vector<std::uint64_t> later(want.size(), 0);
  const std::vector<bupc_pmemvec_t> later_dst = three_regions(later);
  bupc_handle_t h = bupc_memget_vlist_async(later_dst.size(), later_dst.data(), src.size(), src.data());
  mp::attempts_in_flight([&] { return bupc_trysync(h); });
  EXPECT_EQ(later, want);
  upc_barrier;
}

TEST(ListTransfers, VectorPutScattersIntoTheNextThread) {
  Elements e;
  e.fill(2);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t next = (me + 1) % threads, previous = (me + threads - 1) % threads;
  // Elements 1-4 and 10-20 of the next thread's block, from one private run.
  std::vector<std::uint64_t> mine(4 + 11);
  for (std::size_t k = 0; k < mine.size(); ++k) mine[k] = 7 * me + k;
  const std::vector<bupc_smemvec_t> dst = {{&e.a[next * kBlock + 1], 4 * sizeof(std::uint64_t)},
                                           {&e.a[next * kBlock + 10], 11 * sizeof(std::uint64_t)}};
  const bupc_pmemvec_t src[] = {{mine.data(), mine.size() * sizeof(std::uint64_t)}};
  bupc_waitsync(bupc_memput_vlist_async(dst.size(), dst.data(), 1, src));
  upc_barrier;
  for (std::size_t k = 0; k < kBlock; ++k) {
    const std::size_t from = k >= 1 && k < 5 ? k - 1 : k >= 10 && k < 21 ? 4 + k - 10 : kBlock;
    const std::uint64_t want = from < kBlock ? 7 * previous + from : value(me * kBlock + k, 2);
    EXPECT_EQ(std::uint64_t(e.a[me * kBlock + k]), want) << "element " << k;
  }
  upc_barrier;
}

TEST(ListTransfers, VectorCopyBetweenTwoOtherThreads) {
  Elements e;
  e.fill(3);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  // Thread me copies elements 0-7 of thread me+1 to elements 30-37 of thread me+2, cut 3 + 5 and 6 + 2.
  const std::size_t from = (me + 1) % threads * kBlock, to = (me + 2) % threads * kBlock + 30;
  const std::size_t w = sizeof(std::uint64_t);
  const bupc_smemvec_t src[] = {{&e.a[from], 3 * w}, {&e.a[from + 3], 5 * w}};
  const bupc_smemvec_t dst[] = {{&e.a[to], 6 * w}, {&e.a[to + 6], 2 * w}};
  upc_barrier;  // every thread has read its fill before any copy overwrites
  bupc_memcpy_vlist(2, dst, 2, src);
  upc_barrier;
  const std::size_t writer_source = (me + threads - 1) % threads * kBlock;  // thread me-2 copied me-1's
  for (std::size_t k = 0; k < 8; ++k)
    EXPECT_EQ(std::uint64_t(e.a[me * kBlock + 30 + k]), value(writer_source + k, 3)) << k;
  upc_barrier;
}

// Indexed lists with a different region length on each side: 2 elements per source address, 3 per
// destination (the general case), and a source of single elements into one destination region.
TEST(ListTransfers, IndexedGetAndPut) {
  Elements e;
  e.fill(4);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t w = sizeof(std::uint64_t);
  std::vector<global_ptr<const void>> src;
  std::vector<std::uint64_t> want;
  for (std::size_t t = 0; t < threads; ++t)
    for (std::size_t k : {std::size_t{0}, std::size_t{11}, std::size_t{25}}) {
      src.push_back(&e.a[t * kBlock + k]);
      want.push_back(value(t * kBlock + k, 4));
      want.push_back(value(t * kBlock + k + 1, 4));
    }
  std::vector<std::uint64_t> got(want.size(), 0);
  std::vector<void *> dst;
  for (std::size_t k = 0; k < got.size(); k += 3) dst.push_back(&got[k]);
  bupc_memget_ilist(dst.size(), dst.data(), 3 * w, src.size(), src.data(), 2 * w);
  EXPECT_EQ(got, want);
  upc_barrier;
  // Put: my five values into elements 32, 34, 36, 38 and 39 of the next thread (one element each).
  const std::size_t next = (me + 1) % threads, previous = (me + threads - 1) % threads;
  const std::uint64_t mine[5] = {me + 100, me + 200, me + 300, me + 400, me + 500};
  const void *const from[] = {mine};
  const std::size_t at[] = {32, 34, 36, 38, 39};
  std::vector<global_ptr<void>> to;
  for (std::size_t k : at) to.push_back(&e.a[next * kBlock + k]);
  bupc_memput_ilist(to.size(), to.data(), w, 1, from, sizeof mine);
  upc_barrier;
  for (std::size_t k = 0; k < 5; ++k)
    EXPECT_EQ(std::uint64_t(e.a[me * kBlock + at[k]]), previous + 100 * (k + 1)) << "element " << at[k];
  upc_barrier;
}

// A 4 x 3 sub-block of the next thread's part (rows of 8 elements) to a 3 x 4 one of the thread after it,
// which may be the same part or this thread's (at 1 and 2 threads): the regions read and written are apart.
TEST(ListTransfers, StridedCopyBetweenSharedSides) {
  Elements e;
  e.fill(5);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t w = sizeof(std::uint64_t);
  const std::size_t from = (me + 1) % threads * kBlock, to = (me + 2) % threads * kBlock;
  upc_barrier;
  bupc_handle_t h =
      bupc_memcpy_fstrided_async(&e.a[to + 33], 4 * w, 8 * w, 3, &e.a[from + 2], 3 * w, 8 * w, 4);
  bupc_waitsync(h);
  upc_barrier;
  // Source elements 2-4, 10-12, 18-20, 26-28 of thread me-1, in order, fill 33-36, 41-44, 49-52 here.
  const std::size_t source = (me + threads - 1) % threads * kBlock;
  std::vector<std::uint64_t> stream;
  for (std::size_t r = 0; r < 4; ++r)
    for (std::size_t c = 0; c < 3; ++c) stream.push_back(value(source + r * 8 + 2 + c, 5));
  for (std::size_t r = 0; r < 3; ++r)
    for (std::size_t c = 0; c < 4; ++c)
      EXPECT_EQ(std::uint64_t(e.a[me * kBlock + 33 + r * 8 + c]), stream[r * 4 + c]) << r << "," << c;
  upc_barrier;
  // The N-dimensional form, one level: rows 0-1 of 5 elements, from 8 apart to 6 apart.
  const std::size_t count[] = {5 * w, 2};
  const std::size_t dst_strides[] = {6 * w}, src_strides[] = {8 * w};
  bupc_memcpy_strided(&e.a[to + 60], dst_strides, &e.a[from], src_strides, count, 1);
  upc_barrier;
  for (std::size_t r = 0; r < 2; ++r)
    for (std::size_t c = 0; c < 5; ++c)
      EXPECT_EQ(std::uint64_t(e.a[me * kBlock + 60 + r * 6 + c]), value(source + r * 8 + c, 5))
          << r << "," << c;
  upc_barrier;
}

// Implicit-handle gets from every thread inside an access region complete through the region's handle;
// one started after the region is upc_synci's.
TEST(ListTransfers, AccessRegionGathersImplicitTransfers) {
  Elements e;
  e.fill(6);
  const auto threads = static_cast<std::size_t>(THREADS);
  std::vector<std::uint64_t> got(threads * 2, 0), after(threads, 0);
  bupc_begin_accessregion();
  for (std::size_t t = 0; t < threads; ++t)
    upc_memget_nbi(&got[2 * t], &e.a[t * kBlock + 7], 2 * sizeof(std::uint64_t));
  bupc_handle_t region = bupc_end_accessregion();
  for (std::size_t t = 0; t < threads; ++t)
    upc_memget_nbi(&after[t], &e.a[t * kBlock], sizeof(std::uint64_t));
  bupc_waitsync(region);
  for (std::size_t t = 0; t < threads; ++t) {
    EXPECT_EQ(got[2 * t], value(t * kBlock + 7, 6));
    EXPECT_EQ(got[2 * t + 1], value(t * kBlock + 8, 6));
  }
  upc_synci();
  for (std::size_t t = 0; t < threads; ++t) EXPECT_EQ(after[t], value(t * kBlock, 6));
  // An empty region is complete.
  bupc_begin_accessregion();
  EXPECT_EQ(bupc_end_accessregion(), BUPC_COMPLETE_HANDLE);
  upc_barrier;
}

}  // namespace
