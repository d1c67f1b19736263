// Semaphores (Bonachea's proposal section 2): pointers that behave as pointers-to-shared, every flag
// combination, post/wait/try and their N forms across threads, the appendix's getvalue, initial value and
// NtoM forms, remote waits on MCONSUMER semaphores, and a producer/consumer stress whose counts must be
// exact.
#include <gtest/gtest.h>

#include <cstdint>
#include <pgas/upc.hpp>
#include <set>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

std::size_t me() { return static_cast<std::size_t>(MYTHREAD); }
std::size_t next() { return static_cast<std::size_t>((MYTHREAD + 1) % THREADS); }

TEST(Semaphore, FeatureMacroAndMaxValue) {
  EXPECT_EQ(__UPC_SEM__, 1);
  EXPECT_GE(UPC_SEM_MAXVALUE, 65535);
}

TEST(Semaphore, PointersAreEqualEverywhereAndNameTheirThread) {
  upc_sem_t *mine = upc_sem_alloc(0);
  ASSERT_NE(mine, nullptr);
  EXPECT_EQ(upc_threadof(mine), me());
  auto all = mp::all_gather(mine);
  std::set<upc_sem_t *> distinct(all.begin(), all.end());
  EXPECT_EQ(distinct.size(), static_cast<std::size_t>(THREADS));
  for (int t = 0; t < THREADS; ++t) EXPECT_EQ(upc_threadof(all[static_cast<std::size_t>(t)]), std::size_t(t));
  EXPECT_EQ(all[me()], mine);
  upc_barrier;
  upc_sem_free(mine);
}

// Every valid combination of flags (each exclusive pair: neither, one or the other), used by its owner.
TEST(Semaphore, EveryFlagCombinationCountsAsItsKindSays) {
  const int kinds[] = {0, UPC_SEM_BOOLEAN, UPC_SEM_INTEGER};
  const int producers[] = {0, UPC_SEM_SPRODUCER, UPC_SEM_MPRODUCER};
  const int consumers[] = {0, UPC_SEM_SCONSUMER, UPC_SEM_MCONSUMER};
  for (int kind : kinds)
    for (int producer : producers)
      for (int consumer : consumers) {
        const int flags = kind | producer | consumer;
        SCOPED_TRACE("flags " + std::to_string(flags));
        upc_sem_t *s = upc_sem_alloc(flags);
        EXPECT_EQ(upc_sem_getvalue(s), 0u);
        EXPECT_EQ(upc_sem_try(s), 0);
        upc_sem_post(s);
        upc_sem_post(s);
        const bool boolean = kind == UPC_SEM_BOOLEAN;
        EXPECT_EQ(upc_sem_getvalue(s), boolean ? 1u : 2u);  // BOOLEAN saturates
        upc_sem_wait(s);
        EXPECT_EQ(upc_sem_try(s), boolean ? 0 : 1);
        EXPECT_EQ(upc_sem_getvalue(s), 0u);
        if (!boolean) {
          upc_sem_postN(s, 5);
          EXPECT_EQ(upc_sem_tryN(s, 6), 0);
          EXPECT_EQ(upc_sem_tryN(s, 2), 1);
          upc_sem_waitN(s, 3);
          EXPECT_EQ(upc_sem_getvalue(s), 0u);
        } else {
          upc_sem_postN(s, 1);
          EXPECT_EQ(upc_sem_tryN(s, 1), 1);
          upc_sem_postN(s, 0);
          EXPECT_EQ(upc_sem_getvalue(s), 0u);
        }
        EXPECT_EQ(upc_sem_tryN(s, 0), 1);  // taking nothing always succeeds
        upc_sem_waitN(s, 0);
        upc_sem_free(s);
      }
}

// A ring: each thread posts its successor's semaphore and waits on its own, many rounds, with every flag
// combination that allows it (the successor is the single producer; the owner the single consumer).
TEST(Semaphore, RingOfPostsAndWaitsWithEveryKind) {
  const int flag_sets[] = {0, UPC_SEM_BOOLEAN | UPC_SEM_SPRODUCER | UPC_SEM_SCONSUMER,
                           UPC_SEM_INTEGER | UPC_SEM_SPRODUCER | UPC_SEM_SCONSUMER,
                           UPC_SEM_INTEGER | UPC_SEM_MPRODUCER | UPC_SEM_MCONSUMER, UPC_SEM_BOOLEAN};
  shared_array<long long> token(static_cast<std::size_t>(THREADS));
  for (int flags : flag_sets) {
    SCOPED_TRACE("flags " + std::to_string(flags));
    upc_sem_t *mine = upc_sem_alloc(flags);
    auto all = mp::all_gather(mine);
    const long long rounds = mp::scaled(2000);
    token[me()] = 0;
    upc_barrier;
    long long errors = 0;
    for (long long r = 0; r < rounds; ++r) {
      if (MYTHREAD == 0) {
        token[next()] = r + 1;  // a relaxed write, ordered by the post's strict write
        upc_sem_post(all[next()]);
        upc_sem_wait(mine);
      } else {
        upc_sem_wait(mine);
        if (token[me()] != r + 1) ++errors;
        token[next()] = r + 1;
        upc_sem_post(all[next()]);
      }
    }
    EXPECT_EQ(errors, 0);
    upc_barrier;
    EXPECT_EQ(upc_sem_getvalue(mine), 0u);
    upc_barrier;
    upc_sem_free(mine);
  }
}

// 10^5 posts (post and postN mixed) from every thread into thread 0's semaphore; thread 0 consumes them with
// wait, waitN and waitNtoM while they arrive. Nothing is lost or counted twice.
TEST(Semaphore, ProducerConsumerStressCountsExactly) {
  const long long total = mp::scaled(100000);
  upc_sem_t *sink = MYTHREAD == 0 ? upc_sem_alloc(0) : nullptr;
  sink = mp::all_gather(sink)[0];
  shared_array<long long> produced(static_cast<std::size_t>(THREADS));
  const long long mine = mp::share_of(total, MYTHREAD);
  long long posted = 0, consumed = 0;
  if (MYTHREAD != 0 || THREADS == 1) {
    for (long long k = 0; posted < mine; ++k) {
      const long long n = std::min<long long>(k % 3 + 1, mine - posted);
      if (n == 1)
        upc_sem_post(sink);
      else
        upc_sem_postN(sink, static_cast<std::size_t>(n));
      posted += n;
      if (THREADS == 1) consumed += static_cast<long long>(upc_sem_waitNtoM(sink, 1, 2));
    }
  }
  if (MYTHREAD == 0) {
    const long long expected = total - (THREADS == 1 ? 0 : mp::share_of(total, 0));
    for (long long k = 0; consumed < expected; ++k) {
      const long long left = expected - consumed;
      if (k % 3 == 0) {
        upc_sem_wait(sink);
        consumed += 1;
      } else if (k % 3 == 1 && left >= 2) {
        upc_sem_waitN(sink, 2);
        consumed += 2;
      } else {
        consumed +=
            static_cast<long long>(upc_sem_waitNtoM(sink, 1, static_cast<std::size_t>(std::min(left, 3LL))));
      }
    }
    EXPECT_EQ(consumed, expected);
  }
  produced[me()] = posted;
  upc_barrier;
  if (MYTHREAD == 0) {
    long long sum = 0;
    for (int t = 0; t < THREADS; ++t) sum += produced[static_cast<std::size_t>(t)];
    EXPECT_EQ(sum, THREADS == 1 ? total : total - mp::share_of(total, 0));
    EXPECT_EQ(upc_sem_getvalue(sink), 0u);  // no signal duplicated
    EXPECT_EQ(upc_sem_try(sink), 0);
    upc_sem_free(sink);
  }
  upc_barrier;
}

// Appendix item 1: any thread may wait on an MCONSUMER semaphore of another thread. Thread 0 hands out
// THREADS * k units; every thread takes k of them remotely, in pieces.
TEST(Semaphore, RemoteWaitOnAnMConsumerSemaphore) {
  const std::size_t k = 50;
  upc_sem_t *pool = mp::all_gather(MYTHREAD == 0 ? upc_sem_alloc(UPC_SEM_MCONSUMER) : nullptr)[0];
  if (MYTHREAD == 0)
    for (int t = 0; t < THREADS; ++t) upc_sem_postN(pool, k);
  std::size_t taken = 0;
  while (taken < k) {
    if (taken % 3 == 0)
      taken += upc_sem_waitNtoM(pool, 1, std::min<std::size_t>(4, k - taken));
    else if (upc_sem_try(pool))
      taken += 1;
    else {
      upc_sem_wait(pool);
      taken += 1;
    }
  }
  EXPECT_EQ(taken, k);
  upc_barrier;
  if (MYTHREAD == 0) {
    EXPECT_EQ(upc_sem_getvalue(pool), 0u);
    upc_sem_free(pool);
  }
  upc_barrier;
}

// Appendix item 4: an initial value, and getvalue.
TEST(Semaphore, AllocWithAnInitialValue) {
  upc_sem_t *s = upc_sem_alloc_value(0, 7);
  EXPECT_EQ(upc_sem_getvalue(s), 7u);
  EXPECT_EQ(upc_sem_tryN(s, 7), 1);
  EXPECT_EQ(upc_sem_try(s), 0);
  upc_sem_free(s);
  upc_sem_t *b = upc_sem_alloc_value(UPC_SEM_BOOLEAN, 1);
  EXPECT_EQ(upc_sem_try(b), 1);
  EXPECT_EQ(upc_sem_try(b), 0);
  upc_sem_free(b);
  upc_sem_t *full = upc_sem_alloc_value(UPC_SEM_INTEGER, UPC_SEM_MAXVALUE);
  EXPECT_EQ(upc_sem_getvalue(full), static_cast<std::size_t>(UPC_SEM_MAXVALUE));
  upc_sem_waitN(full, UPC_SEM_MAXVALUE);
  upc_sem_free(full);
}

// Appendix item 5: waitNtoM takes min(value, M) once the value is at least N; tryNtoM fails below N.
TEST(Semaphore, NToMTakesWhatIsThereUpToM) {
  upc_sem_t *s = upc_sem_alloc(UPC_SEM_INTEGER);
  EXPECT_EQ(upc_sem_tryNtoM(s, 1, 5), 0u);
  upc_sem_postN(s, 3);
  EXPECT_EQ(upc_sem_tryNtoM(s, 4, 8), 0u);
  EXPECT_EQ(upc_sem_tryNtoM(s, 2, 8), 3u);
  upc_sem_postN(s, 10);
  EXPECT_EQ(upc_sem_waitNtoM(s, 1, 4), 4u);
  EXPECT_EQ(upc_sem_waitNtoM(s, 6, 6), 6u);
  EXPECT_EQ(upc_sem_getvalue(s), 0u);
  upc_sem_free(s);
}

// A wait woken by remote posts: odd threads post their even partner's semaphore once it has started waiting
// (N = 3 arriving one unit at a time, so the waiter blocks between them).
TEST(Semaphore, BlockedWaitNIsWokenByRemotePosts) {
  upc_sem_t *mine = upc_sem_alloc(UPC_SEM_INTEGER);
  auto all = mp::all_gather(mine);
  shared_array<int> started(static_cast<std::size_t>(THREADS));
  started[me()] = 0;
  upc_barrier;
  const bool paired = MYTHREAD % 2 == 1 || MYTHREAD + 1 < THREADS;
  if (!paired) {  // the last thread of an odd THREADS: posts to itself
    for (int k = 0; k < 3; ++k) upc_sem_post(mine);
    upc_sem_waitN(mine, 3);
  } else if (MYTHREAD % 2 == 0) {
    started[me()] = 1;
    upc_sem_waitN(mine, 3);
  } else {
    while (started[me() - 1] == 0) {
    }
    for (int k = 0; k < 3; ++k) upc_sem_post(all[me() - 1]);
  }
  upc_barrier;
  EXPECT_EQ(upc_sem_getvalue(mine), 0u);
  upc_barrier;
  upc_sem_free(mine);
}

}  // namespace
