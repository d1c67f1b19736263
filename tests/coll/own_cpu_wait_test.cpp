// A thread bound to a CPU of its own (pgasrun --bind-to core) is not oversubscribed: a short MYSYNC wait
// polls instead of sleeping. Thread 0 receives a broadcast from the last thread, which enters each call
// ~40 us late (busy, on its own CPU); without the binding's word (PGAS_OWN_CPU) every thread, its affinity a
// single CPU, would count itself oversubscribed and sleep in the futex at nearly every call, which the
// voluntary context switches of thread 0 show. Registered at 2 threads with --bind-to core where the
// machine has 2 CPUs; at 1 thread there is nothing to wait for and it checks the data only.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <pgas/upc.hpp>

using namespace pgas;

namespace {

long voluntary_switches() {
  rusage usage{};
  getrusage(RUSAGE_THREAD, &usage);  // this thread: not a helper thread of MPI
  return usage.ru_nvcsw;
}

void busy_for(std::chrono::microseconds span) {
  const auto until = std::chrono::steady_clock::now() + span;
  while (std::chrono::steady_clock::now() < until) {
  }
}

TEST(OwnCpuWait, ShortWaitsOfABoundThreadDoNotSleep) {
  constexpr int kCalls = 400;
  const auto T = static_cast<std::size_t>(THREADS);
  const int root = THREADS - 1;
  shared_array<int> src(T, 1, "src"), dst(T, 1, "dst");
  upc_barrier;
  const long before = voluntary_switches();
  int long_calls = 0;  // calls that outlasted the polling budget (200 us): a preempted root's
  for (int call = 0; call < kCalls; ++call) {
    if (MYTHREAD == root) {
      busy_for(std::chrono::microseconds(40));
      src[static_cast<std::size_t>(root)] = call;
    }
    const auto start = std::chrono::steady_clock::now();
    upc_all_broadcast(dst, &src[static_cast<std::size_t>(root)], sizeof(int), UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    long_calls += std::chrono::steady_clock::now() - start > std::chrono::microseconds(200) ? 1 : 0;
    ASSERT_EQ(dst[static_cast<std::size_t>(MYTHREAD)], call);
  }
  const long slept = voluntary_switches() - before;
  upc_barrier;
  // A wait longer than the polling budget may sleep, whatever the policy (on a busy machine the root is
  // preempted now and then); a waiter that counts itself oversubscribed sleeps in the short waits too, at
  // nearly every call. So the sleeps are bounded by the long calls, not by a count that load can break.
  if (MYTHREAD == 0 && THREADS > 1) {
    if (long_calls > kCalls / 2)
      GTEST_SKIP() << long_calls << " of " << kCalls << " calls were long: too busy to tell";
    EXPECT_LT(slept, long_calls + kCalls / 4) << "thread 0 slept " << slept << " times in " << kCalls
                                              << " calls, " << long_calls << " of them longer than 200 us";
  }
}

}  // namespace
