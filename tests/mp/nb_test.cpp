// UPC 1.3 non-blocking transfers (pgas/upc_nb.h): upc_memget_nb / upc_memput_nb / upc_memcpy_nb /
// upc_memset_nb with upc_sync and upc_sync_attempt, and the implicit-handle _nbi forms with upc_synci and
// upc_synci_attempt, between every pair of threads (remote and local parts).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

constexpr std::size_t kPart = 1000;  // ints per thread: one block each

int value(std::size_t thread, std::size_t j, int round) {
  return static_cast<int>(thread * 100000 + j * 7) + round;
}

// shared [kPart] int x[kPart * THREADS], thread t's block filled with value(t, j, round).
struct Parts {
  shared_array<int> x{kPart * static_cast<std::size_t>(THREADS), kPart};
  void fill(int round) {
    for (std::size_t j = 0; j < kPart; ++j)
      x[static_cast<std::size_t>(MYTHREAD) * kPart + j] = value(static_cast<std::size_t>(MYTHREAD), j, round);
    upc_barrier;
  }
  global_ptr<int> part(std::size_t thread) const { return &x[thread * kPart]; }
  void expect_part(std::size_t thread, const std::vector<int> &want) const {
    std::vector<int> got(kPart);
    upc_memget(got.data(), part(thread), kPart * sizeof(int));
    EXPECT_EQ(got, want) << "thread " << thread << "'s part";
  }
};

std::vector<int> values(std::size_t thread, int round) {
  std::vector<int> v(kPart);
  for (std::size_t j = 0; j < kPart; ++j) v[j] = value(thread, j, round);
  return v;
}

TEST(NonBlocking, GetFromEveryThreadWithHandles) {
  Parts p;
  p.fill(1);
  const auto threads = static_cast<std::size_t>(THREADS);
  std::vector<std::vector<int>> got(threads, std::vector<int>(kPart, -1));
  std::vector<upc_handle_t> handles;
  for (std::size_t t = 0; t < threads; ++t)
    handles.push_back(upc_memget_nb(got[t].data(), p.part(t), kPart * sizeof(int)));
  for (std::size_t t = 0; t < threads; ++t) {
    if (t % 2 == 0)
      upc_sync(handles[t]);
    else
      EXPECT_EQ(upc_sync_attempt(handles[t]), 1);
    EXPECT_EQ(got[t], values(t, 1)) << "from thread " << t;
  }
  upc_barrier;
}

TEST(NonBlocking, PutMemsetAndCopyWithHandles) {
  Parts p;
  p.fill(2);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t next = (me + 1) % threads;
  // Put into the next thread's first half, memset its second half.
  std::vector<int> mine(kPart / 2);
  for (std::size_t j = 0; j < mine.size(); ++j) mine[j] = -static_cast<int>(me * 1000 + j);
  upc_handle_t put = upc_memput_nb(p.part(next), mine.data(), mine.size() * sizeof(int));
  upc_handle_t set = upc_memset_nb(p.part(next) + static_cast<std::ptrdiff_t>(kPart / 2), 0x5a,
                                   (kPart - kPart / 2) * sizeof(int));
  upc_sync(put);
  upc_sync(set);
  upc_barrier;
  const std::size_t previous = (me + threads - 1) % threads;
  std::vector<int> want(kPart);
  int pattern;
  std::memset(&pattern, 0x5a, sizeof pattern);
  for (std::size_t j = 0; j < kPart; ++j)
    want[j] = j < kPart / 2 ? -static_cast<int>(previous * 1000 + j) : pattern;
  p.expect_part(me, want);
  upc_barrier;
  // Thread 0 copies thread 1's part over thread 2's (two other threads' parts when THREADS > 2).
  p.fill(3);
  const std::size_t from = 1 % threads, to = 2 % threads;
  if (me == 0) {
    upc_handle_t copy = upc_memcpy_nb(p.part(to), p.part(from), kPart * sizeof(int));
    upc_sync(copy);
  }
  upc_barrier;
  p.expect_part(to, values(from, 3));
  upc_barrier;
}

TEST(NonBlocking, ImplicitHandlesCompleteAtSynci) {
  Parts p;
  p.fill(4);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  std::vector<std::vector<int>> got(threads, std::vector<int>(kPart, -1));
  for (std::size_t t = 0; t < threads; ++t) upc_memget_nbi(got[t].data(), p.part(t), kPart * sizeof(int));
  upc_synci();
  for (std::size_t t = 0; t < threads; ++t) EXPECT_EQ(got[t], values(t, 4)) << "from thread " << t;
  upc_barrier;
  const std::size_t next = (me + 1) % threads;
  std::vector<int> mine = values(me, 50);
  upc_memput_nbi(p.part(next), mine.data(), (kPart / 2) * sizeof(int));
  upc_memset_nbi(p.part(next) + static_cast<std::ptrdiff_t>(kPart / 2), 0, (kPart - kPart / 2) * sizeof(int));
  EXPECT_EQ(upc_synci_attempt(), 1);
  upc_barrier;
  const std::size_t previous = (me + threads - 1) % threads;
  std::vector<int> want = values(previous, 50);
  for (std::size_t j = kPart / 2; j < kPart; ++j) want[j] = 0;
  p.expect_part(me, want);
  upc_barrier;
  // Every thread copies its previous thread's part to its own part of another array, at once.
  Parts copies;
  p.fill(6);
  upc_memcpy_nbi(copies.part(me), p.part(previous), kPart * sizeof(int));
  upc_synci();
  copies.expect_part(me, values(previous, 6));
  upc_barrier;
}

TEST(NonBlocking, EmptyAndLocalTransfersAreComplete) {
  Parts p;
  p.fill(7);
  int one = 0;
  EXPECT_EQ(upc_memget_nb(&one, p.part(static_cast<std::size_t>(MYTHREAD)), sizeof one), UPC_COMPLETE_HANDLE);
  EXPECT_EQ(one, value(static_cast<std::size_t>(MYTHREAD), 0, 7));
  EXPECT_EQ(upc_memget_nb(&one, p.part(0), 0), UPC_COMPLETE_HANDLE);
  upc_sync(UPC_COMPLETE_HANDLE);
  upc_synci();
  upc_barrier;
}

}  // namespace
