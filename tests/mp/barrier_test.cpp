// Barriers: values written before a barrier are visible to every thread after it; split-phase
// upc_notify / upc_wait with local work in between; barrier ids that match (some threads anonymous);
// many consecutive barriers; split phases meeting barriers.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

TEST(Barrier, WritesBeforeABarrierAreVisibleAfterIt) {
  // Each thread fills its own block through a local pointer (plain stores), then everybody reads all.
  const std::size_t per_thread = 1000;
  shared_array<int> x(per_thread * static_cast<std::size_t>(THREADS), per_thread);
  for (int round = 1; round <= 5; ++round) {
    std::span<int> mine = x.local_part();
    for (std::size_t j = 0; j < mine.size(); ++j)
      mine[j] = round * 100000 + MYTHREAD * 1000 + static_cast<int>(j);
    upc_barrier;
    std::vector<int> buffer(per_thread);
    for (int t = 0; t < THREADS; ++t) {
      upc_memget(buffer.data(), &x[static_cast<std::size_t>(t) * per_thread], per_thread * sizeof(int));
      int wrong = 0;
      for (std::size_t j = 0; j < per_thread; ++j)
        wrong += buffer[j] != round * 100000 + t * 1000 + static_cast<int>(j);
      EXPECT_EQ(wrong, 0) << "round " << round << ", thread " << t << "'s block";
      // And element by element for a few.
      for (std::size_t j = 0; j < per_thread; j += 97)
        EXPECT_EQ(x[static_cast<std::size_t>(t) * per_thread + j],
                  round * 100000 + t * 1000 + static_cast<int>(j));
    }
    upc_barrier;  // nobody overwrites before everybody has read
  }
}

TEST(Barrier, SplitPhaseWithLocalWorkInBetween) {
  // Double-buffered: in round r every thread writes slot [r % 2][MYTHREAD], notifies, computes locally,
  // waits, then reads every thread's slot of round r. The next write to the same buffer is two rounds later,
  // after a upc_wait that needs every thread to have notified (so to have finished reading).
  const auto T = static_cast<std::size_t>(THREADS);
  shared_array<long long> slot(2 * T);
  long long local_sum = 0;
  for (int r = 0; r < 100; ++r) {
    const std::size_t buffer = static_cast<std::size_t>(r % 2) * T;
    slot[buffer + static_cast<std::size_t>(MYTHREAD)] = static_cast<long long>(r) * 1000 + MYTHREAD;
    upc_notify;
    // Local work that touches no shared data.
    std::vector<long long> work(256);
    std::iota(work.begin(), work.end(), r);
    local_sum += std::accumulate(work.begin(), work.end(), 0LL);
    upc_wait;
    for (int t = 0; t < THREADS; ++t)
      EXPECT_EQ(static_cast<long long>(slot[buffer + static_cast<std::size_t>(t)]),
                static_cast<long long>(r) * 1000 + t)
          << "round " << r << ", thread " << t;
  }
  long long expected = 0;
  for (int r = 0; r < 100; ++r) expected += 256LL * r + 255LL * 256 / 2;
  EXPECT_EQ(local_sum, expected);
  upc_barrier;
}

TEST(Barrier, SplitPhaseFunctionsAndIds) {
  shared_array<int> x(static_cast<std::size_t>(THREADS));
  x[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD + 10;
  pgas::notify(77);
  pgas::wait(77);
  for (int t = 0; t < THREADS; ++t) EXPECT_EQ(x[static_cast<std::size_t>(t)], t + 10);
  pgas::barrier();
  x[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD + 20;
  pgas::barrier(5);
  for (int t = 0; t < THREADS; ++t) EXPECT_EQ(x[static_cast<std::size_t>(t)], t + 20);
  pgas::notify();
  pgas::wait();
}

TEST(Barrier, MatchingIdsIncludingAnonymousThreads) {
  shared_var<int> token;
  int expected = 0;
  for (int r = 0; r < 20; ++r) {
    if (MYTHREAD == r % THREADS) token = r + 1;
    ++expected;
    switch (r % 5) {
      case 0:
        upc_barrier(r);
        break;  // every thread with the same id
      case 1:   // odd threads anonymous, even threads with an id
        if (MYTHREAD % 2 == 0)
          upc_barrier(1000 + r);
        else
          upc_barrier;
        break;
      case 2:  // split phase with ids; waits with and without the id
        upc_notify(r * 3);
        if (MYTHREAD % 2 == 0)
          upc_wait(r * 3);
        else
          upc_wait;
        break;
      case 3:  // only thread 0 names the barrier
        if (MYTHREAD == 0) {
          upc_notify(-r);
          upc_wait(-r);
        } else {
          upc_notify;
          upc_wait;
        }
        break;
      default:
        upc_barrier;
        break;
    }
    EXPECT_EQ(int(token), expected) << "round " << r;
    upc_barrier(r + 1000000);
  }
}

// upc_barrier is upc_notify + upc_wait (UPC 1.3, 6.6.1): a split phase on some threads completes with a
// barrier on the others, and a collective inside the runtime (allocation, free) is not a barrier.
TEST(Barrier, SplitPhaseOnSomeThreadsMeetsBarriersOnOthers) {
  shared_array<int> x(static_cast<std::size_t>(THREADS));
  for (int r = 1; r <= 20; ++r) {
    x[static_cast<std::size_t>(MYTHREAD)] = r * 100 + MYTHREAD;
    if ((MYTHREAD + r) % 2 == 0) {
      upc_notify;
      upc_wait;
    } else {
      upc_barrier;
    }
    for (int t = 0; t < THREADS; ++t) EXPECT_EQ(x[static_cast<std::size_t>(t)], r * 100 + t) << "round " << r;
    shared_array<int> scratch(static_cast<std::size_t>(THREADS));  // allocated and freed between barriers
    upc_barrier;
  }
}

TEST(Barrier, ManyConsecutiveBarriersKeepThreadsInStep) {
  // Round r: thread r % THREADS publishes r; after the barrier every thread sees it; a second barrier
  // separates the reads from the next write.
  shared_var<int> value;
  int wrong = 0;
  for (int r = 1; r <= 300; ++r) {
    if (MYTHREAD == r % THREADS) value = r;
    upc_barrier;
    wrong += int(value) != r;
    upc_barrier;
  }
  EXPECT_EQ(wrong, 0);
  // A long run of barriers with a per-thread counter checked by a neighbour each time.
  shared_array<int> counter(static_cast<std::size_t>(THREADS));
  const auto right = static_cast<std::size_t>((MYTHREAD + 1) % THREADS);
  wrong = 0;
  for (int r = 1; r <= 500; ++r) {
    counter[static_cast<std::size_t>(MYTHREAD)] = r;
    upc_barrier;
    // The neighbour has written r and cannot write r + 1 before this thread reaches the next barrier.
    wrong += int(counter[right]) != r;
    upc_barrier;
  }
  EXPECT_EQ(wrong, 0);
}

TEST(Barrier, NoThreadPassesBeforeAllArrive) {
  // Arrival counting with an atomic: after the barrier, every thread must see all THREADS arrivals of the
  // round. Thread r % THREADS is late on purpose.
  shared_var<long long> arrivals;
  global_ptr<long long> a = &arrivals;
  int wrong = 0;
  for (int r = 0; r < 50; ++r) {
    if (MYTHREAD == r % THREADS) std::this_thread::yield();
    atomic_fetch_add(a, 1LL);
    upc_barrier;
    wrong += atomic_load(a) != static_cast<long long>(r + 1) * THREADS;
    upc_barrier;
  }
  EXPECT_EQ(wrong, 0);
}

}  // namespace
