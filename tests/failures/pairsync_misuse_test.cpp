// Misuse of pairwise and subset synchronization (pairsync_misuse_program.cpp), at 1, 2, 4 and 8 threads
// where the mode needs that many: exit status 70 and one message naming the thread, within seconds.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "misuse_runs.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  const char *message;  // regular expression; LAST is the last thread's number
  int min_threads = 1;
};

const Case kCases[] = {
    {"self", R"(thread LAST: error: pairsync\(LAST\): a thread cannot synchronize with itself)"},
    {"out-of-range", R"(thread LAST: error: pairsync\(-1\): thread -1 out of range \(THREADS is \d+\))"},
    {"handshake-self",
     R"(thread LAST: error: pairsync_lock_handshake\(LAST\): a thread cannot synchronize with itself)"},
    {"handshake-out-of-range",
     R"(thread LAST: error: pairsync_lock_handshake\((\d+)\): thread \1 out of range \(THREADS is \1\))"},
    {"subset-out-of-range",
     R"(thread LAST: error: upc_subset_barrier: thread 99 of the subset is out of range \(THREADS is \d+\))"},
    {"subset-twice",
     R"(thread LAST: error: upc_subset_tree_barrier: thread LAST is listed twice in the subset)"},
    {"subset-empty", R"(thread LAST: error: upc_subset_barrier: the subset of threads is empty)"},
    {"subset-without-caller",
     R"(thread LAST: error: upc_subset_barrier: the calling thread LAST is not in the subset it synchronizes)",
     2},
    {"mismatch",
     R"(thread [01]: error: pairwise meetings do not match: meeting #1 of threads [01] and [01] is (pairsync\([01]\) on thread [01] but upc_subset_barrier \(subset #\d+\)|upc_subset_barrier \(subset #\d+\) on thread [01] but pairsync\([01]\)) on thread [01])",
     2},
    {"subset-mismatch",
     R"(thread [01]: error: pairwise meetings do not match: meeting #1 of threads [01] and [01] is upc_subset_barrier \(subset #(\d+)\) on thread [01] but upc_subset_barrier \(subset #(?!\1\))\d+\) on thread [01])",
     3},
    {"cycle",
     R"(thread [012]: error: pairwise synchronization deadlock: thread (\d) waits in pairsync\(\d\) for thread \d, thread \d waits in pairsync\(\d\) for thread \d, thread \d waits in pairsync\(\d\) for thread \1)",
     3},
    {"kinds",
     R"(thread [01]: error: thread [01] waits in (pairsync|pairsync_lock_handshake)\([01]\) for thread [01], but thread [01] waits in (pairsync|pairsync_lock_handshake)\([01]\) for thread [01] \(the two kinds of pairsync do not meet each other\))",
     2},
    {"partner-returns",
     R"(thread 0: error: thread 0 waits in pairsync\(1\) for thread 1, but thread 1 finished main \(returned or called exit\) without meeting it)",
     2},
    {"partner-in-collective",
     R"(thread 0: error: thread 0 waits in pairsync\(1\) for thread 1, but thread 1 waits in upc_all_lock_alloc \(its collective operation #\d+\), which needs thread 0)",
     2},
};

class PairsyncMisuse : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};

TEST_P(PairsyncMisuse, StopsTheJobWithAMessage) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), PAIRSYNC_MISUSE_PROGRAM, c.mode});
  launcher_test::expect_stopped_by_misuse(result, launcher_test::with_thread_numbers(c.message, threads),
                                          20.0);
}

// Every case at 1, 2, 4 and 8 threads, from the least it needs.
INSTANTIATE_TEST_SUITE_P(Modes, PairsyncMisuse,
                         testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 4, 8})),
                         launcher_test::mode_and_threads);

}  // namespace
