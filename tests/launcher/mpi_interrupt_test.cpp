// pgasrun --conduit mpi ended by a signal or by --timeout: mpirun and every rank end, pgasrun waits for
// them and exits like on the shm conduit (128+S, 124), nothing of the job is left (processes, /dev/shm
// files), and a traced job's database is imported, marked partial. Also the threads' own check of a
// segment size when mpirun starts them directly.
#include <sqlite3.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <thread>
#include <tuple>

#include "job_processes.hpp"
#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr int kThreads = 2;
// Generous: mpirun ends its ranks within about a second of SIGTERM, but the machine may be loaded.
constexpr double kEndWithinSeconds = 30;

const EnvOverrides kMpiEnv = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
                              {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"},
                              {"OMPI_MCA_rmaps_base_oversubscribe", "1"}};

// A private directory for a traced job's database, removed afterwards.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    char path[] = "/tmp/launcher_mpi_test-XXXXXX";
    if (mkdtemp(path) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    path_ = path;
  }
  ~ScratchDirectory() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const std::string &path() const { return path_; }

 private:
  std::string path_;
};

// Runs a single-valued query; "" if it fails.
std::string query(sqlite3 *db, const char *sql) {
  sqlite3_stmt *statement = nullptr;
  std::string value;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK &&
      sqlite3_step(statement) == SQLITE_ROW)
    if (const unsigned char *text = sqlite3_column_text(statement, 0))
      value = reinterpret_cast<const char *>(text);
  sqlite3_finalize(statement);
  return value;
}

// The database of an interrupted job: intact, of `threads` threads, every thread's rows, marked partial.
void expect_partial_trace(const std::string &path, int threads) {
  ASSERT_TRUE(fs::exists(path)) << "no trace database at " << path;
  EXPECT_FALSE(fs::exists(path + ".raw")) << "the raw files were not imported";
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  EXPECT_EQ(query(db, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(query(db, "SELECT threads FROM run"), std::to_string(threads));
  EXPECT_EQ(query(db, "SELECT conduit FROM run"), "mpi");
  EXPECT_EQ(query(db, "SELECT complete FROM run"), "0") << "an interrupted job's trace must be partial";
  EXPECT_EQ(query(db, "SELECT count(*) FROM thread"), std::to_string(threads));
  EXPECT_NE(query(db, "SELECT sum(count) FROM access"), "") << "the accesses made before the signal are lost";
  sqlite3_close(db);
}

// pgasrun --conduit mpi running job_program, watched until it ends.
class MpiJob {
 public:
  explicit MpiJob(const std::vector<std::string> &options)
      : pgasrun_(with_program(options), kMpiEnv), processes_(pgasrun_.pid()) {}

  // Waits until every thread has started, looking at the job's processes meanwhile.
  bool wait_until_started() {
    const auto give_up = std::chrono::steady_clock::now() + 90s;
    while (std::chrono::steady_clock::now() < give_up) {
      processes_.look();
      if (pgasrun_.wait_for_stdout_lines(kThreads, 50ms)) {
        processes_.look();
        return true;
      }
    }
    return false;
  }

  // Waits for pgasrun to exit, looking at the job's processes until then.
  RunResult wait_for_exit(std::chrono::seconds deadline) {
    const auto give_up = std::chrono::steady_clock::now() + deadline;
    while (pgasrun_.running() && std::chrono::steady_clock::now() < give_up) {
      processes_.look();
      std::this_thread::sleep_for(50ms);
    }
    RunResult result = pgasrun_.wait(std::chrono::seconds(600));  // the loop above kept the deadline
    for (pid_t rank : probe_pids(result.out))
      EXPECT_EQ(processes_.pids().count(rank), 1u)
          << "rank " << rank << " was not seen among the job's processes";
    return result;
  }

  pid_t pid() const { return pgasrun_.pid(); }
  const JobProcesses &processes() const { return processes_; }

 private:
  static std::vector<std::string> with_program(std::vector<std::string> options) {
    options.insert(options.begin(), {"--conduit", "mpi", "-n", std::to_string(kThreads)});
    options.insert(options.end(), {JOB_PROGRAM, "wait"});
    return options;
  }

  PgasrunProcess pgasrun_;
  JobProcesses processes_;
};

class MpiInterruptTest : public LauncherParamTest<std::tuple<int, bool>> {};

TEST_P(MpiInterruptTest, EndsMpirunAndEveryRank) {
  const auto [signo, traced] = GetParam();
  ScratchDirectory scratch;
  const std::string database = scratch.path() + "/job.db";
  MpiJob job(traced ? std::vector<std::string>{"--trace", database} : std::vector<std::string>{});
  ASSERT_TRUE(job.wait_until_started()) << "the job's threads did not all start";
  EXPECT_GE(job.processes().pids().size(), 1u + 1u + kThreads) << "pgasrun, mpirun and the ranks";

  const auto sent = std::chrono::steady_clock::now();
  kill(job.pid(), signo);
  RunResult r = job.wait_for_exit(60s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();

  EXPECT_EQ(r.exit_code, 128 + signo) << r.err;
  EXPECT_NE(r.err.find(std::string("pgasrun: interrupted by ") + signal_name(signo) + "; ended " +
                       std::to_string(kThreads) + " thread(s)"),
            std::string::npos)
      << r.err;
  EXPECT_LT(seconds, kEndWithinSeconds);
  job.processes().expect_all_gone();
  if (traced) expect_partial_trace(database, kThreads);
}

INSTANTIATE_TEST_SUITE_P(Launcher, MpiInterruptTest,
                         ::testing::Combine(::testing::Values(SIGINT, SIGTERM, SIGHUP, SIGQUIT),
                                            ::testing::Bool()),
                         [](const auto &info) {
                           return std::string(signal_name(std::get<0>(info.param))) +
                                  (std::get<1>(info.param) ? "_traced" : "");
                         });

class MpiTimeoutTest : public LauncherParamTest<bool> {};

TEST_P(MpiTimeoutTest, EndsTheJobWithStatus124) {
  const bool traced = GetParam();
  ScratchDirectory scratch;
  const std::string database = scratch.path() + "/job.db";
  std::vector<std::string> options = {"--timeout", "15"};
  if (traced) options.insert(options.end(), {"--trace", database});
  const auto start = std::chrono::steady_clock::now();
  MpiJob job(options);
  RunResult r = job.wait_for_exit(90s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  EXPECT_EQ(r.exit_code, 124) << r.err;
  EXPECT_NE(
      r.err.find("pgasrun: job exceeded --timeout 15 s; ended " + std::to_string(kThreads) + " thread(s)"),
      std::string::npos)
      << r.err;
  EXPECT_GE(seconds, 15.0);
  EXPECT_LT(seconds, 15.0 + kEndWithinSeconds);
  job.processes().expect_all_gone();
  // A job that started within the timeout (any machine not overloaded) leaves an interrupted job's trace.
  if (traced && probe_pids(r.out).size() == kThreads) expect_partial_trace(database, kThreads);
}

INSTANTIATE_TEST_SUITE_P(Launcher, MpiTimeoutTest, ::testing::Bool(),
                         [](const auto &info) { return std::string(info.param ? "traced" : "untraced"); });

class MpirunKilledTest : public LauncherParamTest<bool> {};

// SIGKILL leaves mpirun no time to end its ranks: pgasrun adopts them, ends them, and says so. (Nor can
// mpirun remove the ranks' shared memory then; pgasrun does not guess which files were theirs.)
TEST_P(MpirunKilledTest, PgasrunEndsTheRanksItLeft) {
  const bool traced = GetParam();
  ScratchDirectory scratch;
  const std::string database = scratch.path() + "/job.db";
  MpiJob job(traced ? std::vector<std::string>{"--trace", database} : std::vector<std::string>{});
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
  if (traced) expect_partial_trace(database, kThreads);
}

INSTANTIATE_TEST_SUITE_P(Launcher, MpirunKilledTest, ::testing::Bool(),
                         [](const auto &info) { return std::string(info.param ? "traced" : "untraced"); });

// mpirun started directly (no pgasrun): every rank checks PGAS_SEGMENT_SIZE against the job's size with
// the rule pgasrun applies, and says why it stops.
TEST_F(LauncherTest, MpiThreadsRefuseSegmentsTooLargeForTheJob) {
  RunResult r = run_program(
      MPIRUN, {"--oversubscribe", "-np", "2", "-x", "PGAS_SEGMENT_SIZE=20000GiB", JOB_PROGRAM, "exit"},
      kMpiEnv);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("error: PGAS_SEGMENT_SIZE: 20000GiB is too large for 2 threads"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace launcher_test
