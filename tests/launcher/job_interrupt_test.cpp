// A PGAS job ended by a signal to pgasrun, on both conduits, traced or not: every process of the job ends
// (under mpirun: mpirun and every rank), pgasrun waits for them and exits 128+S naming the signal, nothing
// of the job is left (processes, /dev/shm files), and a traced job's database is imported, marked
// partial. Under mpirun also --timeout (124, as on shm), an mpirun that dies or ignores SIGTERM, and a
// pgasrun that is SIGKILLed.
#include <sys/prctl.h>
#include <sys/wait.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <tuple>

#include "partial_trace.hpp"
#include "watched_job.hpp"

namespace launcher_test {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr int kThreads = 2;
// Generous: mpirun ends its ranks within about a second of SIGTERM, but the machine may be loaded.
constexpr double kEndWithinSeconds = 30;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void skip_without_mpi(const std::string &conduit) {
  if (conduit == "mpi" && std::string(MPIRUN).empty()) GTEST_SKIP() << "Open MPI (mpirun) not found";
}

std::vector<std::string> trace_options(bool traced, const ScratchDirectory &scratch) {
  if (!traced) return {};
  return {"--trace", scratch / "job.db"};
}

class JobInterruptTest : public LauncherParamTest<std::tuple<std::string, int, bool>> {};

TEST_P(JobInterruptTest, EndsEveryProcessOfTheJob) {
  const auto [conduit, signo, traced] = GetParam();
  skip_without_mpi(conduit);
  ScratchDirectory scratch;
  WatchedJob job(conduit, kThreads, trace_options(traced, scratch));
  ASSERT_TRUE(job.wait_until_started()) << "the job's threads did not all start";
  EXPECT_GE(job.processes().pids().size(), 1u + kThreads + (conduit == "mpi"))
      << "pgasrun, [mpirun,] threads";

  const auto sent = std::chrono::steady_clock::now();
  kill(job.pid(), signo);
  RunResult r = job.wait_for_exit(60s);

  EXPECT_EQ(r.exit_code, 128 + signo) << r.err;
  EXPECT_NE(r.err.find("pgasrun: interrupted by " + signal_name(signo) + "; ended " +
                       std::to_string(kThreads) + " thread(s)"),
            std::string::npos)
      << r.err;
  EXPECT_LT(seconds_since(sent), kEndWithinSeconds);
  job.processes().expect_all_gone();
  if (traced) expect_partial_trace(scratch / "job.db", kThreads, conduit);
}

INSTANTIATE_TEST_SUITE_P(Launcher, JobInterruptTest,
                         ::testing::Combine(::testing::Values("shm", "mpi"),
                                            ::testing::Values(SIGINT, SIGTERM, SIGHUP, SIGQUIT),
                                            ::testing::Bool()),
                         [](const auto &info) {
                           return std::get<0>(info.param) + "_" + signal_name(std::get<1>(info.param)) +
                                  (std::get<2>(info.param) ? "_traced" : "");
                         });

class MpiTimeoutTest : public LauncherParamTest<bool> {};

TEST_P(MpiTimeoutTest, EndsTheJobWithStatus124) {
  skip_without_mpi("mpi");
  const bool traced = GetParam();
  ScratchDirectory scratch;
  std::vector<std::string> options = trace_options(traced, scratch);
  options.insert(options.end(), {"--timeout", "15"});
  const auto start = std::chrono::steady_clock::now();
  WatchedJob job("mpi", kThreads, options);
  RunResult r = job.wait_for_exit(90s);

  EXPECT_EQ(r.exit_code, 124) << r.err;
  EXPECT_NE(
      r.err.find("pgasrun: job exceeded --timeout 15 s; ended " + std::to_string(kThreads) + " thread(s)"),
      std::string::npos)
      << r.err;
  EXPECT_GE(seconds_since(start), 15.0);
  EXPECT_LT(seconds_since(start), 15.0 + kEndWithinSeconds);
  job.processes().expect_all_gone();
  // A job that started within the timeout (any machine not overloaded) leaves an interrupted job's trace.
  if (traced && probe_pids(r.out).size() == kThreads)
    expect_partial_trace(scratch / "job.db", kThreads, "mpi");
}

INSTANTIATE_TEST_SUITE_P(Launcher, MpiTimeoutTest, ::testing::Bool(),
                         [](const auto &info) { return std::string(info.param ? "traced" : "untraced"); });

class MpirunKilledTest : public LauncherParamTest<bool> {};

// SIGKILL leaves mpirun no time to end its ranks: pgasrun adopts them, ends them, and says so. (Nor can
// mpirun remove the ranks' shared memory then; pgasrun does not guess which files were theirs.)
TEST_P(MpirunKilledTest, PgasrunEndsTheRanksItLeft) {
  skip_without_mpi("mpi");
  const bool traced = GetParam();
  ScratchDirectory scratch;
  WatchedJob job("mpi", kThreads, trace_options(traced, scratch));
  ASSERT_TRUE(job.wait_until_started()) << "the job's threads did not all start";
  const std::vector<pid_t> mpirun = children_of(job.pid());
  ASSERT_EQ(mpirun.size(), 1u) << "pgasrun's one child is mpirun";

  kill(mpirun.front(), SIGKILL);
  RunResult r = job.wait_for_exit(60s);

  EXPECT_EQ(r.exit_code, 128 + SIGKILL) << r.err;
  EXPECT_NE(r.err.find("pgasrun: mpirun was killed by signal 9"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pgasrun: mpirun left " + std::to_string(kThreads) +
                       " process(es) of the job running; ended them"),
            std::string::npos)
      << r.err;
  job.processes().expect_processes_gone();
  job.processes().remove_shm_files();
  if (traced) expect_partial_trace(scratch / "job.db", kThreads, "mpi");
}

INSTANTIATE_TEST_SUITE_P(Launcher, MpirunKilledTest, ::testing::Bool(),
                         [](const auto &info) { return std::string(info.param ? "traced" : "untraced"); });

// SIGKILL gives pgasrun no chance to end the job: mpirun gets SIGTERM when its parent dies, and ends the
// ranks and removes their shared memory itself. (This test adopts the processes whose parent dies, as
// pgasrun does, so that it can reap them and see them gone.)
TEST_F(LauncherTest, MpirunEndsTheJobWhenPgasrunIsKilled) {
  skip_without_mpi("mpi");
  ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  WatchedJob job("mpi", kThreads, {});
  ASSERT_TRUE(job.wait_until_started()) << "the job's threads did not all start";

  const auto sent = std::chrono::steady_clock::now();
  kill(job.pid(), SIGKILL);
  RunResult r = job.wait_for_exit(60s);
  EXPECT_EQ(r.exit_code, -SIGKILL);
  const auto job_gone = [&] {
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    for (pid_t pid : job.processes().pids())
      if (!process_gone(pid)) return false;
    return true;
  };
  while (!job_gone() && seconds_since(sent) < kEndWithinSeconds) std::this_thread::sleep_for(50ms);
  prctl(PR_SET_CHILD_SUBREAPER, 0);
  job.processes().expect_all_gone();
}

// An mpirun that ignores SIGTERM (here a stand-in that starts no ranks, and whose child ignores it too) is
// SIGKILLed after its grace period, and what it leaves is adopted and ended.
TEST_F(LauncherTest, MpirunIgnoringSigtermIsKilled) {
  ScratchDirectory scratch;
  const std::string stubborn = scratch / "stubborn-mpirun";
  std::ofstream(stubborn) << "#!/bin/sh\ntrap '' TERM\nsleep 120\n";
  fs::permissions(stubborn, fs::perms::owner_all);
  WatchedJob job("mpi", kThreads, {}, {{"PGAS_MPIRUN", stubborn}});
  job.watch_for(1s);  // the stand-in and its sleep have started
  ASSERT_GE(job.processes().pids().size(), 3u) << "pgasrun, the stand-in, its sleep";

  const auto sent = std::chrono::steady_clock::now();
  kill(job.pid(), SIGTERM);
  RunResult r = job.wait_for_exit(60s);

  EXPECT_EQ(r.exit_code, 128 + SIGTERM) << r.err;
  EXPECT_NE(r.err.find("pgasrun: mpirun did not end within 10 s of SIGTERM; killing it"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("pgasrun: mpirun left 1 process(es) of the job running; ended them"),
            std::string::npos)
      << r.err;
  EXPECT_GE(seconds_since(sent), 10.0);
  EXPECT_LT(seconds_since(sent), 10.0 + kEndWithinSeconds);
  job.processes().expect_all_gone();
}

}  // namespace
}  // namespace launcher_test
