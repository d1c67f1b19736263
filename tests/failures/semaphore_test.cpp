// Misuse of semaphores and signalling transfers stops the job with exit status 70 and one message naming
// the semaphore (allocation site and owner) and the thread, at 1, 2, 4 and 8 threads; a thread that dies
// while others wait on semaphores ends the job in bounded time with pgasrun's usual report.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "misuse_runs.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  const char *message;  // regular expression the error line must match; LAST is the last thread
  int min_threads;      // below it the misuse needs a peer it does not have
};

#define SEM(owner) "semaphore allocated at semaphore_program.cpp:\\d+ on thread " owner

const Case kCases[] = {
    {"boolean-postN", R"(thread LAST: error: upc_sem_postN: n = 2 on the BOOLEAN )" SEM("LAST"), 1},
    {"boolean-waitN", R"(thread LAST: error: upc_sem_waitN: n = 2 on the BOOLEAN )" SEM("LAST"), 1},
    {"second-producer",
     R"(thread LAST: error: upc_sem_post: the SPRODUCER )" SEM(
         "0") R"( already has thread 0 as its producer)",
     2},
    {"remote-wait-sconsumer",
     R"(thread LAST: error: upc_sem_try: the SCONSUMER )" SEM("0") R"( may only be decremented by its owner)",
     2},
    {"post-after-free",
     R"(thread LAST: error: upc_sem_postN: use of the )" SEM("LAST") R"( after upc_sem_free)", 1},
    {"conflicting-flags",
     R"(thread LAST: error: upc_sem_alloc at semaphore_program.cpp:\d+: flags 0x3 combine UPC_SEM_BOOLEAN and UPC_SEM_INTEGER, which are mutually exclusive)",
     1},
    {"unknown-flags",
     R"(thread LAST: error: upc_sem_alloc at semaphore_program.cpp:\d+: flags 0x60 have bits that are no UPC_SEM_\* flag)",
     1},
    {"overflow",
     R"(thread LAST: error: upc_sem_post: posting 1 to the )" SEM(
         "LAST") R"(, whose value is 2147483647, would exceed UPC_SEM_MAXVALUE \(2147483647\))",
     1},
    {"free-with-waiter",
     R"(thread 0: error: upc_sem_free: the )" SEM("0") R"( is freed while 1 thread\(s\) wait on it)", 2},
    {"memput-signal-elsewhere",
     R"(thread LAST: error: upc_memput_signal: the shared side is on thread LAST but the )" SEM(
         "0") R"( is not)",
     2},
    {"n-above-m", R"(thread LAST: error: upc_sem_waitNtoM: N = 3 is larger than M = 2)", 1},
    {"not-a-semaphore",
     R"(thread LAST: error: upc_sem_postN: 0x[0-9a-f]+ is not a semaphore from upc_sem_alloc)", 1},
};

class SemaphoreMisuse : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};  // /dev/shm

TEST_P(SemaphoreMisuse, StopsTheJobNamingTheSemaphore) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), SEMAPHORE_PROGRAM, c.mode});
  launcher_test::expect_stopped_by_misuse(result, launcher_test::with_thread_numbers(c.message, threads));
}

INSTANTIATE_TEST_SUITE_P(Modes, SemaphoreMisuse,
                         testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 4, 8})),
                         launcher_test::mode_and_threads);

class SemaphoreWaitFault : public launcher_test::LauncherParamTest<int> {};

TEST_P(SemaphoreWaitFault, AThreadDyingWhileOthersWaitEndsTheJob) {
  const int threads = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), SEMAPHORE_PROGRAM, "die-while-others-wait"});
  EXPECT_EQ(result.exit_code, 128 + 11) << result.err;
  EXPECT_TRUE(std::regex_search(
      result.err,
      std::regex(R"(pgasrun: thread 0 \(pid \d+\) was killed by signal 11 \(Segmentation fault\))")))
      << result.err;
  EXPECT_LT(result.seconds, 5.0);
}

INSTANTIATE_TEST_SUITE_P(Threads, SemaphoreWaitFault, testing::Values(1, 2, 4, 8));

}  // namespace
