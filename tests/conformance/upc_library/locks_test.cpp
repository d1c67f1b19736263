// UPC 1.3 section 7.2.4 (lang/upc-lib-core.tex, "Lock functions"): upc_all_lock_alloc,
// upc_global_lock_alloc, upc_lock, upc_lock_attempt, upc_unlock, upc_lock_free, upc_all_lock_free, and the
// memory semantics the text gives them: "A null strict access is implied after a call to upc_lock()" (and
// after a upc_lock_attempt that returns 1) and "before a call to upc_unlock()", so relaxed accesses made
// while holding the lock are seen by the next holder.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <pgas/upc.hpp>
#include <set>
#include <thread>
#include <vector>

#include "lib_util.hpp"

using namespace pgas;
using conf::me;
using conf::nthreads;

namespace {

long successes_of(int mine) {
  long sum = 0;
  for (int v : conf::all_gather(mine)) sum += v;
  return sum;
}

// 7.2.4.3: "The return value on every thread points to the same lock object" and "The lock is created in an
// unlocked state"; 7.2.4.7: upc_lock_attempt returns 1 on an unlocked lock, 0 on a locked one.
TEST(UpcAllLockAlloc, GivesOneUnlockedLockToEveryThread) {
  upc_lock_t *lock = upc_all_lock_alloc();
  ASSERT_NE(lock, nullptr);
  const auto all = conf::all_gather(lock);
  for (std::size_t t = 0; t < nthreads(); ++t) EXPECT_EQ(all[t], lock) << "thread " << t;  // 7.2.4.1 par. 3
  if (me() == 0) {
    EXPECT_EQ(upc_lock_attempt(lock), 1);
  }
  upc_barrier;
  if (me() != 0) {
    EXPECT_EQ(upc_lock_attempt(lock), 0) << "held by thread 0";
  }
  upc_barrier;
  if (me() == 0) upc_unlock(lock);
  upc_barrier;
  if (me() == nthreads() - 1) {
    EXPECT_EQ(upc_lock_attempt(lock), 1) << "unlocked by thread 0";
    upc_unlock(lock);
  }
  upc_barrier;
  upc_all_lock_free(lock);
}

// 7.2.4.2: upc_global_lock_alloc "is not a collective function. If called by multiple threads, all threads
// which make the call get different allocations", each created unlocked; the locks are independent.
TEST(UpcGlobalLockAlloc, EveryThreadAtOnceGetsItsOwnUnlockedLock) {
  shared_array<upc_lock_t *> locks(nthreads());
  upc_barrier;
  upc_lock_t *mine = upc_global_lock_alloc();
  ASSERT_TRUE(conf::all_ok(mine != nullptr));
  locks[me()] = mine;
  upc_barrier;
  std::set<upc_lock_t *> distinct;
  for (std::size_t t = 0; t < nthreads(); ++t) distinct.insert(locks[t]);
  EXPECT_EQ(distinct.size(), nthreads());
  EXPECT_EQ(upc_lock_attempt(mine), 1) << "a new lock is unlocked";
  upc_barrier;
  upc_lock_t *next = locks[(me() + 1) % nthreads()];
  if (nthreads() > 1) {
    EXPECT_EQ(upc_lock_attempt(next), 0) << "held by the next thread";
  }
  upc_barrier;
  upc_unlock(mine);
  upc_barrier;
  upc_lock(next);  // another thread's lock, now unlocked, is usable by any thread
  upc_unlock(next);
  upc_barrier;
  upc_lock_free(next);  // freed by a thread other than the allocator (only one thread frees each)
  upc_barrier;
}

// Many locks at once: 100 from every thread (upc_global_lock_alloc) are all different, all start unlocked,
// and are independent: each thread holds all of its own while the next thread finds each of them locked.
TEST(UpcGlobalLockAlloc, ManyLocksAreDistinctAndIndependent) {
  const std::size_t kEach = 100;
  shared_array<upc_lock_t *> locks(kEach * nthreads());
  upc_barrier;
  for (std::size_t k = 0; k < kEach; ++k) {
    upc_lock_t *l = upc_global_lock_alloc();
    locks[me() * kEach + k] = l;
    EXPECT_EQ(upc_lock_attempt(l), 1) << "lock " << k;
  }
  upc_barrier;
  std::set<upc_lock_t *> distinct;
  for (std::size_t i = 0; i < kEach * nthreads(); ++i) distinct.insert(locks[i]);
  EXPECT_EQ(distinct.size(), kEach * nthreads());
  const std::size_t next = (me() + 1) % nthreads();
  long free_found = 0;
  if (nthreads() > 1) {
    for (std::size_t k = 0; k < kEach; ++k) free_found += upc_lock_attempt(locks[next * kEach + k]);
  }
  EXPECT_EQ(free_found, 0) << "locks held by the next thread";
  upc_barrier;
  for (std::size_t k = 0; k < kEach; ++k) upc_unlock(locks[me() * kEach + k]);
  upc_barrier;
  for (std::size_t k = 0; k < kEach; ++k) upc_lock_free(locks[next * kEach + k]);
  upc_barrier;
}

// 7.2.4.7: "If the lock is in state unlocked, a single calling thread sets the state to locked and the
// function returns 1"; the others find it locked and get 0.
TEST(UpcLockAttempt, ExactlyOneOfManySimultaneousAttemptsSucceeds) {
  upc_lock_t *lock = upc_all_lock_alloc();
  for (int round = 0; round < 20; ++round) {
    upc_barrier;
    const int won = upc_lock_attempt(lock);
    EXPECT_TRUE(won == 0 || won == 1) << won;
    EXPECT_EQ(successes_of(won), 1) << "round " << round;  // the winner holds it until after the gather
    if (won == 1) upc_unlock(lock);
  }
  upc_barrier;
  upc_all_lock_free(lock);
}

// 7.2.4.6: a thread calling upc_lock on a locked lock "waits for some other thread to set the state to
// unlocked"; what the holder wrote before upc_unlock is seen after upc_lock returns.
TEST(UpcLock, WaitsForTheHolderAndSeesWhatItWroteBeforeUnlocking) {
  upc_lock_t *lock = upc_all_lock_alloc();
  shared_array<int> released(1);  // relaxed, on thread 0
  if (me() == 0) upc_lock(lock);
  upc_barrier;
  if (me() == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    released[0] = 1;
    upc_unlock(lock);
  } else {
    upc_lock(lock);
    EXPECT_EQ(static_cast<int>(released[0]), 1) << "upc_lock returned before the holder unlocked";
    upc_unlock(lock);
  }
  upc_barrier;
  upc_all_lock_free(lock);
}

// Every thread increments shared counters under one lock, through upc_lock or a upc_lock_attempt loop: the
// lock excludes (nobody else is inside), the relaxed accesses inside are ordered by the implied strict
// accesses, and the count is exact. The data a holder writes (on every thread) is what the next holder
// finds, whichever thread it is.
TEST(UpcLock, ExcludesAndOrdersRelaxedAccessesUnderContention) {
  upc_lock_t *lock = upc_all_lock_alloc();
  const std::size_t kData = 2 * nthreads() + 1;
  shared_array<long> counter(1), inside(1), seq(1), data(kData);  // data: cyclic over every thread
  const long iterations = conf::scaled(1500);
  long attempts_failed = 0, overlapping = 0, stale = 0;  // no ASSERT while holding the lock
  if (me() == 0)
    for (std::size_t k = 0; k < kData; ++k) data[k] = static_cast<long>(k % 10);  // the state of seq 0
  upc_barrier;
  for (long i = 0; i < iterations; ++i) {
    if (i % 3 == 2) {
      while (upc_lock_attempt(lock) == 0) {
        ++attempts_failed;
        std::this_thread::yield();
      }
    } else {
      upc_lock(lock);
    }
    if (static_cast<long>(inside[0]) != 0) ++overlapping;  // another thread holds the lock too
    inside[0] = 1;
    counter[0] = counter[0] + 1;
    const long s = seq[0];
    for (std::size_t k = 0; k < kData; ++k)
      if (static_cast<long>(data[k]) != s * 10 + static_cast<long>(k % 10)) ++stale;
    for (std::size_t k = 0; k < kData; ++k) data[k] = (s + 1) * 10 + static_cast<long>(k % 10);
    seq[0] = s + 1;
    inside[0] = 0;
    upc_unlock(lock);
  }
  upc_barrier;
  EXPECT_EQ(static_cast<long>(counter[0]), iterations * static_cast<long>(nthreads()));
  EXPECT_EQ(static_cast<long>(seq[0]), iterations * static_cast<long>(nthreads()));
  EXPECT_EQ(overlapping, 0) << "times another thread was inside";
  EXPECT_EQ(stale, 0) << "elements not as the previous holder left them";
  (void)attempts_failed;
  upc_barrier;
  upc_all_lock_free(lock);
}

// A thread may hold several locks at once: every thread takes two of three locks (always in the same order)
// around increments of one counter per lock; every count is exact.
TEST(UpcLock, SeveralLocksHeldTogether) {
  upc_lock_t *locks[3] = {upc_all_lock_alloc(), upc_all_lock_alloc(), upc_all_lock_alloc()};
  EXPECT_NE(locks[0], locks[1]);
  EXPECT_NE(locks[1], locks[2]);
  EXPECT_NE(locks[0], locks[2]);
  shared_array<long> count(3 * nthreads());  // count[k * THREADS]: lock k's counter, on thread k % THREADS
  const long iterations = conf::scaled(300);
  std::vector<long> taken(3, 0);
  upc_barrier;
  for (long i = 0; i < iterations; ++i) {
    const std::size_t a = static_cast<std::size_t>(i + static_cast<long>(me())) % 3, b = (a + 1) % 3;
    const std::size_t lo = std::min(a, b), hi = std::max(a, b);
    upc_lock(locks[lo]);
    upc_lock(locks[hi]);
    count[lo * nthreads()] = count[lo * nthreads()] + 1;
    count[hi * nthreads()] = count[hi * nthreads()] + 1;
    ++taken[lo];
    ++taken[hi];
    upc_unlock(locks[hi]);
    upc_unlock(locks[lo]);
  }
  std::vector<long> totals(3, 0);
  for (std::size_t k = 0; k < 3; ++k)
    for (long v : conf::all_gather(taken[k])) totals[k] += v;
  for (std::size_t k = 0; k < 3; ++k)
    EXPECT_EQ(static_cast<long>(count[k * nthreads()]), totals[k]) << "lock " << k;
  upc_barrier;
  for (upc_lock_t *l : locks) upc_all_lock_free(l);
}

// 7.2.4.4 and 7.2.4.5: upc_lock_free and upc_all_lock_free succeed "regardless of whether the referenced
// lock is currently unlocked or currently locked (by any thread)"; a null pointer is no action.
TEST(UpcLockFree, IgnoresNullAndFreesALockTheCallerHolds) {
  upc_lock_free(nullptr);
  upc_all_lock_free(nullptr);
  upc_lock_t *own = upc_global_lock_alloc();
  upc_lock(own);
  upc_lock_free(own);
  upc_barrier;
}

// 7.2.4.5: "The lock referenced by ptr is guaranteed to remain valid until all threads have entered the call
// to upc_all_lock_free": a late thread still locks and unlocks it after the others entered.
TEST(UpcAllLockFree, LockStaysValidUntilEveryThreadHasEntered) {
  upc_lock_t *lock = upc_all_lock_alloc();
  upc_barrier;
  if (me() == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    upc_lock(lock);
    upc_unlock(lock);
    EXPECT_EQ(upc_lock_attempt(lock), 1);
    upc_unlock(lock);
  }
  upc_all_lock_free(lock);
}

// 7.2.4.4: "upc_lock_free succeeds regardless of whether the referenced lock is currently unlocked or
// currently locked (by any thread)"; 7.2.4.5 says the same of upc_all_lock_free.
TEST(UpcLockFree, FreesALockAnotherThreadHolds) {
  shared_array<upc_lock_t *> slot(1);
  if (me() == 0) {
    upc_lock_t *held = upc_global_lock_alloc();
    upc_lock(held);
    slot[0] = held;
  }
  upc_barrier;
  if (me() == nthreads() - 1) upc_lock_free(slot[0]);
  upc_barrier;
}

TEST(UpcLockFree, AllLockFreeOfALockOneThreadHolds) {
  upc_lock_t *all = upc_all_lock_alloc();
  if (me() == nthreads() - 1) upc_lock(all);
  upc_barrier;
  upc_all_lock_free(all);
  upc_barrier;
}

// 7.2.4.1 paragraph 4: "Either of the upc_lock_free or upc_all_lock_free functions may be used to free
// locks allocated using upc_global_lock_alloc or upc_all_lock_alloc".
TEST(UpcLockFree, EitherFreeFunctionFreesEitherKindOfLock) {
  upc_lock_t *all = upc_all_lock_alloc();
  shared_array<upc_lock_t *> slot(1);
  upc_barrier;
  if (me() == 0) {
    upc_lock_free(all);
    slot[0] = upc_global_lock_alloc();
  }
  upc_barrier;
  upc_lock_t *global = slot[0];
  upc_barrier;
  upc_all_lock_free(global);
  upc_barrier;
}

}  // namespace
