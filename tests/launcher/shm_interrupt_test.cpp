// pgasrun on the shm conduit interrupted by each signal it handles: every thread is ended at once, and
// pgasrun exits 128+S naming the signal. (The same on the MPI conduit: mpi_interrupt_test.cpp.)
#include <csignal>
#include <string>
#include <tuple>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using namespace std::chrono_literals;

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
  EXPECT_NE(r.err.find("pgasrun: interrupted by " + signal_name(signo) + "; ended " + std::to_string(n) +
                       " thread(s)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(probe_pids(r.out).size(), static_cast<std::size_t>(n));
  expect_threads_gone(r.out);
}

INSTANTIATE_TEST_SUITE_P(Launcher, InterruptTest,
                         ::testing::Combine(::testing::Values(1, 2, 4, 8),
                                            ::testing::Values(SIGINT, SIGTERM, SIGHUP, SIGQUIT)),
                         [](const auto &info) {
                           return std::to_string(std::get<0>(info.param)) + "threads_" +
                                  signal_name(std::get<1>(info.param));
                         });

// Under `nohup` (SIGHUP ignored) a hangup, which reaches pgasrun and every thread of the job as it would
// from a closed terminal, ends nothing: the job finishes normally.
class NohupTest : public LauncherParamTest<int> {};

TEST_P(NohupTest, HangupIsIgnoredByTheLauncherAndTheJob) {
  const int n = GetParam();
  Process nohup("/usr/bin/nohup", {kPgasrun, "-n", std::to_string(n), kProbe, "nap", "3"});
  ASSERT_TRUE(nohup.wait_for_stdout_lines(n, 10s)) << "the threads did not all start";
  kill(nohup.pid(), SIGHUP);  // nohup has exec'd pgasrun
  for (pid_t thread : probe_pids(nohup.stdout_so_far())) kill(thread, SIGHUP);
  RunResult r = nohup.wait();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_EQ(probe_pids(r.out).size(), static_cast<std::size_t>(n));
}

INSTANTIATE_TEST_SUITE_P(Launcher, NohupTest, ::testing::Values(1, 2, 4, 8),
                         [](const auto &info) { return std::to_string(info.param) + "threads"; });

}  // namespace
}  // namespace launcher_test
