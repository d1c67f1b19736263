// The transport functions of transport.h called directly on shared arrays' handles and byte offsets:
// blocking get/put agree with the dialect's element accesses; non-blocking get/put (single and vector) are
// complete after remote_sync of their token or remote_sync_all; remote_alloc / remote_free create and
// release handles that every thread agrees on. Also registered with network emulation (pgasrun --latency),
// where tokens are real completion times.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

const auto kT = [] { return static_cast<std::size_t>(THREADS); };
int right() { return (MYTHREAD + 1) % THREADS; }
int left() { return (MYTHREAD + THREADS - 1) % THREADS; }

TEST(Transport, BlockingGetPutUseTheLayoutsOffsets) {
  constexpr std::size_t kBlock = 3;
  const std::size_t n = 7 * kT() + 2;
  shared_array<double> a(n, kBlock);
  // Write element i through the transport at (owner, local * sizeof(double)), from thread (i + 1) % T.
  for (std::size_t i = 0; i < n; ++i) {
    if (static_cast<int>((i + 1) % kT()) != MYTHREAD) continue;
    const mp::Where w = mp::where(i, kBlock, THREADS);
    const double v = static_cast<double>(i) * 1.5;
    remote_put(a.handle(), w.thread, w.local * sizeof(double), &v, sizeof v);
  }
  upc_barrier;
  for (std::size_t i = 0; i < n; ++i) {
    const mp::Where w = mp::where(i, kBlock, THREADS);
    double v = -1;
    remote_get(a.handle(), w.thread, w.local * sizeof(double), &v, sizeof v);
    EXPECT_EQ(v, static_cast<double>(i) * 1.5) << "i=" << i;
    EXPECT_EQ(double(a[i]), v) << "i=" << i;
    remote_get_strict(a.handle(), w.thread, w.local * sizeof(double), &v, sizeof v);
    EXPECT_EQ(v, static_cast<double>(i) * 1.5) << "i=" << i;
  }
  upc_barrier;
  // Strict puts, then bulk gets of a whole block.
  for (std::size_t i = 0; i < n; ++i) {
    if (static_cast<int>(i % kT()) != MYTHREAD) continue;
    const mp::Where w = mp::where(i, kBlock, THREADS);
    const double v = -static_cast<double>(i);
    remote_put_strict(a.handle(), w.thread, w.local * sizeof(double), &v, sizeof v);
  }
  upc_barrier;
  double block[kBlock];
  remote_memget(a.handle(), right(), 0, block, sizeof block);  // the right neighbour's first block
  for (std::size_t e = 0; e < kBlock; ++e) {
    const std::size_t i = static_cast<std::size_t>(right()) * kBlock + e;
    if (i < n) {
      EXPECT_EQ(block[e], -static_cast<double>(i)) << "i=" << i;
    }
  }
  upc_barrier;
}

TEST(Transport, NonBlockingPutsCompleteAfterRemoteSync) {
  constexpr std::size_t kInts = 64;
  shared_array<int> a(kInts * kT(), kInts);  // one block per thread
  std::vector<int> values(kInts);
  for (std::size_t j = 0; j < kInts; ++j) values[j] = MYTHREAD * 1000 + static_cast<int>(j);
  // One put per element into the right neighbour's block; the sources stay valid until the syncs.
  std::vector<pgas_token_t> tokens;
  for (std::size_t j = 0; j < kInts; ++j)
    tokens.push_back(remote_put_nb(a.handle(), right(), j * sizeof(int), &values[j], sizeof(int)));
  for (pgas_token_t t : tokens) remote_sync(t);
  upc_barrier;
  std::span<int> mine = a.local_part();
  for (std::size_t j = 0; j < kInts; ++j)
    EXPECT_EQ(mine[j], left() * 1000 + static_cast<int>(j)) << "j=" << j;
  upc_barrier;
  // One put of the whole block, completed by remote_sync_all.
  for (std::size_t j = 0; j < kInts; ++j) values[j] = -values[j];
  remote_put_nb(a.handle(), right(), 0, values.data(), kInts * sizeof(int));
  remote_sync_all();
  upc_barrier;
  for (std::size_t j = 0; j < kInts; ++j)
    EXPECT_EQ(mine[j], -(left() * 1000 + static_cast<int>(j))) << "j=" << j;
  upc_barrier;
}

TEST(Transport, NonBlockingGetsCompleteAfterRemoteSync) {
  constexpr std::size_t kLongs = 50;
  shared_array<long long> a(kLongs * kT(), kLongs);
  std::span<long long> mine = a.local_part();
  for (std::size_t j = 0; j < kLongs; ++j)
    mine[j] = (static_cast<long long>(MYTHREAD) << 40) + static_cast<long long>(j);
  upc_barrier;
  // From every thread: element gets with individual syncs, and a block get completed by remote_sync_all.
  for (int t = 0; t < THREADS; ++t) {
    std::vector<long long> got(kLongs, -1);
    std::vector<pgas_token_t> tokens;
    for (std::size_t j = 0; j < kLongs; ++j)
      tokens.push_back(remote_get_nb(a.handle(), t, j * sizeof(long long), &got[j], sizeof(long long)));
    for (std::size_t j = kLongs; j-- > 0;) remote_sync(tokens[j]);  // any order
    for (std::size_t j = 0; j < kLongs; ++j)
      EXPECT_EQ(got[j], (static_cast<long long>(t) << 40) + static_cast<long long>(j)) << "thread " << t;
    std::vector<long long> whole(kLongs, -1);
    remote_get_nb(a.handle(), t, 0, whole.data(), kLongs * sizeof(long long));
    remote_sync_all();
    EXPECT_EQ(whole, got) << "thread " << t;
  }
  upc_barrier;
}

TEST(Transport, NonBlockingVectorTransfers) {
  constexpr std::size_t kInts = 40;
  shared_array<int> a(kInts * kT(), kInts);
  // Scatter to the right neighbour at every third offset (in reverse), gather them back.
  std::vector<std::size_t> offsets;
  std::vector<int> values;
  for (std::size_t j = kInts; j-- > 0;)
    if (j % 3 == 0) {
      offsets.push_back(j * sizeof(int));
      values.push_back(MYTHREAD * 100 + static_cast<int>(j));
    }
  pgas_token_t put =
      remote_putv_nb(a.handle(), right(), offsets.data(), offsets.size(), sizeof(int), values.data());
  remote_sync(put);
  upc_barrier;
  std::span<int> mine = a.local_part();
  for (std::size_t j = 0; j < kInts; ++j)
    EXPECT_EQ(mine[j], j % 3 == 0 ? left() * 100 + static_cast<int>(j) : 0) << "j=" << j;
  std::vector<int> got(offsets.size(), -1);
  pgas_token_t get =
      remote_getv_nb(a.handle(), right(), offsets.data(), offsets.size(), sizeof(int), got.data());
  remote_sync(get);
  EXPECT_EQ(got, values);
  // Blocking vector forms and accumulate on the same offsets.
  std::vector<int> again(offsets.size(), -1);
  remote_getv(a.handle(), right(), offsets.data(), offsets.size(), sizeof(int), again.data());
  EXPECT_EQ(again, values);
  upc_barrier;
  std::vector<int> ones(offsets.size(), 1);
  remote_accv(a.handle(), right(), offsets.data(), offsets.size(), PGAS_INT32, PGAS_ACC_SUM, ones.data());
  upc_barrier;
  for (std::size_t j = 0; j < kInts; ++j)
    EXPECT_EQ(mine[j], j % 3 == 0 ? left() * 100 + static_cast<int>(j) + 1 : 0) << "j=" << j;
  upc_barrier;
}

TEST(Transport, RemoteAtomicDirect) {
  shared_array<std::int64_t> a(kT());
  const std::int64_t one = 1;
  for (int t = 0; t < THREADS; ++t)
    remote_atomic(a.handle(), t, 0, PGAS_INT64, PGAS_ATOMIC_FETCH_ADD, &one, nullptr, nullptr);
  upc_barrier;
  for (int t = 0; t < THREADS; ++t) {
    std::int64_t v = -1;
    remote_atomic(a.handle(), t, 0, PGAS_INT64, PGAS_ATOMIC_LOAD, nullptr, nullptr, &v);
    EXPECT_EQ(v, THREADS) << "thread " << t;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    const std::int64_t seven = 7;
    std::int64_t old = -1;
    remote_atomic(a.handle(), THREADS - 1, 0, PGAS_INT64, PGAS_ATOMIC_STORE, &seven, nullptr, &old);
    EXPECT_EQ(old, THREADS);
    EXPECT_EQ(static_cast<std::int64_t>(a[kT() - 1]), 7);
  }
  upc_barrier;
}

TEST(Transport, RemoteAllocCreatesAHandleEveryThreadAgreesOn) {
  const std::size_t n = 5 * kT() + 1;
  pgas_layout_t layout{sizeof(int), 2, n, -1, PGAS_ALLOC_STATIC, "direct", nullptr};
  pgas_handle_t h = remote_alloc(&layout);
  ASSERT_TRUE(mp::all_ok(h != 0));
  auto all = mp::all_gather(h);
  for (std::size_t t = 0; t < kT(); ++t) EXPECT_EQ(all[t], h) << "thread " << t;
  // Element i (block 2) is at (thread (i / 2) % T, local index) and starts zero.
  for (std::size_t i = 0; i < n; ++i) {
    if (static_cast<int>(i % kT()) != MYTHREAD) continue;
    const mp::Where w = mp::where(i, 2, THREADS);
    int v = -1;
    remote_get(h, w.thread, w.local * sizeof(int), &v, sizeof v);
    EXPECT_EQ(v, 0) << "i=" << i;
    v = static_cast<int>(i) + 1;
    remote_put(h, w.thread, w.local * sizeof(int), &v, sizeof v);
  }
  upc_barrier;
  // The same bytes through a pointer-to-shared with that layout.
  global_ptr<int> p(h, 0, 0, 0, 2);
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(int(p[static_cast<std::ptrdiff_t>(i)]), static_cast<int>(i) + 1) << "i=" << i;
  upc_barrier;
  remote_free(h);  // collective for static objects

  // A upc_alloc-like object of one thread, reached by the others.
  pgas_layout_t local{sizeof(long), 0, 16, MYTHREAD, PGAS_ALLOC_LOCAL, nullptr, nullptr};
  pgas_handle_t mine = remote_alloc(&local);
  const long v = MYTHREAD + 100;
  remote_put(mine, MYTHREAD, 15 * sizeof(long), &v, sizeof v);
  auto handles = mp::all_gather(mine);
  long got = -1;
  remote_get(handles[static_cast<std::size_t>(right())], right(), 15 * sizeof(long), &got, sizeof got);
  EXPECT_EQ(got, right() + 100);
  upc_barrier;
  remote_free(mine);
  upc_barrier;
}

}  // namespace
