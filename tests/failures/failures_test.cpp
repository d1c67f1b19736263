// How jobs fail, at 1, 2, 4 and 8 threads. Misuse stops the job with exit status 70
// (launch::kRuntimeErrorExit) and one message naming the object, the index and the thread.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "misuse_runs.hpp"

namespace {

using launcher_test::mode_and_threads;
using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  const char *message;  // regular expression the error line must match
  int min_threads = 1;
};

const Case kCases[] = {
    {"index",
     R"(thread LAST: error: index 10 out of range for shared array 'D' \(allocated at failure_program.cpp:\d+\) \(10 elements\))"},
    {"unnamed-index",
     R"(thread LAST: error: index 7 out of range for shared array #\d+ \(allocated at failure_program.cpp:\d+\) \(4 elements\))"},
    {"pointer-range", R"(thread LAST: error: .*index (\d+) out of range for shared array 'D')"},
    {"negative-index",
     R"(thread LAST: error: index -1 out of range for shared array 'D' \(allocated at failure_program.cpp:\d+\) \(10 elements\))"},
    {"pointer-negative",
     R"(thread LAST: error: \w+: index -1 out of range for shared array 'D' .*\(10 elements; 4 bytes at byte offset -4 on thread \d+\))"},
    {"2d-negative",
     R"(thread LAST: error: index \[1\]\[-1\] out of range for shared array 'A' \(allocated at failure_program.cpp:\d+\) \(3 x 4 elements\))"},
    {"memget-negative",
     R"(thread LAST: error: \w+: index -1 out of range for shared array 'D' .*\(10 elements; 4 bytes at byte offset -4 on thread \d+\))"},
    {"cast-thread",
     R"(thread LAST: error: remote_cast: thread (\d+) out of range for shared array 'D' \(allocated at failure_program.cpp:\d+\) \(THREADS is \1\))"},
    {"use-after-free",
     R"(thread LAST: error: .*use of upc_all_alloc object #\d+ \(allocated at failure_program.cpp:\d+\) after it was freed)"},
    {"use-after-free-cached",
     R"(thread LAST: error: .*use of upc_all_alloc object #\d+ \(allocated at failure_program.cpp:\d+\) after it was freed)"},
    {"double-free",
     R"(thread \d+: error: upc_free: use of upc_alloc object #\d+ \(allocated at failure_program.cpp:\d+\) after it was freed)"},
    {"block-mismatch",
     R"(thread LAST: error: a pointer into shared array 'B' \(allocated at failure_program.cpp:\d+\) with blocking factor 4 converted implicitly to a pointer type with blocking factor 17 \(C converts between blocking factors only in a cast: write global_ptr<T, 17>\(p\), whose phase is 0\))"},
    {"cast-phase-outside-blocks",
     R"(thread LAST: error: a pointer to shared void into shared array 'B' \(allocated at failure_program.cpp:\d+\) with phase 3 converted to a pointer type with blocking factor 2 \(the phase is outside its blocks; UPC leaves the result undefined: upc_resetphase it first\))"},
    {"sync-twice",
     R"(thread LAST: error: upc_sync: handle 0x[0-9a-f]+ is not a transfer in flight of this thread \(synced already, or not returned by a _nb call of this thread\))",
     2},
    {"attempt-after-completion",
     R"(thread LAST: error: upc_sync_attempt: handle 0x[0-9a-f]+ is not a transfer in flight of this thread \(synced already, or not returned by a _nb call of this thread\))",
     2},
    {"strided-mismatch",
     R"(thread LAST: error: bupc_memget_fstrided: the destination describes 96 bytes \(3 chunks of 32\) but the source 64 \(2 chunks of 32\))"},
    {"list-mismatch",
     R"(thread LAST: error: bupc_memget_vlist: the destination list describes 40 bytes in 2 regions but the source list 32 in 1 region)"},
    {"nested-access-region",
     R"(thread LAST: error: bupc_begin_accessregion: an access region is open already \(regions do not nest; close it with bupc_end_accessregion\))"},
    {"atomic-op-outside-domain",
     R"(thread LAST: error: upc_atomic_relaxed: UPC_MULT is not one operation of the domain's UPC_ADD\|UPC_GET \(UPC_LONG\))"},
    {"atomic-freed-domain",
     R"(thread LAST: error: upc_atomic_strict: 0x[0-9a-f]+ is not an atomic domain \(freed, or not from upc_all_atomicdomain_alloc\))"},
    {"atomic-pointer-domain",
     R"(thread \d+: error: .*upc_all_atomicdomain_alloc: UPC_PTS atomics do not have UPC_ADD \(asked for UPC_ADD\|UPC_GET\))"},
    {"unlock-not-held", R"(thread LAST: error: upc_unlock: lock #\d+ is not held by any thread)"},
    {"lock-after-free", R"(thread LAST: error: upc_lock: lock #\d+ was freed)"},
    {"lock-twice", R"(thread LAST: error: upc_lock: this thread already holds lock #\d+)"},
    {"barrier-mismatch",
     R"(thread \d+: error: (barrier id mismatch: thread 0 used 1 but thread (\d+) used 2 \(thread 0: upc_barrier with id 1 at failure_program.cpp:\d+; thread \2: upc_barrier with id 2 at failure_program.cpp:\d+\)|upc_wait: upc_wait\(2\) does not match this thread's upc_notify\(1\)))"},
    {"wait-without-notify", R"(thread \d+: error: upc_wait: upc_wait without a preceding upc_notify)"},
    {"alloc-mismatch",
     R"(thread 0: error: upc_all_alloc called with different arguments: argument 3 is 1 on thread 0 but 2 on thread 1)",
     2},
    {"heap-exhausted",
     R"(thread 0: error: shared heap exhausted: .* for the object allocated at failure_program.cpp:\d+ .*raise pgasrun --segment-size)"},
    {"before-init", R"(pgas: error: upc_global_lock_alloc called before the PGAS runtime was initialized)"},
};

class Misuse : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};  // checks /dev/shm

TEST_P(Misuse, StopsTheJobWithAMessage) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), FAILURE_PROGRAM, c.mode});
  launcher_test::expect_stopped_by_misuse(result, launcher_test::with_thread_numbers(c.message, threads));
}

INSTANTIATE_TEST_SUITE_P(Modes, Misuse, testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 4, 8})),
                         mode_and_threads);

// A thread that ends the job (crash, error exit, upc_global_exit) while its peers wait at a barrier: the
// job ends in bounded time with that thread's status, and nothing is left in /dev/shm.
struct Ending {
  const char *mode;
  int exit_code;
  const char *message;  // regular expression for pgasrun's report, or "" for none
};

const Ending kEndings[] = {
    {"segfault", 128 + 11,
     R"(pgasrun: thread LAST \(pid \d+\) was killed by signal 11 \(Segmentation fault\))"},
    {"exit-3", 3, R"(pgasrun: thread LAST \(pid \d+\) exited with status 3)"},
    {"global-exit", 5, ""},
};

class JobEnding : public launcher_test::LauncherParamTest<std::tuple<Ending, int>> {};  // checks /dev/shm

TEST_P(JobEnding, EndsEveryThreadWithTheStatus) {
  auto [e, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), FAILURE_PROGRAM, e.mode});
  EXPECT_EQ(result.exit_code, e.exit_code) << result.err;
  std::string pattern =
      std::regex_replace(std::string(e.message), std::regex("LAST"), std::to_string(threads - 1));
  EXPECT_TRUE(std::regex_search(result.err, std::regex(pattern))) << result.err;
  EXPECT_LT(result.seconds, 5.0);
  EXPECT_EQ(result.out.find("was not detected"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Modes, JobEnding,
                         testing::Combine(testing::ValuesIn(kEndings), testing::Values(1, 2, 4, 8)),
                         mode_and_threads);

// What a thread printed before the job ended is never lost, whatever the exit status: every thread prints
// a line and exits with status 1, thread 0 only after the launcher has ended the job for the others.
class OutputAtTheEnd : public launcher_test::LauncherParamTest<int> {};  // checks /dev/shm

TEST_P(OutputAtTheEnd, EveryThreadsLineSurvivesAFailedJob) {
  const int threads = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), FAILURE_PROGRAM, "print-then-exit-1"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  for (int t = 0; t < threads; ++t)
    EXPECT_NE(result.out.find("output of thread " + std::to_string(t) + "\n"), std::string::npos)
        << "thread " << t << "'s line is missing from:\n"
        << result.out;
}

INSTANTIATE_TEST_SUITE_P(Threads, OutputAtTheEnd, testing::Values(1, 2, 3, 4, 8));

}  // namespace
