// Runs one case of the fault-injection suite and checks how the job ends: exit status and message, time to
// end, no process and no /dev/shm entry of the job left, and with --trace a valid trace database marked
// partial. Usage: fault_driver --launch shm|pgasrun-mpi|mpirun --threads N --fault F [--trace]
// (tests/faults/CMakeLists.txt generates the cases; see fault_case.hpp for the faults).
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <regex>

#include "fault_case.hpp"
#include "job_traces.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace faults {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

FaultCase g_case;

// The job's program, arguments and environment.
struct Job {
  std::string program;
  std::vector<std::string> args;
  launcher_test::EnvOverrides env = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
                                     {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"}};
};

Job job_for(const FaultCase &c, const std::string &database) {
  Job job;
  const std::string timeout = std::to_string(kStopTimeoutSeconds);
  if (c.launch == Launch::kMpirun) {  // over shared memory, as tests/CMakeLists.txt's mpirun tests
    job.program = PGAS_MPIRUN;
    job.args = {"--oversubscribe", "-np", std::to_string(c.threads), "--mca", "btl", "vader,self"};
    if (c.stops_victim()) job.args.insert(job.args.end(), {"--timeout", timeout});
    if (c.trace)
      job.args.insert(job.args.end(), {"-x", std::string("LD_PRELOAD=") + PGAS_TRACE_LIBRARY, "-x",
                                       "PGAS_TRACE_FILE=" + database});
  } else {
    job.program = launcher_test::kPgasrun;
    job.args = {"-n", std::to_string(c.threads)};
    if (c.launch == Launch::kPgasrunMpi) {
      job.args.insert(job.args.end(), {"--conduit", "mpi"});
      job.env.insert(job.env.end(),
                     {{"PGAS_MPIRUN", PGAS_MPIRUN}, {"PGAS_MPIRUN_FLAGS", "--mca btl vader,self"}});
    }
    if (c.stops_victim()) job.args.insert(job.args.end(), {"--timeout", timeout});
    if (c.trace) job.args.insert(job.args.end(), {"--trace", database});
  }
  job.args.insert(job.args.end(), {FAULT_PROGRAM, c.program_action(), std::to_string(c.victim())});
  return job;
}

// A valid database of every thread's accesses, marked partial: no run of the suite completes normally.
void expect_partial_trace(const std::string &database, int threads) {
  ASSERT_TRUE(fs::exists(database)) << "no trace database " << database;
  auto db = pgas::tracedb::Database::open(database);
  auto check = db.prepare("PRAGMA integrity_check");
  ASSERT_TRUE(check.step());
  EXPECT_EQ(check.text(0), "ok");
  EXPECT_EQ(db.scalar("SELECT complete FROM run"), 0) << "the trace is not marked partial";
  EXPECT_EQ(db.scalar("SELECT count(*) FROM thread"), threads);
  // Every thread made its accesses before the fault (the recorder's tables outlive a killed thread).
  EXPECT_EQ(db.scalar("SELECT count(*) FROM thread WHERE remote_count > 0"), threads);
  EXPECT_FALSE(fs::exists(database + ".raw")) << "the raw files were left after the import";
}

class FaultInjection : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/pgas-faults-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    directory_ = dir;
  }
  // Also after a failed assertion or an exception: nothing the job started may outlive the case.
  void TearDown() override {
    for (const std::string &left : end_leftover_children(2s)) ADD_FAILURE() << "process left: " << left;
    std::error_code ec;
    fs::remove_all(directory_, ec);
  }
  std::string directory_;
};

TEST_F(FaultInjection, JobEndsCleanly) {
  const FaultCase &c = g_case;
  const std::string database = directory_ + "/trace.db";
  const Job job = job_for(c, database);
  launcher_test::Process process(job.program, job.args, job.env);
  const auto spawned = Clock::now();
  // fault_program prints "thread T pid P started" once its remote accesses are made.
  ASSERT_TRUE(process.wait_for_stdout_lines(c.threads, 90s)) << "the job's threads did not all start";
  const auto pids = launcher_test::thread_pids(process.stdout_so_far());
  ASSERT_EQ(pids.size(), static_cast<std::size_t>(c.threads)) << process.stdout_so_far();
  std::set<std::string> shm_entries;
  for (const auto &[thread, pid] : pids) shm_entries.merge(shm_entries_mapped_by(pid));
  if (c.trace && c.launch == Launch::kShm) {
    EXPECT_FALSE(shm_entries.empty()) << "no raw trace file found";
  }

  const auto injected = Clock::now();
  if (auto signo = c.signal_to_victim()) kill(pids.at(c.victim()), *signo);
  if (auto signo = c.signal_to_launcher()) kill(process.pid(), *signo);
  const double bound = kEndBoundSeconds + (c.stops_victim() ? kStopTimeoutSeconds : 0);
  const auto deadline = std::chrono::ceil<std::chrono::seconds>(injected - spawned) +
                        std::chrono::seconds(static_cast<int>(bound));
  launcher_test::RunResult result = process.wait(deadline);
  const double seconds = std::chrono::duration<double>(Clock::now() - injected).count();
  EXPECT_LT(seconds, bound) << "the job took that long to end after the fault";

  const Expectation e = expected(c);
  EXPECT_EQ(result.exit_code, e.exit_code) << "stderr:\n" << result.err;
  EXPECT_TRUE(std::regex_search(result.err, std::regex(e.message)))
      << "stderr:\n"
      << result.err << "\nexpected: " << e.message;
  EXPECT_EQ(result.out.find("completed without thread"), std::string::npos) << result.out;

  for (const std::string &left : end_leftover_children(2s)) ADD_FAILURE() << "process left: " << left;
  for (const std::string &entry : shm_entries) {
    EXPECT_FALSE(fs::exists(entry)) << "left in /dev/shm: " << entry;
    std::error_code ec;
    fs::remove_all(entry, ec);  // reported; not left for the next test
  }

  if (c.trace) {
    if (c.launch == Launch::kMpirun) {  // pgasrun imports the trace itself; under mpirun the user does
      auto import = launcher_test::run_program(PGAS_TRACE_IMPORT, {"--conduit=mpi", database});
      EXPECT_EQ(import.exit_code, 0) << import.err;
    }
    expect_partial_trace(database, c.threads);
  }
}

}  // namespace
}  // namespace faults

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  std::string error;
  auto c = faults::parse_case(argc, argv, &error);
  if (!c) {
    std::fprintf(stderr,
                 "fault_driver: %s\nusage: fault_driver --launch shm|pgasrun-mpi|mpirun --threads N "
                 "--fault F [--trace]\n",
                 error.c_str());
    return 2;
  }
  faults::g_case = *c;
  // The signals sent to the launcher must reach it: a shell may have started this program with SIGINT and
  // SIGQUIT ignored (asynchronous commands), and ignored signals stay ignored across exec.
  for (int signo : {SIGINT, SIGQUIT, SIGTERM, SIGHUP}) std::signal(signo, SIG_DFL);
  faults::become_subreaper();
  return RUN_ALL_TESTS();
}
