// UPC locks: mutual exclusion of a shared counter under contention (10^5 increments in total, split over
// the threads), upc_lock_attempt, and locks from upc_global_lock_alloc passed between threads through
// shared memory.
#include <gtest/gtest.h>

#include <cstdint>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

const long long kTotalIncrements = mp::scaled(100000);

TEST(Lock, AllLockAllocGivesTheSameLockEverywhere) {
  upc_lock_t *lock = upc_all_lock_alloc();
  ASSERT_TRUE(mp::all_ok(lock != nullptr));
  auto values = mp::all_gather(reinterpret_cast<std::uintptr_t>(lock));
  for (int t = 0; t < THREADS; ++t)
    EXPECT_EQ(values[static_cast<std::size_t>(t)], reinterpret_cast<std::uintptr_t>(lock)) << "thread " << t;
  upc_all_lock_free(lock);
}

TEST(Lock, CounterIncrementsUnderContentionSumExactly) {
  upc_lock_t *lock = upc_all_lock_alloc();
  shared_var<long long> counter;
  shared_array<long long> pair(2, indefinite);  // two values that must stay equal outside the lock
  const long long mine = mp::share_of(kTotalIncrements, MYTHREAD);
  long long torn = 0;
  upc_barrier;
  for (long long k = 0; k < mine; ++k) {
    upc_lock(lock);
    counter = counter + 1;  // a read and a separate write: only the lock makes this atomic
    long long a = pair[0], b = pair[1];
    if (a != b) ++torn;
    pair[0] = a + 1;
    if (k % 512 == 0) std::this_thread::yield();  // get preempted while holding the lock: others contend
    pair[1] = b + 1;
    upc_unlock(lock);
  }
  upc_barrier;
  EXPECT_EQ(torn, 0) << "another thread was inside the critical section";
  EXPECT_EQ(static_cast<long long>(counter), kTotalIncrements);
  EXPECT_EQ(static_cast<long long>(pair[0]), kTotalIncrements);
  EXPECT_EQ(static_cast<long long>(pair[1]), kTotalIncrements);
  upc_barrier;
  upc_all_lock_free(lock);
}

TEST(Lock, AttemptFailsWhileHeldAndSucceedsWhenFree) {
  upc_lock_t *lock = upc_all_lock_alloc();
  shared_var<int> held_by;
  if (MYTHREAD == 0) {
    EXPECT_EQ(upc_lock_attempt(lock), 1);
    held_by = 1;
  }
  upc_barrier;
  if (MYTHREAD != 0) {
    EXPECT_EQ(int(held_by), 1);
    EXPECT_EQ(upc_lock_attempt(lock), 0) << "thread 0 holds the lock";
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    held_by = 0;
    upc_unlock(lock);
  }
  upc_barrier;
  // Each thread in turn finds the lock free.
  for (int t = 0; t < THREADS; ++t) {
    if (t == MYTHREAD) {
      EXPECT_EQ(upc_lock_attempt(lock), 1) << "thread " << t;
      upc_unlock(lock);
      // A plain upc_lock after an attempt-acquired-and-released lock works too.
      upc_lock(lock);
      upc_unlock(lock);
    }
    upc_barrier;
  }
  upc_all_lock_free(lock);
}

TEST(Lock, AttemptLoopUnderContentionIsMutuallyExclusive) {
  upc_lock_t *lock = upc_all_lock_alloc();
  shared_var<int> counter;
  const long long mine = mp::share_of(mp::scaled(20000), MYTHREAD);
  upc_barrier;
  for (long long k = 0; k < mine; ++k) {
    while (upc_lock_attempt(lock) == 0) std::this_thread::yield();
    int before = counter;
    if (k % 256 == 0) std::this_thread::yield();
    counter = before + 1;
    upc_unlock(lock);
  }
  upc_barrier;
  EXPECT_EQ(int(counter), mp::scaled(20000));
  upc_barrier;
  upc_all_lock_free(lock);
}

TEST(Lock, GlobalLockAllocatedByOneThreadIsUsableByAll) {
  shared_array<upc_lock_t *> slot(1, indefinite);
  shared_var<long long> counter;
  if (MYTHREAD == 0) {
    upc_lock_t *lock = upc_global_lock_alloc();
    EXPECT_NE(lock, nullptr);
    slot[0] = lock;
  }
  upc_barrier;
  upc_lock_t *lock = slot[0];
  const long long total = 4000;
  for (long long k = 0; k < mp::share_of(total, MYTHREAD); ++k) {
    upc_lock(lock);
    counter = counter + 1;
    upc_unlock(lock);
  }
  upc_barrier;
  EXPECT_EQ(static_cast<long long>(counter), total);
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
  upc_barrier;
}

TEST(Lock, EveryThreadsGlobalLockGuardsItsOwnCounter) {
  // Each thread allocates a lock and publishes it; everybody then increments every thread's counter under
  // that thread's lock; finally a thread other than the allocator frees each lock.
  shared_array<upc_lock_t *> locks(static_cast<std::size_t>(THREADS));
  shared_array<long long> counters(static_cast<std::size_t>(THREADS));
  locks[static_cast<std::size_t>(MYTHREAD)] = upc_global_lock_alloc();
  upc_barrier;
  std::vector<upc_lock_t *> all;
  for (int t = 0; t < THREADS; ++t) all.push_back(locks[static_cast<std::size_t>(t)]);
  for (int t = 0; t < THREADS; ++t)
    for (int u = t + 1; u < THREADS; ++u)
      EXPECT_NE(all[static_cast<std::size_t>(t)], all[static_cast<std::size_t>(u)]);
  const int rounds = 200;
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < THREADS; ++k) {
      const auto t = static_cast<std::size_t>((MYTHREAD + k) % THREADS);  // stagger the starting lock
      upc_lock(all[t]);
      counters[t] += 1;
      upc_unlock(all[t]);
    }
  }
  upc_barrier;
  for (int t = 0; t < THREADS; ++t)
    EXPECT_EQ(static_cast<long long>(counters[static_cast<std::size_t>(t)]),
              static_cast<long long>(rounds) * THREADS);
  upc_barrier;
  upc_lock_free(all[static_cast<std::size_t>((MYTHREAD + 1) % THREADS)]);
  upc_barrier;
}

TEST(Lock, LockReleaseOrdersRelaxedWrites) {
  // A value written under the lock before upc_unlock is seen by the next holder (message passing through
  // the lock, no barrier in between): each thread appends its id to a log in lock order.
  upc_lock_t *lock = upc_all_lock_alloc();
  shared_array<int> log(static_cast<std::size_t>(THREADS) * 50, indefinite);
  shared_var<int> length;
  upc_barrier;
  for (int k = 0; k < 50; ++k) {
    upc_lock(lock);
    int at = length;
    log[static_cast<std::size_t>(at)] = MYTHREAD + 1;
    length = at + 1;
    upc_unlock(lock);
  }
  upc_barrier;
  EXPECT_EQ(int(length), THREADS * 50);
  std::vector<int> per_thread(static_cast<std::size_t>(THREADS));
  for (int i = 0; i < THREADS * 50; ++i) {
    int who = log[static_cast<std::size_t>(i)];
    if (who < 1 || who > THREADS) {
      ADD_FAILURE() << "log entry " << i << " is " << who;
      continue;
    }
    ++per_thread[static_cast<std::size_t>(who - 1)];
  }
  for (int t = 0; t < THREADS; ++t) EXPECT_EQ(per_thread[static_cast<std::size_t>(t)], 50) << "thread " << t;
  upc_barrier;
  upc_all_lock_free(lock);
}

}  // namespace
