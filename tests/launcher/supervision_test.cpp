// pgasrun supervising a job: normal runs, a failing thread ending the job, upc_global_exit, signals sent to
// pgasrun, and --timeout. Every case runs at 1, 2, 4 and 8 threads (8 oversubscribes the 2-core machines).
#include <csignal>
#include <string>
#include <tuple>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using namespace std::chrono_literals;

const auto kThreadCounts = ::testing::Values(1, 2, 4, 8);

std::string thread_count_name(const ::testing::TestParamInfo<int> &info) {
  return std::to_string(info.param) + "threads";
}

void expect_all_gone(const std::string &probe_out) {
  for (pid_t pid : probe_pids(probe_out))
    EXPECT_TRUE(process_gone(pid)) << "thread process " << pid << " left";
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
  expect_all_gone(r.out);
}

TEST_P(FailingThreadTest, NonZeroExitEndsTheJobWithThatStatus) {
  const int n = GetParam();
  const std::string culprit = std::to_string(n / 2);
  RunResult r = run_pgasrun({"-n", std::to_string(n), kProbe, "exit", "3", culprit});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("pgasrun: thread " + culprit + " (pid "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("exited with status 3; ending the job"), std::string::npos) << r.err;
  EXPECT_LT(r.seconds, 3.0);
  expect_all_gone(r.out);
}

TEST_P(FailingThreadTest, GlobalExitEndsTheJobQuietlyWithItsStatus) {
  const int n = GetParam();
  RunResult r = run_pgasrun({"-n", std::to_string(n), kProbe, "global-exit", "5", std::to_string(n - 1)});
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_EQ(r.err, "");
  EXPECT_LT(r.seconds, 3.0);
  expect_all_gone(r.out);
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
  expect_all_gone(r.out);
}

TEST_P(FailingThreadTest, ThreadsIgnoringSigtermAreKilled) {
  const int n = GetParam();
  RunResult r = run_pgasrun({"-n", std::to_string(n), "--timeout", "0.5", kProbe, "stubborn"});
  EXPECT_EQ(r.exit_code, 124);
  EXPECT_LT(r.seconds, 3.0);  // 0.5 s timeout + 0.5 s SIGTERM grace
  expect_all_gone(r.out);
}

INSTANTIATE_TEST_SUITE_P(Launcher, FailingThreadTest, kThreadCounts, thread_count_name);

class InterruptTest : public LauncherParamTest<std::tuple<int, int>> {};

TEST_P(InterruptTest, SignalToPgasrunEndsEveryThread) {
  const auto [n, signo] = GetParam();
  PgasrunProcess pgasrun({"-n", std::to_string(n), kProbe, "sleep"});
  ASSERT_TRUE(pgasrun.wait_for_stdout_lines(n, 10s)) << "the threads did not all start";
  const auto sent = std::chrono::steady_clock::now();
  kill(pgasrun.pid(), signo);
  RunResult r = pgasrun.wait();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count(), 2.0);
  EXPECT_EQ(r.exit_code, 128 + signo);
  const std::string name = signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "SIGHUP";
  EXPECT_NE(r.err.find("pgasrun: interrupted by " + name + "; ended " + std::to_string(n) + " thread(s)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(probe_pids(r.out).size(), static_cast<std::size_t>(n));
  expect_all_gone(r.out);
}

INSTANTIATE_TEST_SUITE_P(Launcher, InterruptTest,
                         ::testing::Combine(kThreadCounts, ::testing::Values(SIGINT, SIGTERM, SIGHUP)),
                         [](const auto &info) {
                           const int signo = std::get<1>(info.param);
                           return std::to_string(std::get<0>(info.param)) + "threads_" +
                                  (signo == SIGINT    ? "SIGINT"
                                   : signo == SIGTERM ? "SIGTERM"
                                                      : "SIGHUP");
                         });

}  // namespace
}  // namespace launcher_test
