// Collective matching under pgasrun at 1, 2, 3, 4 and 8 threads: a thread in a different collective than
// its peers, or one that finished main while they wait in one, ends the job in bounded time with exit
// status 70 (launch::kRuntimeErrorExit) and one message naming both calls and both threads.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "misuse_runs.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  const char *message;  // regular expression for the error line; LAST is the last thread's number
  int min_threads;      // below it the mode has no peer to disagree with
};

// "its collective operation #N, CALL at collective_program.cpp:LINE"
#define AT R"( at collective_program.cpp:\d+)"
#define EXITED R"(thread LAST finished main \(returned or called exit\) while thread \1 waits in )"
#define NEVER R"(, which thread LAST can never reach)"

const Case kCases[] = {
    {"skipped-barrier-before-free",
     R"(thread 0: error: collective operations do not match: thread 0 is in its collective operation #3, )"
     R"(upc_barrier)" AT R"(, but thread LAST is in its collective operation #3, the collective free of )"
     R"(shared array 'A' \(allocated)" AT R"(\), and every thread must run the same collective operations)",
     2},
    {"barrier-against-all-alloc",
     R"(thread 0: error: collective operations do not match: thread 0 is in its collective operation #1, )"
     R"(upc_barrier)" AT R"(, but thread LAST is in its collective operation #1, upc_all_alloc)" AT,
     2},
    {"notify-against-lock-alloc",
     R"(thread 0: error: collective operations do not match: thread 0 is in its collective operation #1, )"
     R"(upc_all_lock_alloc, but thread LAST is in its collective operation #1, upc_notify)" AT,
     2},
    {"return-during-barrier",
     R"(thread (0): error: )" EXITED R"(its collective operation #2, upc_barrier)" AT NEVER, 2},
    {"exit-during-barrier",
     R"(thread (0): error: )" EXITED R"(its collective operation #2, upc_barrier)" AT NEVER, 2},
    // The first waiter to see the launcher's notice reports it.
    {"underscore-exit-during-barrier",
     R"(thread (\d+): error: )" EXITED R"(its collective operation #2, upc_barrier)" AT NEVER, 2},
    {"return-during-all-alloc",
     R"(thread (0): error: )" EXITED R"(its collective operation #1, upc_all_alloc)" AT NEVER, 2},
    {"return-holding-a-lock",
     R"(thread \d+: error: upc_lock: lock #\d+ is held by thread LAST, which finished main \(returned or called )"
     R"(exit\) without releasing it)",
     2},
    {"return-during-lock-alloc",
     R"(thread (0): error: )" EXITED R"(its collective operation #1, upc_all_lock_alloc)" NEVER, 2},
    // Thread 1 spins on a flag instead of arriving: the barrier never completes, and the first of its
    // waiters to see the exit reports it.
    {"return-while-a-peer-spins",
     R"(thread (\d+): error: )" EXITED R"(its collective operation #3, upc_barrier)" AT NEVER, 3},
    {"return-between-notify-and-wait",
     R"(thread \d+: error: this thread finished main between upc_notify and upc_wait \(upc_notify)" AT
     R"(\))",
     1},
    {"all-alloc-between-notify-and-wait",
     R"(thread \d+: error: upc_all_alloc)" AT R"( called between upc_notify and upc_wait)", 1},
};

class CollectiveMismatch : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};  // /dev/shm

TEST_P(CollectiveMismatch, EndsTheJobWithOneMessageNamingBothCalls) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), COLLECTIVE_PROGRAM, c.mode});
  launcher_test::expect_stopped_by_misuse(result, launcher_test::with_thread_numbers(c.message, threads));
  if (c.min_threads > 1) {  // a disagreement between threads is reported once, by one of them
    EXPECT_EQ(launcher_test::error_count(result.err), 1u) << result.err;
  }
  EXPECT_EQ(result.out.find("passed"), std::string::npos) << result.out;
}

INSTANTIATE_TEST_SUITE_P(Modes, CollectiveMismatch,
                         testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 3, 4, 8})),
                         launcher_test::mode_and_threads);

}  // namespace
