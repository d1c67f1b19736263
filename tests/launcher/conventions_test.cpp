// pgasrun's conventions shared with mpirun and upcrun: -np, durations with units, --tag-output, --show and
// --bind-to.
#include <sched.h>

#include <string>
#include <tuple>
#include <vector>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using Args = std::vector<std::string>;

TEST_F(LauncherTest, NpIsTheNumberOfThreads) {
  for (const Args &threads : {Args{"-np", "3"}, Args{"-np=3"}}) {
    Args args = threads;
    args.insert(args.end(), {kProbe, "args", "hello"});
    RunResult r = run_pgasrun(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "hello\nhello\nhello\n") << threads.front();
  }
}

// "--latency 2" could mean 2 ns or 2 us: refused, naming the units, from the flag and from the environment.
TEST_F(LauncherTest, ALatencyWithoutAUnitIsRefused) {
  for (const auto &[args, env, source] :
       {std::tuple{Args{"-n", "2", "--latency", "2", kProbe, "ok"}, EnvOverrides{}, "--latency"},
        std::tuple{Args{"-n", "2", kProbe, "ok"}, EnvOverrides{{"PGAS_LATENCY", "1.5"}}, "PGAS_LATENCY"}}) {
    RunResult r = run_pgasrun(args, env);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(std::string(source) + ": '"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("' has no unit: write the latency in ns, us, ms or s"), std::string::npos) << r.err;
  }
  RunResult zero = run_pgasrun({"-n", "1", "--latency", "0", kProbe, "args", "ran"});
  EXPECT_EQ(zero.exit_code, 0) << zero.err;
  EXPECT_EQ(zero.out, "ran\n");
}

TEST_F(LauncherTest, TagOutputPrefixesEachLineWithItsThread) {
  RunResult r = run_pgasrun({"-n", "3", "--tag-output", "sh", "-c",
                             "echo out $PGAS_MYTHREAD; echo err $PGAS_MYTHREAD >&2; printf 'no newline'"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (int t = 0; t < 3; ++t) {
    const std::string tag = "[" + std::to_string(t) + "] ";
    EXPECT_EQ(count_lines(r.out, tag + "out " + std::to_string(t)), 1) << r.out;
    EXPECT_EQ(count_lines(r.out, tag + "no newline"), 1) << r.out;
    EXPECT_EQ(count_lines(r.err, tag + "err " + std::to_string(t)), 1) << r.err;
  }
  EXPECT_EQ(count_lines(r.out, "out 0"), 0) << "an untagged line:\n" << r.out;
}

TEST_F(LauncherTest, ShowPrintsEachThreadsCommandAndRunsNothing) {
  RunResult r = run_pgasrun({"-n", "2", "--show", "--latency", "2us", kProbe, "args", "it ran"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (int t = 0; t < 2; ++t)
    EXPECT_NE(r.out.find("PGAS_THREADS=2 PGAS_MYTHREAD=" + std::to_string(t) + " PGAS_SEGMENT_SIZE="),
              std::string::npos)
        << r.out;
  EXPECT_NE(r.out.find("PGAS_LATENCY=2000ns " + std::string(kProbe) + " args 'it ran'\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(count_lines(r.out, "it ran"), 0) << "the job ran:\n" << r.out;
}

TEST_F(LauncherTest, ShowPrintsTheMpirunCommand) {
  RunResult r = run_pgasrun({"-n", "4", "--conduit", "mpi", "--show", "--tag-output", kProbe, "ok"},
                            {{"PGAS_MPIRUN", "/nonexistent/mpirun"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "/nonexistent/mpirun --oversubscribe -np 4 --bind-to none --output-filename OUTPUT_DIR:nocopy "
          "-x PGAS_CONDUIT=mpi"),
      std::string::npos)
      << r.out;
}

// The CPUs the system lets a process run on, as /proc/self/status lists them.
std::string allowed_cpus(const std::string &status_line) {
  return status_line.substr(status_line.find(':') + 1);
}

TEST_F(LauncherTest, BindToCorePutsEachThreadOnOneCpu) {
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  int first = 0;
  while (!CPU_ISSET(first, &set)) ++first;
  const Args show_cpus = {"sh", "-c", "grep Cpus_allowed_list: /proc/self/status"};
  Args bound = {"-n", "1", "--bind-to", "core"};
  bound.insert(bound.end(), show_cpus.begin(), show_cpus.end());
  RunResult r = run_pgasrun(bound);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(allowed_cpus(r.out), "\t" + std::to_string(first) + "\n") << r.out;

  Args unbound = {"-n", "1", "--bind-to", "none"};
  unbound.insert(unbound.end(), show_cpus.begin(), show_cpus.end());
  RunResult own = run_program("/bin/sh", {"-c", "grep Cpus_allowed_list: /proc/self/status"});
  RunResult free = run_pgasrun(unbound);
  ASSERT_EQ(free.exit_code, 0) << free.err;
  EXPECT_EQ(free.out, own.out);
}

// More threads than CPUs: thread T on CPU T mod K of the K CPUs pgasrun may use, none with a CPU of its own;
// as many threads as CPUs: each on its own, as with core. Under mpirun, Open MPI's round robin over cores.
TEST_F(LauncherTest, BindToSpreadSharesTheCpusEvenly) {
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  std::vector<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  const int k = static_cast<int>(cpus.size());
  for (const int n : {k, 2 * k + 1}) {
    RunResult r =
        run_pgasrun({"-n", std::to_string(n), "--bind-to", "spread", "sh", "-c",
                     "echo $PGAS_MYTHREAD own=$PGAS_OWN_CPU $(grep Cpus_allowed_list: /proc/self/status)"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (int t = 0; t < n; ++t) {
      const std::string own = n <= k ? "1" : "";
      const std::string line = std::to_string(t) + " own=" + own +
                               " Cpus_allowed_list: " + std::to_string(cpus[static_cast<std::size_t>(t % k)]);
      EXPECT_EQ(count_lines(r.out, line), 1) << "no line '" << line << "' in:\n" << r.out;
    }
  }
  RunResult mpi = run_pgasrun({"-n", "3", "--conduit", "mpi", "--show", "--bind-to", "spread", kProbe, "ok"},
                              {{"PGAS_MPIRUN", "/nonexistent/mpirun"}});
  ASSERT_EQ(mpi.exit_code, 0) << mpi.err;
  EXPECT_NE(mpi.out.find("-np 3 --map-by core:OVERSUBSCRIBE --bind-to core:overload-allowed -x"),
            std::string::npos)
      << mpi.out;
}

TEST_F(LauncherTest, BindToRefusesWhatItCannotDo) {
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  const std::string too_many = std::to_string(CPU_COUNT(&set) + 1);
  RunResult r = run_pgasrun({"-n", too_many, "--bind-to", "core", kProbe, "ok"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--bind-to core: " + too_many + " threads but only"), std::string::npos) << r.err;
  RunResult socket = run_pgasrun({"-n", "1", "--bind-to", "socket", kProbe, "ok"});
  EXPECT_EQ(socket.exit_code, 2);
  EXPECT_NE(socket.err.find("--bind-to: 'socket' is not a binding (core, spread or none)"), std::string::npos)
      << socket.err;
}

}  // namespace
}  // namespace launcher_test
