// pgasrun supervising a job: normal runs, a failing thread ending the job, upc_global_exit, and --timeout
// (signals sent to pgasrun: shm_interrupt_test.cpp). Every case runs at 1, 2, 4 and 8 threads (8
// oversubscribes the 2-core machines).
#include <csignal>
#include <string>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using namespace std::chrono_literals;

const auto kThreadCounts = ::testing::Values(1, 2, 4, 8);

std::string thread_count_name(const ::testing::TestParamInfo<int> &info) {
  return std::to_string(info.param) + "threads";
}

class NormalRunTest : public LauncherParamTest<int> {};

TEST_P(NormalRunTest, EveryThreadRunsOnceWithItsSegments) {
  const int n = GetParam();
  RunResult r = run_pgasrun({"-n", std::to_string(n), "--segment-size", "1MiB", kProbe, "ok"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  for (int t = 0; t < n; ++t)
    EXPECT_EQ(count_lines(r.out, "thread " + std::to_string(t) + " of " + std::to_string(n)), 1) << r.out;
}

TEST_P(NormalRunTest, DefaultOneGibibyteSegmentsAreFine) {
  RunResult r = run_pgasrun({"-n", std::to_string(GetParam()), kProbe, "ok"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Launcher, NormalRunTest, kThreadCounts, thread_count_name);

class FailingThreadTest : public LauncherParamTest<int> {};

TEST_P(FailingThreadTest, SegfaultEndsTheJobNamingTheThread) {
  const int n = GetParam();
  const std::string culprit = std::to_string(n - 1);
  RunResult r = run_pgasrun({"-n", std::to_string(n), kProbe, "segv", culprit});
  EXPECT_EQ(r.exit_code, 128 + SIGSEGV);
  EXPECT_NE(r.err.find("pgasrun: thread " + culprit + " (pid "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("was killed by signal 11 (Segmentation fault); ending the job"), std::string::npos)
      << r.err;
  EXPECT_LT(r.seconds, 3.0);
  expect_threads_gone(r.out);
}

TEST_P(FailingThreadTest, NonZeroExitEndsTheJobWithThatStatus) {
  const int n = GetParam();
  const std::string culprit = std::to_string(n / 2);
  RunResult r = run_pgasrun({"-n", std::to_string(n), kProbe, "exit", "3", culprit});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("pgasrun: thread " + culprit + " (pid "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("exited with status 3; ending the job"), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 3.0);
  expect_threads_gone(r.out);
}

TEST_P(FailingThreadTest, GlobalExitEndsTheJobQuietlyWithItsStatus) {
  const int n = GetParam();
  RunResult r = run_pgasrun({"-n", std::to_string(n), kProbe, "global-exit", "5", std::to_string(n - 1)});
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_EQ(r.err, "");
  EXPECT_LT(r.seconds, 3.0);
  expect_threads_gone(r.out);
}

TEST_P(FailingThreadTest, TimeoutEndsTheJob) {
  const int n = GetParam();
  RunResult r = run_pgasrun({"-n", std::to_string(n), "--timeout", "1", kProbe, "sleep"});
  EXPECT_EQ(r.exit_code, 124);
  EXPECT_NE(r.err.find("pgasrun: job exceeded --timeout 1 s; ended " + std::to_string(n) + " thread(s)"),
            std::string::npos)
      << r.err;
  EXPECT_GE(r.seconds, 1.0);
  EXPECT_LT(r.seconds, 3.0);
  expect_threads_gone(r.out);
}

TEST_P(FailingThreadTest, ThreadsIgnoringSigtermAreKilled) {
  const int n = GetParam();
  RunResult r = run_pgasrun({"-n", std::to_string(n), "--timeout", "0.5", kProbe, "stubborn"});
  EXPECT_EQ(r.exit_code, 124);
  EXPECT_LT(r.seconds, 3.0);  // 0.5 s timeout + 0.5 s SIGTERM grace
  expect_threads_gone(r.out);
}

INSTANTIATE_TEST_SUITE_P(Launcher, FailingThreadTest, kThreadCounts, thread_count_name);

}  // namespace
}  // namespace launcher_test
